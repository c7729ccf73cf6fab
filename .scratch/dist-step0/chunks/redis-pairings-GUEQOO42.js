#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { RedisPairings, RedisReplyLimit } from "./chunk-PQUQXNJA.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
export { RedisPairings, RedisReplyLimit };
//# sourceMappingURL=redis-pairings-GUEQOO42.js.map
