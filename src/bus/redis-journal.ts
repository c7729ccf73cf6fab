import { hostname } from "node:os";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { ClaimsAgain } from "./claims-again.js";
import { clusterTiming } from "./cluster-timing.js";
import type { JournalEntry, MessageJournal, RecordResult, TurnProgress } from "./journal.js";
import type { InboundMessage } from "./messages.js";
import { sessionKeyOf } from "./messages.js";
import { type ClusterStatus, type ClusterView, ClusterViewWatch, readClusterView } from "./redis-cluster-view.js";
import { pause, readyWithin, reconnectDelay } from "./redis-connection.js";
import {
  type FencedWrite,
  fencedEntry,
  fencedWrites,
  consumerGroup as group,
  type RedisJournalKeys,
  readProgress,
  redisJournalKeys,
} from "./redis-journal-entry.js";
import { PartitionReader, type StreamEntry } from "./redis-journal-reader.js";
import { leaseLostError, recordScript } from "./redis-journal-scripts.js";
import { RedisLeases } from "./redis-lease.js";
import { type MembershipRound, RedisMembership } from "./redis-membership.js";
import { defaultPartitions, PartitionOwnership } from "./redis-partitions.js";
import { replicatedEval } from "./redis-replication.js";

export interface RedisJournalOptions {
  /** Commands (records and progress, each with its `WAIT` for a replica, which holds the connection meanwhile). */
  redis: Redis;
  /** Blocking reads (XREADGROUP BLOCK holds its connection); commands not answered are not sent again on reconnection. */
  reader: Redis;
  /** The members' beats and the leases (never behind a write's `WAIT`). */
  membership: Redis;
  /** Hears the cluster's announcements (a subscribed connection takes no other command). */
  subscriber: Redis;
  log: Logger;
  /** This process in the cluster (default `hostname:pid:random`): its consumer name and lease holder. */
  holder?: string;
  /** How long a completed message id is remembered for de-duplication (see `retentionOf`). */
  retentionMs: number;
  /** `bus.takeover_after` in milliseconds (see `cluster-timing.ts`). */
  takeoverAfterMs: number;
  /** Partitions of the inbound stream; every member of a cluster must agree (default 60). */
  partitions?: number;
  /** Key prefix (default `skein:`). */
  prefix?: string;
}

/**
 * The cluster journal: every inbound message is a Redis Stream entry in the partition its chat was given (balanced
 * by count at the chat's first message, see `redis-journal-scripts.ts`). `record` sets the message's dedup key and
 * adds it to its partition's stream in one script; a process consumes (XREADGROUP) only the partitions whose lease
 * it holds, so one chat is handled by one process at a time and in order; progress lives in a hash per message;
 * `complete` acknowledges (XACK) and deletes the entry. The members' round ({@link RedisMembership}) decides which
 * partitions this process holds; a partition taken over has its pending entries claimed (XAUTOCLAIM) and handed out
 * again with their progress, and claimed once more later (`claims-again.ts`). While Redis is unreachable, `record`
 * rejects (the platform redelivers) and consuming retries with backoff. `drain` (a graceful stop) hands every
 * partition over as soon as nothing of it is in hand.
 */
