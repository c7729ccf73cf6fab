import { hostname } from "node:os";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { JournalEntry, MessageJournal, RecordResult, TurnProgress } from "./journal.js";
import type { InboundMessage } from "./messages.js";
import { sessionKeyOf } from "./messages.js";
import { type ClusterStatus, type ClusterView, readClusterView } from "./redis-cluster-view.js";
import { pause, readyWithin, reconnectDelay, untilReachable } from "./redis-connection.js";
import {
  fencedEntry,
  consumerGroup as group,
  type RedisJournalKeys,
  readProgress,
  redisJournalKeys,
} from "./redis-journal-entry.js";
import { leaseLostError, recordScript } from "./redis-journal-scripts.js";
import { RedisLeases } from "./redis-lease.js";
import { PartitionOwnership, partitionOf } from "./redis-partitions.js";

export interface RedisJournalOptions {
  /** Commands. */
  redis: Redis;
  /** Blocking reads (XREADGROUP BLOCK holds its connection). */
  reader: Redis;
  log: Logger;
  /** This process in the cluster (default `hostname:pid:random`): its consumer name and lease holder. */
  holder?: string;
  /** How long a completed message id is remembered for de-duplication (see `retentionOf`). */
  retentionMs: number;
  /** `bus.takeover_after` in milliseconds: the partition lease time. */
  takeoverAfterMs: number;
  /** Partitions of the inbound stream; every member of a cluster must agree (default 32). */
  partitions?: number;
  /** Key prefix (default `skein:`). */
  prefix?: string;
}

/** A stream entry as XREADGROUP and XAUTOCLAIM return it (`null` for one deleted meanwhile). */
type StreamEntry = [id: string, fields: string[]] | null;

