#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { configuredSkills } from "./chunk-DONF23S6.js";
import "./chunk-6UURLZRQ.js";
import "./chunk-6ZCBQGU4.js";
import "./chunk-U372KKDR.js";
import "./chunk-44BU4H6W.js";
import "./chunk-2C6HCPTY.js";
import "./chunk-GZ7VATWC.js";
export { configuredSkills };
//# sourceMappingURL=configured-skills-4N2JK2XR.js.map
