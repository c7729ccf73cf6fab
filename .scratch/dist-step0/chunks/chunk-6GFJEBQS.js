#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { sessionKeyOf } from "./chunk-XSPF2MYQ.js";
var MAIN_AGENT = "main";
function agentSessionKey(agent, message) {
  const key = sessionKeyOf(message);
  return agent === MAIN_AGENT ? key : `${agentKeyPrefix(agent)}${key}`;
}
function agentKeyPrefix(agent) {
  return agent === MAIN_AGENT ? "" : `agent:${agent}:`;
}
function agentOfSessionKey(key) {
  return /^agent:([^:]+):/.exec(key)?.[1] ?? MAIN_AGENT;
}
function sessionKeyWithoutAgent(key) {
  return key.slice(agentKeyPrefix(agentOfSessionKey(key)).length);
}
export { agentKeyPrefix, agentOfSessionKey, agentSessionKey, MAIN_AGENT, sessionKeyWithoutAgent };
//# sourceMappingURL=chunk-6GFJEBQS.js.map
