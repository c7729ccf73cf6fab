import { redisTargetOf } from "../bus/redis-target.js";
import type { LoadedConfig } from "../config/load.js";
import { JobFiles, type JobStore, jobsFile } from "../scheduler/job-store.js";

/**
 * Runs `work` on the jobs of this configuration: in Redis when `bus.redis_url` or `bus.sentinel` is set
 * (cluster mode: the same jobs from any machine), else `$SKEIN_HOME/schedule/jobs.json`.
 */
export async function withJobStore<T>(
  { config, home }: LoadedConfig,
  work: (store: JobStore) => Promise<T>,
): Promise<T> {
  const target = redisTargetOf(config.bus);
  if (!target) return work(new JobFiles(jobsFile(home)));
  const [{ withClusterRedis }, { RedisJobs }] = await Promise.all([
    import("../cluster/cluster-command.js"),
    import("../cluster/redis-jobs.js"),
  ]);
  return withClusterRedis(target, (redis, prefix) => work(new RedisJobs({ redis, prefix })));
}
