#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import "./chunk-GZ7VATWC.js";
function redisWebUploads(cluster) {
  const keyOf = (ref) => `${cluster.prefix}web-upload:${ref}`;
  return {
    async put(ref, data) {
      await cluster.redis.set(keyOf(ref), Buffer.from(data.buffer, data.byteOffset, data.byteLength), "PX", 864e5);
    },
    async get(ref) {
      return (await cluster.redis.getBuffer(keyOf(ref))) ?? void 0;
    },
  };
}
export { redisWebUploads };
//# sourceMappingURL=redis-web-uploads-ONAX4RMQ.js.map
