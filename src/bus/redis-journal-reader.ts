import type { Redis } from "ioredis";
import { wakeablePause } from "./redis-connection.js";
import { consumerGroup as group, type RedisJournalKeys } from "./redis-journal-entry.js";

/** A stream entry as XREADGROUP and XAUTOCLAIM return it (`null` for one deleted meanwhile). */
export type StreamEntry = [id: string, fields: string[]] | null;

/** How long a blocking read may go unanswered past its own block time before its connection counts as dead. */
const readGraceMs = 2_000;

export interface PartitionReaderOptions {
  /** Commands (XAUTOCLAIM). */
  redis: Redis;
  /** Blocking reads; commands not answered are not sent again on reconnection. */
  reader: Redis;
  /** Another connection, to cut a blocking read short (CLIENT UNBLOCK). */
  unblocker: Redis;
  keys: RedisJournalKeys;
  /** This process's consumer name. */
  consumer: string;
  signal: AbortSignal;
  /** Hands out entries read (`resumed`: claimed from an earlier holder, with their progress to read). */
  handOut(partition: number, entries: StreamEntry[], resumed: boolean): Promise<void>;
}

/**
 * Reads the journal's partitions for one process: claims the pending entries of a partition
 * taken over (XAUTOCLAIM), and reads new entries of the held ones (XREADGROUP BLOCK), a read
 * that {@link interrupt} cuts short when the partitions change.
 */
export class PartitionReader {
  readonly #options: PartitionReaderOptions;
  /** The reader's client id (for CLIENT UNBLOCK), `false` when Redis refuses it. */
  #readerId: number | false | undefined;
  #reading = false;
  #wake: (() => void) | undefined;

  constructor(options: PartitionReaderOptions) {
    this.#options = options;
    options.reader.on("close", () => {
      if (this.#readerId !== false) this.#readerId = undefined;
    });
  }

  /** Creates the consumer group of each of the first `count` partitions' streams (idempotent). */
  async createGroups(count: number): Promise<void> {
    const { redis, keys } = this.#options;
    for (let partition = 0; partition < count; partition++) {
      await redis.xgroup("CREATE", keys.stream(partition), group, "0", "MKSTREAM").catch((error: unknown) => {
        if (!String(error).includes("BUSYGROUP")) throw error;
      });
    }
  }

  /** Claims every pending entry of a partition just taken over (its earlier holder is gone) and hands it out. */
  async claim(partition: number): Promise<void> {
    const { redis, keys, consumer, handOut } = this.#options;
    const stream = keys.stream(partition);
    let cursor = "0-0";
    do {
      const [next, entries] = (await redis.xautoclaim(stream, group, consumer, 0, cursor, "COUNT", 100)) as [
        string,
        StreamEntry[],
      ];
      await handOut(partition, entries, true);
      cursor = next;
    } while (cursor !== "0-0");
  }

  /**
   * Reads new entries of `partitions`, blocking up to `blockMs` (cut short by {@link interrupt}).
   * A read unanswered well past its block time (a primary that hangs with its socket open) drops
   * the connection, and the read fails like any other.
   */
  async readNew(partitions: number[], blockMs: number): Promise<void> {
    const { reader, keys, consumer, signal, handOut } = this.#options;
    if (partitions.length === 0) {
      await wakeablePause(blockMs, signal, (wake) => {
        this.#wake = wake;
      });
      return;
    }
    this.#readerId ??= await reader.client("ID").then(
      (id) => Number(id),
      () => false as const,
    );
    const streams = partitions.map((partition) => keys.stream(partition));
    const guard = setTimeout(() => reader.disconnect(true), blockMs + readGraceMs);
    guard.unref();
    this.#reading = true;
    try {
      const answer = (await reader.xreadgroup(
        "GROUP",
        group,
        consumer,
        "COUNT",
        100,
        "BLOCK",
        blockMs,
        "STREAMS",
        ...streams,
        ...streams.map(() => ">"),
      )) as [string, StreamEntry[]][] | null;
      for (const [stream, entries] of answer ?? []) await handOut(partitions[streams.indexOf(stream)]!, entries, false);
    } finally {
      this.#reading = false;
      clearTimeout(guard);
    }
  }

  /** Ends the current wait or blocking read now (the partitions changed, or the journal drains). */
  interrupt(): void {
    this.#wake?.();
    const id = this.#readerId;
    if (!this.#reading || typeof id !== "number") return;
    this.#options.unblocker.client("UNBLOCK", id).catch((error: unknown) => {
      // A Redis user without CLIENT UNBLOCK: the read ends at its block time instead.
      if (String(error).includes("NOPERM")) this.#readerId = false;
    });
  }
}
