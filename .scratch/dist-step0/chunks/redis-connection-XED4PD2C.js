#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import {
  connectRedis,
  isTransient,
  pause,
  readyWithin,
  reconnectDelay,
  redisClient,
  serverVersion,
  untilReachable,
  versionAtLeast,
} from "./chunk-RPHP7PVW.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
export {
  connectRedis,
  isTransient,
  pause,
  readyWithin,
  reconnectDelay,
  redisClient,
  serverVersion,
  untilReachable,
  versionAtLeast,
};
//# sourceMappingURL=redis-connection-XED4PD2C.js.map
