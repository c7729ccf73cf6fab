import type { Redis } from "ioredis";
import { connectRedis, describeTarget, type RedisTarget } from "../bus/redis-connection.js";
import { clusterKeyPrefix } from "./open-cluster.js";

/**
 * Runs an operator command's work on the cluster's shared state (`skein pairing`, `skein
 * usage` in cluster mode): connects, hands `work` the connection and the key
 * prefix, and closes the connection whatever happens. Works from any machine that reaches Redis.
 */
export async function withClusterRedis<T>(
  target: RedisTarget,
  work: (redis: Redis, prefix: string) => Promise<T>,
): Promise<T> {
  let redis: Redis;
  try {
    redis = await connectRedis(target, AbortSignal.timeout(10_000));
  } catch (error) {
    throw new Error(`cannot reach Redis at ${describeTarget(target)}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return await work(redis, clusterKeyPrefix);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
