#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
async function scanKeys(redis, pattern) {
  let keys = [],
    cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1e3);
    (cursor = next), keys.push(...found);
  } while (cursor !== "0");
  return keys;
}
export { scanKeys };
//# sourceMappingURL=chunk-BYGTTWWW.js.map
