#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { __commonJS, __require } from "./chunk-GZ7VATWC.js";
var require_node_http = __commonJS({
  "http-cjs:node:http"(exports, module) {
    module.exports = __require("node:http");
  },
});
export { require_node_http };
//# sourceMappingURL=chunk-QK2XCNBO.js.map
