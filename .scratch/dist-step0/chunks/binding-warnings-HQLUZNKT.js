#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { bindingWarnings, describeMatch } from "./chunk-6DZOSGLV.js";
import "./chunk-F3J2KTDO.js";
import "./chunk-VQXR7EMG.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export { bindingWarnings, describeMatch };
//# sourceMappingURL=binding-warnings-HQLUZNKT.js.map
