#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { configWarnings } from "./chunk-VE75MB6W.js";
import "./chunk-M4L3VU3S.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export { configWarnings };
//# sourceMappingURL=config-warnings-UJGHKPVB.js.map
