#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import {
  agentKeyPrefix,
  agentOfSessionKey,
  agentSessionKey,
  MAIN_AGENT,
  sessionKeyWithoutAgent,
} from "./chunk-6GFJEBQS.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-GZ7VATWC.js";
export { agentKeyPrefix, agentOfSessionKey, agentSessionKey, MAIN_AGENT, sessionKeyWithoutAgent };
//# sourceMappingURL=agent-runtime-BF2BWBY4.js.map
