#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { LogRing, levelNumber, parseLine } from "./chunk-CLSIRMIT.js";
import "./chunk-GZ7VATWC.js";
export { LogRing, levelNumber, parseLine };
//# sourceMappingURL=log-ring-6YJQHPVX.js.map
