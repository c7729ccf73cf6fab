#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { MAX_SKILL_READ_BYTES, markLoaded, skillHeader, skillTool } from "./chunk-6VJOCEJJ.js";
import "./chunk-6FK2TDNU.js";
import "./chunk-GZ7VATWC.js";
export { MAX_SKILL_READ_BYTES, markLoaded, skillHeader, skillTool };
//# sourceMappingURL=skill-tool-VIW3W4YK.js.map
