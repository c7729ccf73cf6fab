#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { clusterKeyPrefix } from "./chunk-KZTME5QC.js";
import "./chunk-VKI4GXCI.js";
import "./chunk-KSKPHG5U.js";
import "./chunk-MNLODEE5.js";
import "./chunk-ZHRPOCJR.js";
import { connectRedis } from "./chunk-RPHP7PVW.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
async function withClusterRedis(target, work) {
  let redis;
  try {
    redis = await connectRedis(target, AbortSignal.timeout(1e4));
  } catch (error) {
    throw new Error(`cannot reach Redis at bus.redis_url (${error.message})`, { cause: error });
  }
  try {
    return await work(redis, clusterKeyPrefix);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
export { withClusterRedis };
//# sourceMappingURL=cluster-command-E57OS7UY.js.map
