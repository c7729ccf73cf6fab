#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { createLogger, silentLogger } from "./chunk-K3B23OA7.js";
import "./chunk-KZUCDV6L.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export { createLogger, silentLogger };
//# sourceMappingURL=log-OCSMXS2Z.js.map
