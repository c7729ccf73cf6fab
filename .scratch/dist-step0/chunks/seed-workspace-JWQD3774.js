#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { seedWorkspace } from "./chunk-442XO4CZ.js";
import "./chunk-LYAQOSF4.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export { seedWorkspace };
//# sourceMappingURL=seed-workspace-JWQD3774.js.map
