import type { Redis } from "ioredis";
import type { HeldLease, RedisLeases } from "./redis-lease.js";

/** The partition of a chat: FNV-1a of its session key, modulo the partition count. */
export function partitionOf(sessionKey: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < sessionKey.length; index++) {
    hash ^= sessionKey.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

export interface PartitionOwnershipOptions {
  redis: Redis;
  leases: RedisLeases;
  /** This process, as a cluster member. */
  holder: string;
  partitions: number;
  /** A member not seen for this long is gone (the lease time). */
  ttlMs: number;
  prefix: string;
  /** Whether a held partition still has entries in this process's hands (it is not given up then). */
  busy: (partition: number) => boolean;
}

/** What one round of {@link PartitionOwnership.maintain} changed. */
export interface OwnershipChange {
  /** Newly taken partitions, whose earlier holder's pending entries are now to be claimed. */
  gained: number[];
  /** Partitions given up or lost (a lapsed lease). */
  lost: number[];
}

/**
 * Which partitions of the inbound stream this process handles. Every member heartbeats
 * into a sorted set; each aims at its share (partitions / live members, rounded up),
 * takes free partitions up to it, and gives up idle partitions beyond it, so the chats
 * spread over all processes and move to the survivors when one dies.
 */
export class PartitionOwnership {
  readonly #options: PartitionOwnershipOptions;
  readonly #held = new Map<number, HeldLease>();
  #members = 0;

  constructor(options: PartitionOwnershipOptions) {
    this.#options = options;
  }

  /** The partitions held now, with their leases. */
  get held(): ReadonlyMap<number, HeldLease> {
    return this.#held;
  }

  /** Live members of the cluster at the last round (this one included). */
  get members(): number {
    return this.#members;
  }

  /** Heartbeats, renews the held leases, and takes or gives up partitions towards this member's share. */
  async maintain(now: number): Promise<OwnershipChange> {
    const { redis, leases, holder, partitions, ttlMs, prefix } = this.#options;
    const members = `${prefix}members`;
    const [, , count] = ((await redis
      .multi()
      .zadd(members, now, holder)
      .zremrangebyscore(members, "-inf", now - ttlMs)
      .zcard(members)
      .exec()) ?? []) as [unknown, unknown, [Error | null, number] | undefined];
    this.#members = Math.max(1, count?.[1] ?? 1);
    const share = Math.ceil(partitions / this.#members);

    const lost: number[] = [];
    for (const [partition, lease] of this.#held) {
      if (!(await leases.renew(lease))) {
        this.#held.delete(partition);
        lost.push(partition);
      }
    }
    const gained: number[] = [];
    if (this.#held.size < share) {
      for (const partition of shuffled(partitions)) {
        if (this.#held.size >= share) break;
        if (this.#held.has(partition)) continue;
        const lease = await leases.acquire(`partition:${partition}`);
        if (!lease) continue;
        this.#held.set(partition, lease);
        gained.push(partition);
      }
    } else {
      for (const [partition, lease] of this.#held) {
        if (this.#held.size <= share) break;
        if (this.#options.busy(partition)) continue;
        await leases.release(lease);
        this.#held.delete(partition);
        lost.push(partition);
      }
    }
    return { gained, lost };
  }

  /** Gives every partition up and leaves the member set (on close). */
  async leave(): Promise<void> {
    const { redis, leases, holder, prefix } = this.#options;
    for (const lease of this.#held.values()) await leases.release(lease);
    this.#held.clear();
    await redis.zrem(`${prefix}members`, holder);
  }
}

function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}
