import type { Redis } from "ioredis";
import type { LeaseHolder, RedisLeases } from "./redis-lease.js";

/** What every member of a cluster can see of all of it, read from Redis. */
export interface ClusterView {
  /** When it was read (epoch ms). */
  readAt: number;
  /** Live members and their last heartbeat (epoch ms), latest first. */
  members: Array<{ name: string; heartbeatAt: number }>;
  /** Every lease held: the partitions, `connection:*` (single-consumer connections) and `scheduler`. */
  leases: LeaseHolder[];
  /** Messages recorded and not complete (entries left in the partitions' streams). */
  unfinished: number;
  /** Of those, the ones handed to a member and not acknowledged yet (XPENDING), in total and per member. */
  pending: { total: number; byMember: Record<string, number> };
}

export interface ReadClusterViewOptions {
  redis: Redis;
  leases: RedisLeases;
  prefix: string;
  /** The partitions' streams. */
  streams: string[];
  /** Their consumer group. */
  group: string;
}

/** Reads the members (their heartbeats), the leases and the pending counts of every partition in one round trip. */
export async function readClusterView({
  redis,
  leases,
  prefix,
  streams,
  group,
}: ReadClusterViewOptions): Promise<ClusterView> {
  const looks = redis.pipeline().zrange(`${prefix}members`, 0, -1, "WITHSCORES");
  for (const stream of streams) looks.xlen(stream).xpending(stream, group);
  const [answers, held] = await Promise.all([looks.exec(), leases.held()]);
  const [heartbeats, ...perStream] = (answers ?? []).map(([error, value]) => (error ? undefined : value));
  const members: ClusterView["members"] = [];
  const beats = (heartbeats as string[] | undefined) ?? [];
  for (let index = 0; index < beats.length; index += 2)
    members.push({ name: beats[index]!, heartbeatAt: Number(beats[index + 1]) });
  members.sort((a, b) => b.heartbeatAt - a.heartbeatAt);
  let unfinished = 0;
  const pending: ClusterView["pending"] = { total: 0, byMember: {} };
  for (let index = 0; index < perStream.length; index += 2) {
    unfinished += Number(perStream[index] ?? 0);
    const summary = perStream[index + 1] as [number, unknown, unknown, [string, string][] | null] | undefined;
    pending.total += Number(summary?.[0] ?? 0);
    for (const [member, count] of summary?.[3] ?? [])
      pending.byMember[member] = (pending.byMember[member] ?? 0) + Number(count);
  }
  return { readAt: Date.now(), members, leases: held, unfinished, pending };
}

/** What `/status` and `/readyz` show of a clustered daemon. */
export interface ClusterStatus {
  /** This process's name in the cluster. */
  member: string;
  /** Whether the connection to Redis is up (a daemon without it is not ready: it cannot record). */
  redis: "connected" | "unreachable";
  /** Live members at the last heartbeat, this one included. */
  members: number;
  /** The partitions of the chats this process handles. */
  partitions: number[];
  /** Messages handed to the agent and not complete yet. */
  inHand: number;
  /** The whole cluster as Redis showed it at the last look (every few seconds; absent before the first). */
  view?: ClusterView;
}

/**
 * The {@link ClusterView} of status, read when status is asked for and the last read is older
 * than a second (a daemon nobody looks at reads nothing); a failed read keeps the last view.
 */
export class ClusterViewWatch {
  readonly #read: () => Promise<ClusterView>;
  #reading: Promise<void> | undefined;
  #askedAt = 0;
  /** The last view read (absent before the first). */
  current: ClusterView | undefined;

  constructor(read: () => Promise<ClusterView>) {
    this.#read = read;
  }

  /** The last view, after starting a new read when the last one is older than `maxAgeMs`. */
  look(maxAgeMs = 1_000): ClusterView | undefined {
    if (!this.#reading && Date.now() - this.#askedAt >= maxAgeMs) {
      this.#askedAt = Date.now();
      this.#reading = this.#read().then(
        (view) => {
          this.current = view;
        },
        () => undefined,
      );
      void this.#reading.finally(() => {
        this.#reading = undefined;
      });
    }
    return this.current;
  }
}
