#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { JobFiles, jobsFile } from "./chunk-DBSFFG4C.js";
async function withJobStore({ config, home }, work) {
  const { redis_url: url, redis_password: password } = config.bus;
  if (!url) return work(new JobFiles(jobsFile(home)));
  const [{ withClusterRedis }, { RedisJobs }] = await Promise.all([
    import("./cluster-command-E57OS7UY.js"),
    import("./redis-jobs-BDSMAJ3U.js"),
  ]);
  return withClusterRedis({ url, ...(password ? { password } : {}) }, (redis, prefix) =>
    work(new RedisJobs({ redis, prefix })),
  );
}
export { withJobStore };
//# sourceMappingURL=chunk-LHWVAIK3.js.map
