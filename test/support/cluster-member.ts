import type { Redis } from "ioredis";
import { clusterTiming } from "../../src/bus/cluster-timing.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisLeases } from "../../src/bus/redis-lease.js";
import { RedisMembership } from "../../src/bus/redis-membership.js";
import { silentLogger } from "../../src/log.js";

/** One process's membership of a test cluster: its beats, its leases, its connections. */
export interface TestMember {
  readonly membership: RedisMembership;
  readonly leases: RedisLeases;
  /** Its membership connection (the one its leases use). */
  readonly redis: Redis;
  /** Leaves (releasing nothing itself: release leases first) and closes its connections. */
  close(): Promise<void>;
  /** Stops beating and drops its connections without a word, as a SIGKILL would. */
  kill(): void;
}

/** A member named `member` of the cluster under `prefix` on the Redis at `url`, beating from now on. */
export async function startTestMember(
  url: string,
  member: string,
  { takeoverAfterMs, prefix }: { takeoverAfterMs: number; prefix: string },
): Promise<TestMember> {
  const [redis, subscriber] = await Promise.all([connectRedis({ url }), connectRedis({ url })]);
  const membership = new RedisMembership({
    redis,
    subscriber,
    member,
    timing: clusterTiming(takeoverAfterMs),
    prefix,
    log: silentLogger(),
  });
  membership.start();
  await membership.untilActing();
  const leases = new RedisLeases({ redis, membership, prefix });
  let closed = false;
  const kill = () => {
    closed = true;
    membership.stop();
    redis.disconnect();
    subscriber.disconnect();
  };
  return {
    membership,
    leases,
    redis,
    kill,
    async close() {
      if (closed) return;
      await membership.leave().catch(() => undefined);
      kill();
    },
  };
}