export class RedisJournal implements MessageJournal {
  readonly #redis: Redis;
  readonly #reader: Redis;
  readonly #log: Logger;
  readonly #holder: string;
  readonly #retentionMs: number;
  readonly #partitions: number;
  readonly #prefix: string;
  readonly #keys: RedisJournalKeys;
  readonly #membershipRedis: Redis;
  readonly #subscriber: Redis;
  /** This process among the members of the cluster. */
  readonly membership: RedisMembership;
  /** Leases held under this member's name (partitions here; receiving connections and the scheduler elsewhere). */
  readonly leases: RedisLeases;
  readonly #ownership: PartitionOwnership;
  /** Stream ids handed out and not complete, per partition. */
  readonly #inFlight = new Map<number, Set<string>>();
  /** Entries read while no consumer was subscribed: handed out at the next `consume`. */
  #waiting: JournalEntry[] = [];
  #consumer: ((entry: JournalEntry) => void) | undefined;
  #consuming = false;
  #joinAfter: Promise<unknown> = Promise.resolve();
  #loop: Promise<void> | undefined;
  /** Partitions taken over whose earlier holder's pending entries are not claimed yet. */
  readonly #unclaimed = new Set<number>();
  /** Held partitions whose pending entries are claimed: only these are read (a chat's order holds). */
  readonly #claimed = new Set<number>();
  /** The consumer groups exist (created at open, or once Redis answers). */
  #groupsCreated = false;
  readonly #stopping = new AbortController();
  readonly #claimsAgain = new ClaimsAgain(this.#stopping.signal, (partition) => {
    if (!this.#ownership.held.has(partition) || !this.#claimed.delete(partition)) return;
    this.#unclaimed.add(partition);
    this.#reading.interrupt();
  });
  /** Set once draining: no new entry is read, and partitions are given up as they fall idle. */
  #draining = false;
  #drained: (() => void) | undefined;
  /** The whole cluster as status shows it, read when status is asked for. */
  readonly #view = new ClusterViewWatch(() => this.readView());
  readonly #reading: PartitionReader;
  readonly #write: FencedWrite;

  constructor(options: RedisJournalOptions) {
    this.#redis = options.redis;
    this.#reader = options.reader;
    this.#log = options.log;
    this.#holder = options.holder ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.#retentionMs = options.retentionMs;
    this.#partitions = options.partitions ?? defaultPartitions;
    this.#prefix = options.prefix ?? "skein:";
    this.#keys = redisJournalKeys(this.#prefix);
    this.#membershipRedis = options.membership;
    this.#subscriber = options.subscriber;
    this.membership = new RedisMembership({
      redis: options.membership,
      subscriber: options.subscriber,
      member: this.#holder,
      timing: clusterTiming(options.takeoverAfterMs),
      prefix: this.#prefix,
      log: options.log,
    });
    this.leases = new RedisLeases({ redis: options.membership, membership: this.membership, prefix: this.#prefix });
    this.#ownership = new PartitionOwnership({
      leases: this.leases,
      partitions: this.#partitions,
      busy: (partition) => (this.#inFlight.get(partition)?.size ?? 0) > 0,
    });
    this.membership.onRound((round) => this.#adjust(round));
    this.#write = fencedWrites({
      redis: options.redis,
      membership: this.membership,
      signal: this.#stopping.signal,
      log: options.log,
    });
    this.#reading = new PartitionReader({
      redis: options.redis,
      reader: options.reader,
      unblocker: options.membership,
      keys: this.#keys,
      consumer: this.#holder,
      signal: this.#stopping.signal,
      handOut: (partition, entries, resumed) => this.#handOut(partition, entries, resumed),
    });
  }

  /** This process's name in the cluster. */
  get holder(): string {
    return this.#holder;
  }

  /** The partitions this process handles now. */
  get ownedPartitions(): number[] {
    return [...this.#ownership.held.keys()].sort((a, b) => a - b);
  }

  /** A snapshot for `/status` and `/readyz`. */
  status(): ClusterStatus {
    const view = this.#view.look();
    let inHand = 0;
    for (const ids of this.#inFlight.values()) inHand += ids.size;
    return {
      member: this.#holder,
      redis: this.#redis.status === "ready" ? "connected" : "unreachable",
      members: this.membership.liveMembers,
      partitions: this.ownedPartitions,
      inHand,
      ...(view ? { view } : {}),
    };
  }

  /** Reads the whole cluster's members, leases and pending counts from Redis (see {@link ClusterView}). */
  readView(): Promise<ClusterView> {
    const streams = Array.from({ length: this.#partitions }, (_, partition) => this.#keys.stream(partition));
    return readClusterView({ redis: this.#redis, leases: this.leases, prefix: this.#prefix, streams, group });
  }

  async record(message: InboundMessage, signal?: AbortSignal): Promise<RecordResult> {
    signal?.throwIfAborted();
    if (this.#stopping.signal.aborted) throw new Error("the journal is closed");
    const { seen, chatPartition, partitionChats, beats } = this.#keys;
    const [recorded, state] = (await replicatedEval(
      this.#redis,
      this.membership.healthyReplicas,
      recordScript,
      [seen(message.id), chatPartition(sessionKeyOf(message)), partitionChats, beats],
      [this.#retentionMs, JSON.stringify(message), this.#prefix, this.#partitions, this.#retentionMs],
    )) as [number, string];
    if (recorded === 1) return { type: "recorded" };
    return { type: "duplicate", state: state as TurnProgress["type"] | "complete" };
  }

  /**
   * Joins the cluster (begins beating, so that the others count this process and it takes its
   * share of the partitions) only once `ready` settles, after `consume`: a process that starts does
   * not take chats before it can answer them (its channels and tools ready), nor make the others
   * give theirs up for it. Without it, a consuming journal joins at once.
   */
  joinAfter(ready: Promise<unknown>): void {
    this.#joinAfter = ready.then(
      () => undefined,
      () => undefined,
    );
  }

  consume(consumer: (entry: JournalEntry) => void): () => void {
    this.#consumer = consumer;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const entry of waiting) consumer(entry);
    this.#consuming = true;
    void this.#joinAfter.then(() => {
      if (this.#stopping.signal.aborted) return;
      this.membership.start();
      this.membership.nudge();
    });
    this.#loop ??= this.#run();
    return () => {
      if (this.#consumer === consumer) this.#consumer = undefined;
    };
  }

  /**
   * Begins a graceful stop: tells the others this member is leaving (they count it out of their
   * shares at once), reads no new entry, and gives every partition up as soon as none of its
   * entries is in hand (idle ones at once), each release announced so that another member
   * takes it within a round trip. Resolves once every partition is given up.
   */
  drain(): Promise<void> {
    if (!this.#draining) {
      this.#draining = true;
      this.#reading.interrupt();
      void this.membership
        .announceLeaving()
        .then(() => this.membership.nudge())
        .catch((error: unknown) => this.#log.warn({ err: error }, "could not tell the cluster this process leaves"));
    }
    if (this.#ownership.held.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.#drained;
      this.#drained = () => {
        previous?.();
        resolve();
      };
    });
  }

  async close(): Promise<void> {
    if (this.#stopping.signal.aborted) return;
    this.#stopping.abort();
    this.#consumer = undefined;
    this.#reader.disconnect();
    await this.#loop;
    await this.#ownership
      .releaseAll()
      .catch((error: unknown) => this.#log.warn({ err: error }, "could not release the partition leases"));
    // Stops beating whatever happens (a beat loop left running would keep the process alive).
    await this.membership
      .leave()
      .catch((error: unknown) => this.#log.warn({ err: error }, "could not tell the cluster this process left"));
    this.#drained?.();
    for (const connection of [this.#redis, this.#membershipRedis, this.#subscriber])
      await connection.quit().catch(() => connection.disconnect());
  }

  /**
   * Stops at once without releasing anything, as a killed process would: its partitions
   * and pending entries go to another process once the others declare it gone (tests, and a
   * process that must stop consuming without waiting for Redis).
   */
  abandon(): void {
    this.#stopping.abort();
    this.membership.stop();
    this.#consumer = undefined;
    for (const connection of [this.#reader, this.#redis, this.#membershipRedis, this.#subscriber])
      connection.disconnect();
  }

  /** Whether the command and reading connections are ready within `ms`. */
  async connected(ms: number): Promise<boolean> {
    const [redis, reader] = await Promise.all([readyWithin(this.#redis, ms), readyWithin(this.#reader, ms)]);
    return redis && reader;
  }

  /** Creates the consumer group of every partition (idempotent). */
  async ensureGroups(): Promise<void> {
    await this.#reading.createGroups(this.#partitions);
    this.#groupsCreated = true;
  }

  /** After each members' round: takes and gives up partitions, and lets the reader know. */
  async #adjust(round: MembershipRound): Promise<void> {
    if (!this.#consuming || this.#stopping.signal.aborted) return;
    const { gained, lost } = await this.#ownership.adjust(round);
    for (const partition of lost) {
      this.#inFlight.delete(partition);
      this.#unclaimed.delete(partition);
      this.#claimed.delete(partition);
    }
    if (lost.length > 0) this.#log.info({ partitions: lost }, "no longer handling these partitions of the chats");
    if (gained.length > 0) this.#log.info({ partitions: gained }, "took over partitions of the chats");
    for (const partition of gained) this.#unclaimed.add(partition);
    this.#claimsAgain.schedule(gained);
    if (gained.length + lost.length > 0) this.#reading.interrupt();
    this.#settleDrain();
  }

  /** While draining: gives up each partition none of whose entries is in hand, and says so once none is left. */
  #settleDrain(): void {
    if (!this.#draining) return;
    for (const partition of this.ownedPartitions) {
      if ((this.#inFlight.get(partition)?.size ?? 0) > 0) continue;
      this.#inFlight.delete(partition);
      this.#claimed.delete(partition);
      this.#unclaimed.delete(partition);
      void this.#ownership
        .release(partition)
        .catch((error: unknown) => this.#log.warn({ err: error, partition }, "could not hand a partition over"));
    }
    if (this.#ownership.held.size === 0) {
      const drained = this.#drained;
      this.#drained = undefined;
      drained?.();
    }
  }

  async #run(): Promise<void> {
    const signal = this.#stopping.signal;
    let failures = 0;
    while (!signal.aborted && !this.#draining) {
      try {
        if (!this.#groupsCreated) await this.ensureGroups();
        for (const partition of [...this.#unclaimed]) {
          await this.#reading.claim(partition);
          // Lost meanwhile (given up, or taken by another): not read.
          if (this.#unclaimed.delete(partition)) this.#claimed.add(partition);
        }
        const partitions = this.ownedPartitions.filter((partition) => this.#claimed.has(partition));
        await this.#reading.readNew(partitions, 1_000);
        failures = 0;
      } catch (error) {
        if (signal.aborted || this.#draining) break;
        failures++;
        // Redis lost its data (restarted without persistence): the groups are made again.
        if (String(error).includes("NOGROUP")) this.#groupsCreated = false;
        // A read cut short may have been served (its entries now pending for this consumer) without the answer
        // reaching us: the held partitions' pending entries are claimed again before new ones are read.
        for (const partition of this.#claimed) this.#unclaimed.add(partition);
        this.#claimed.clear();
        this.#log.warn({ err: error, attempt: failures }, "reading the Redis journal failed; retrying");
        await pause(reconnectDelay(failures), signal);
      }
    }
  }

  async #handOut(partition: number, entries: StreamEntry[], resumed: boolean): Promise<void> {
    if (!this.#ownership.held.has(partition)) return; // lost meanwhile: pending for its holder to claim
    const inFlight = this.#inFlight.get(partition) ?? new Set<string>();
    this.#inFlight.set(partition, inFlight);
    for (const entry of entries) {
      if (!entry || inFlight.has(entry[0])) continue;
      const [id, fields] = entry;
      const json = fields[fields.indexOf("message") + 1];
      if (!json) continue;
      const message = JSON.parse(json) as InboundMessage;
      const progress = resumed
        ? await readProgress(this.#redis, this.#keys, message.id)
        : ({ type: "received" } as const);
      inFlight.add(id);
      const journalEntry = this.#entryOf(partition, id, message, progress);
      if (this.#consumer) this.#consumer(journalEntry);
      else this.#waiting.push(journalEntry);
    }
  }

  #entryOf(partition: number, streamId: string, message: InboundMessage, progress: TurnProgress): JournalEntry {
    return fencedEntry({
      leases: this.leases,
      keys: this.#keys,
      retentionMs: this.#retentionMs,
      partition,
      lease: this.#ownership.held.get(partition),
      streamId,
      message,
      progress,
      write: async (script, keys, values) => {
        try {
          await this.#write(script, keys, values);
        } catch (error) {
          if (String(error).includes(leaseLostError)) this.#inFlight.get(partition)?.delete(streamId);
          throw error;
        }
      },
      completed: () => {
        this.#inFlight.get(partition)?.delete(streamId);
        this.#settleDrain();
      },
    });
  }
}
