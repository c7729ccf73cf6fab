#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { ToolRegistry } from "./chunk-ZVZ6TUSW.js";
import "./chunk-6FK2TDNU.js";
import "./chunk-TLEM5GPM.js";
import "./chunk-GZ7VATWC.js";
export { ToolRegistry };
//# sourceMappingURL=registry-MZ4RRH4R.js.map
