import type { Redis } from "ioredis";
import { connectRedis, type RedisTarget } from "../bus/redis-connection.js";
import { clusterKeyPrefix } from "./open-cluster.js";

/**
 * Runs an operator command's work on the cluster's shared state (`skein pairing`, `skein
 * usage` with `bus.redis_url` set): connects, hands `work` the connection and the key
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
    throw new Error(`cannot reach Redis at bus.redis_url (${(error as Error).message})`, { cause: error });
  }
  try {
    return await work(redis, clusterKeyPrefix);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
