#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { defaultAgentId, resolveAgents } from "./chunk-VQXR7EMG.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
export { defaultAgentId, resolveAgents };
//# sourceMappingURL=agent-spec-CLZTE6HL.js.map
