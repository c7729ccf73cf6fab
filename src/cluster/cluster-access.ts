import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { Cluster } from "./open-cluster.js";
import { RedisPairings, RedisReplyLimit } from "./redis-pairings.js";

/** The access state a clustered daemon shares with every other process, in Redis. */
export interface ClusterAccess {
  /** Pairing codes and approved senders. */
  pairings: PairingStore;
  /** One pairing reply per sender and interval, whichever process they write to. */
  pairingReplies: PairingReplyLimit;
}

/** The shared access stores on the cluster's state connection. */
export function clusterAccess(cluster: Pick<Cluster, "redis" | "prefix">): ClusterAccess {
  const { redis, prefix } = cluster;
  return { pairings: new RedisPairings({ redis, prefix }), pairingReplies: new RedisReplyLimit({ redis, prefix }) };
}
