import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import type { PairingStore } from "../access/pairing-store.js";
import { readyWithin } from "../bus/redis-connection.js";
import type { Cluster } from "./open-cluster.js";
import { RedisApprovals } from "./redis-approvals.js";
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
  /** Pending tool approvals and "for this conversation" grants (closed by the approval broker). */
  approvals: RedisApprovals;
}

/**
 * The shared access stores on the cluster's state connection, and the subscription through
 * which approval decisions made in other processes arrive; `now` is the daemon's clock (usage days).
 */
export async function clusterAccess(
  cluster: Pick<Cluster, "redis" | "prefix" | "journal" | "startWaitMs">,
  now?: () => number,
): Promise<ClusterAccess> {
  const { redis, prefix } = cluster;
  const subscriber = redis.duplicate();
  // Errors are reported through the commands that fail; the connection retries by itself.
  subscriber.on("error", () => undefined);
  const approvals = new RedisApprovals({ redis, subscriber, prefix, member: cluster.journal.holder });
  // Redis down: the channel subscribes once Redis is back.
  if (await readyWithin(subscriber, cluster.startWaitMs)) await approvals.subscribed().catch(() => undefined);
  return {
    pairings: new RedisPairings({ redis, prefix }),
    pairingReplies: new RedisReplyLimit({ redis, prefix }),
    usage: new RedisUsage({ redis, prefix, ...(now ? { now } : {}) }),
    approvals,
  };
}
