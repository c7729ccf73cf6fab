import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { Cluster } from "./open-cluster.js";
import { RedisPairings, RedisReplyLimit } from "./redis-pairings.js";
import { RedisUsage } from "./redis-usage.js";

/** The access state a clustered daemon shares with every other process, in Redis. */
export interface ClusterAccess {
  /** Pairing codes and approved senders. */
  pairings: PairingStore;
  /** One pairing reply per sender and interval, whichever process they write to. */
  pairingReplies: PairingReplyLimit;
  /** Usage records and the day totals the budgets measure, added to by every process. */
  usage: RedisUsage;
}

/** The shared access stores on the cluster's state connection; `now` is the daemon's clock (usage days). */
export function clusterAccess(cluster: Pick<Cluster, "redis" | "prefix">, now?: () => number): ClusterAccess {
  const { redis, prefix } = cluster;
  return {
    pairings: new RedisPairings({ redis, prefix }),
    pairingReplies: new RedisReplyLimit({ redis, prefix }),
    usage: new RedisUsage({ redis, prefix, ...(now ? { now } : {}) }),
  };
}