/**
 * The cluster journal: every inbound message is a Redis Stream entry, partitioned by chat.
 * `record` sets the message's dedup key and adds it to its partition's stream in one script;
 * a process consumes (XREADGROUP) only the partitions whose lease it holds, so one chat is
 * handled by one process at a time and in order; progress lives in a hash per message;
 * `complete` acknowledges (XACK) and deletes the entry. A partition taken over from a dead
 * process (its lease lapsed after `takeoverAfterMs`) has its pending entries claimed
 * (XAUTOCLAIM) and handed out again, with their progress. While Redis is unreachable,
 * `record` rejects (the channel does not acknowledge the platform, which redelivers) and
 * consuming retries with backoff.
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
  readonly #renewEveryMs: number;
  readonly #leases: RedisLeases;
  readonly #ownership: PartitionOwnership;
  /** Stream ids handed out and not complete, per partition. */
  readonly #inFlight = new Map<number, Set<string>>();
  /** Entries read while no consumer was subscribed: handed out at the next `consume`. */
  #waiting: JournalEntry[] = [];
  #consumer: ((entry: JournalEntry) => void) | undefined;
  #loop: Promise<void> | undefined;
  /** Partitions taken over whose earlier holder's pending entries are not claimed yet (not read until they are). */
  readonly #unclaimed = new Set<number>();
  /** The consumer groups exist (created at open, or once Redis answers). */
  #groupsCreated = false;
  readonly #stopping = new AbortController();
  #view: ClusterView | undefined;
  #viewTimer: NodeJS.Timeout | undefined;

  constructor(options: RedisJournalOptions) {
    this.#redis = options.redis;
    this.#reader = options.reader;
    this.#log = options.log;
    this.#holder = options.holder ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.#retentionMs = options.retentionMs;
    this.#partitions = options.partitions ?? 32;
    this.#prefix = options.prefix ?? "skein:";
    this.#keys = redisJournalKeys(this.#prefix);
    this.#renewEveryMs = Math.max(50, Math.floor(options.takeoverAfterMs / 3));
    this.#leases = new RedisLeases({
      redis: this.#redis,
      holder: this.#holder,
      ttlMs: options.takeoverAfterMs,
      prefix: this.#prefix,
    });
    this.#ownership = new PartitionOwnership({
      redis: this.#redis,
      leases: this.#leases,
      holder: this.#holder,
      partitions: this.#partitions,
      ttlMs: options.takeoverAfterMs,
      prefix: this.#prefix,
      busy: (partition) => (this.#inFlight.get(partition)?.size ?? 0) > 0,
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
    let inHand = 0;
    for (const ids of this.#inFlight.values()) inHand += ids.size;
    return {
      member: this.#holder,
      redis: this.#redis.status === "ready" ? "connected" : "unreachable",
      members: this.#ownership.members,
      partitions: this.ownedPartitions,
      inHand,
      ...(this.#view ? { view: this.#view } : {}),
    };
  }

  /** Reads the whole cluster's members, leases and pending counts from Redis (see {@link ClusterView}). */
  readView(): Promise<ClusterView> {
    const streams = Array.from({ length: this.#partitions }, (_, partition) => this.#keys.stream(partition));
    return readClusterView({ redis: this.#redis, leases: this.#leases, prefix: this.#prefix, streams, group });
  }

  async record(message: InboundMessage, signal?: AbortSignal): Promise<RecordResult> {
    signal?.throwIfAborted();
    if (this.#stopping.signal.aborted) throw new Error("the journal is closed");
    const stream = this.#keys.stream(partitionOf(sessionKeyOf(message), this.#partitions));
    const [recorded, state] = (await this.#redis.eval(
      recordScript,
      2,
      this.#keys.seen(message.id),
      stream,
      this.#retentionMs,
      JSON.stringify(message),
    )) as [number, string];
    if (recorded === 1) return { type: "recorded" };
    return { type: "duplicate", state: state as TurnProgress["type"] | "complete" };
  }

  consume(consumer: (entry: JournalEntry) => void): () => void {
    this.#consumer = consumer;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const entry of waiting) consumer(entry);
    this.#loop ??= this.#run();
    this.#viewTimer ??= this.#lookAtTheCluster();
    return () => {
      if (this.#consumer === consumer) this.#consumer = undefined;
    };
  }

  async close(): Promise<void> {
    if (this.#stopping.signal.aborted) return;
    this.#stopping.abort();
    clearInterval(this.#viewTimer);
    this.#consumer = undefined;
    this.#reader.disconnect();
    await this.#loop;
    await this.#ownership
      .leave()
      .catch((error: unknown) => this.#log.warn({ err: error }, "could not release the partition leases"));
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  /**
   * Stops at once without releasing anything, as a killed process would: its partitions
   * and pending entries go to another process once the leases lapse (tests, and a
   * process that must stop consuming without waiting for Redis).
   */
  abandon(): void {
    this.#stopping.abort();
    clearInterval(this.#viewTimer);
    this.#consumer = undefined;
    this.#reader.disconnect();
    this.#redis.disconnect();
  }

  /** Whether both connections are ready within `ms`. */
  async connected(ms: number): Promise<boolean> {
    const [redis, reader] = await Promise.all([readyWithin(this.#redis, ms), readyWithin(this.#reader, ms)]);
    return redis && reader;
  }

  /** Creates the consumer group of every partition (idempotent). */
  async ensureGroups(): Promise<void> {
    for (let partition = 0; partition < this.#partitions; partition++) {
      await this.#redis
        .xgroup("CREATE", this.#keys.stream(partition), group, "0", "MKSTREAM")
        .catch((error: unknown) => {
          if (!String(error).includes("BUSYGROUP")) throw error;
        });
    }
    this.#groupsCreated = true;
  }

  /** Refreshes the {@link ClusterView} of status every third of the lease time (1 to 5 s); a failed look keeps the last. */
  #lookAtTheCluster(): NodeJS.Timeout {
    const look = () =>
      void this.readView().then(
        (view) => {
          this.#view = view;
        },
        () => undefined,
      );
    look();
    const timer = setInterval(look, Math.min(5_000, Math.max(1_000, this.#renewEveryMs)));
    timer.unref();
    return timer;
  }

  async #run(): Promise<void> {
    const signal = this.#stopping.signal;
    let nextMaintenance = 0;
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (!this.#groupsCreated) await this.ensureGroups();
        if (Date.now() >= nextMaintenance) {
          await this.#maintain();
          nextMaintenance = Date.now() + this.#renewEveryMs;
        }
        await this.#readNew(Math.max(10, Math.min(1000, nextMaintenance - Date.now())));
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        // Redis lost its data (restarted without persistence): the groups are made again.
        if (String(error).includes("NOGROUP")) this.#groupsCreated = false;
        // A read cut short may have been served (its entries now pending for this consumer) without the answer
        // reaching us: the held partitions' pending entries are claimed again before new ones are read.
        for (const partition of this.ownedPartitions) this.#unclaimed.add(partition);
        nextMaintenance = 0;
        this.#log.warn({ err: error, attempt: failures }, "reading the Redis journal failed; retrying");
        await pause(reconnectDelay(failures), signal);
      }
    }
  }

  async #maintain(): Promise<void> {
    const { gained, lost } = await this.#ownership.maintain(Date.now());
    for (const partition of lost) {
      this.#inFlight.delete(partition);
      this.#unclaimed.delete(partition);
      this.#log.info({ partition }, "no longer handling this partition of the chats");
    }
    if (gained.length > 0) this.#log.info({ partitions: gained }, "took over partitions of the chats");
    for (const partition of gained) this.#unclaimed.add(partition);
    // A claim cut short (Redis dropped meanwhile) is done again at the next round, before new entries are read.
    for (const partition of this.#unclaimed) {
      await this.#claim(partition);
      this.#unclaimed.delete(partition);
    }
  }

  /** Claims every pending entry of a partition just taken over (its earlier holder is gone) and hands it out. */
  async #claim(partition: number): Promise<void> {
    const stream = this.#keys.stream(partition);
    let cursor = "0-0";
    do {
      const [next, entries] = (await this.#redis.xautoclaim(stream, group, this.#holder, 0, cursor, "COUNT", 100)) as [
        string,
        StreamEntry[],
      ];
      await this.#handOut(partition, entries, true);
      cursor = next;
    } while (cursor !== "0-0");
  }

  async #readNew(blockMs: number): Promise<void> {
    const partitions = this.ownedPartitions.filter((partition) => !this.#unclaimed.has(partition));
    if (partitions.length === 0) {
      await pause(blockMs, this.#stopping.signal);
      return;
    }
    const streams = partitions.map((partition) => this.#keys.stream(partition));
    const answer = (await this.#reader.xreadgroup(
      "GROUP",
      group,
      this.#holder,
      "COUNT",
      100,
      "BLOCK",
      blockMs,
      "STREAMS",
      ...streams,
      ...streams.map(() => ">"),
    )) as [string, StreamEntry[]][] | null;
    for (const [stream, entries] of answer ?? []) {
      await this.#handOut(partitions[streams.indexOf(stream)]!, entries, false);
    }
  }

  async #handOut(partition: number, entries: StreamEntry[], resumed: boolean): Promise<void> {
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
      redis: this.#redis,
      leases: this.#leases,
      keys: this.#keys,
      retentionMs: this.#retentionMs,
      partition,
      lease: this.#ownership.held.get(partition),
      streamId,
      message,
      progress,
      write: (run) => this.#write(partition, streamId, run),
      completed: () => this.#inFlight.get(partition)?.delete(streamId),
    });
  }

  /**
   * Runs a progress write, retrying with backoff while Redis cannot be reached (a reply the
   * platform accepted must not be sent again because Redis restarted meanwhile). Gives up
   * when another process took the partition over (it handles the message now) or on close.
   */
  async #write(partition: number, streamId: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await untilReachable(run, {
        signal: this.#stopping.signal,
        onRetry: (error, attempt) =>
          this.#log.warn({ err: error, attempt }, "recording progress in Redis failed; retrying"),
      });
    } catch (error) {
      if (String(error).includes(leaseLostError)) this.#inFlight.get(partition)?.delete(streamId);
      throw error;
    }
  }
}
