#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { resolveModel } from "./chunk-M4L3VU3S.js";
import "./chunk-GZ7VATWC.js";
export { resolveModel };
//# sourceMappingURL=model-ref-K642Y4EA.js.map
