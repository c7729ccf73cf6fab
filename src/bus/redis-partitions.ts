import { performance } from "node:perf_hooks";
import type { HeldLease, RedisLeases } from "./redis-lease.js";
import type { MembershipRound } from "./redis-membership.js";

/**
 * Partitions of the inbound stream. 60 divides evenly by 1, 2, 3, 4, 5 and 6 processes, so each
 * member of a cluster of up to six holds exactly as many partitions as every other.
 */
export const defaultPartitions = 60;

export interface PartitionOwnershipOptions {
  leases: RedisLeases;
  partitions: number;
  /** Whether a held partition still has entries in this process's hands (it is not given up then). */
  busy: (partition: number) => boolean;
}

/** What one {@link PartitionOwnership.adjust} changed. */
export interface OwnershipChange {
  /** Newly taken partitions, whose earlier holder's pending entries are now to be claimed. */
  gained: number[];
  /** Partitions given up, or lost to another holder. */
  lost: number[];
}

/**
 * Which partitions of the inbound stream this process handles. After every members' round each
 * member aims at its share (partitions / live members, rounded up): it takes free partitions
 * and those of members that are gone up to it, and gives idle partitions beyond it up (at once:
 * the release is announced, and the member that takes it looks at once). So the partitions
 * spread evenly over the processes, move to the survivors when one dies, and to a newcomer or
 * away from one that leaves within a round trip or two.
 */
export class PartitionOwnership {
  readonly #options: PartitionOwnershipOptions;
  readonly #held = new Map<number, HeldLease & { since: number }>();

  constructor(options: PartitionOwnershipOptions) {
    this.#options = options;
  }

  /** The partitions held now, with their leases. */
  get held(): ReadonlyMap<number, HeldLease> {
    return this.#held;
  }

  /** Takes or gives up partitions towards this member's share, from what `round` showed. */
  async adjust(round: MembershipRound): Promise<OwnershipChange> {
    const { leases, partitions } = this.#options;
    const { membership } = leases;
    const lost: number[] = [];
    for (const [partition, lease] of this.#held) {
      // A round sent before the lease was taken still shows the earlier holder.
      if (round.sentAt < lease.since) continue;
      if (round.leases.get(`partition:${partition}`)?.token === lease.token) continue;
      this.#held.delete(partition);
      lost.push(partition);
    }
    const gained: number[] = [];
    const share = membership.isMember(membership.member) ? Math.ceil(partitions / membership.liveMembers) : 0;
    if (this.#held.size < share && membership.acting) {
      // In one round trip: a takeover must not wait for dozens of them on a busy process.
      const candidates = shuffled(partitions).filter(
        (partition) => !this.#held.has(partition) && leases.mayTake(`partition:${partition}`),
      );
      const taken = await leases.acquireMany(
        candidates.map((partition) => `partition:${partition}`),
        share - this.#held.size,
      );
      const since = performance.now();
      for (const lease of taken) {
        const partition = Number(lease.name.slice("partition:".length));
        this.#held.set(partition, { ...lease, since });
        gained.push(partition);
      }
    } else if (this.#held.size > share) {
      for (const partition of [...this.#held.keys()]) {
        if (this.#held.size <= share) break;
        if (this.#options.busy(partition)) continue;
        await this.release(partition);
        lost.push(partition);
      }
    }
    return { gained, lost };
  }

  /** Gives partition `partition` up at once (announced, so another member takes it without waiting). */
  async release(partition: number): Promise<void> {
    const lease = this.#held.get(partition);
    if (!lease) return;
    this.#held.delete(partition);
    await this.#options.leases.release(lease);
  }

  /** Gives every partition up (on close). */
  async releaseAll(): Promise<void> {
    for (const partition of [...this.#held.keys()]) await this.release(partition);
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
