import type { JournalEntry, MessageJournal, RecordResult, TurnProgress } from "./journal.js";
import type { JournalRecord } from "./journal-records.js";
import type { InboundMessage, OutboundMessage } from "./messages.js";

/**
 * How durable a record must be before the caller goes on: `synced` (fsynced: survives a
 * power loss; a platform may be acknowledged) or `written` (handed to the kernel: survives
 * `kill -9`; fsynced with the next batch).
 */
export type Durability = "synced" | "written";

/** Stores one record; resolves once it is as durable as asked. */
export type PersistRecord = (record: JournalRecord, durability: Durability) => Promise<void>;

export interface JournalBookOptions {
  /** Where records go (the file journal); without it the book is in memory only. */
  persist?: PersistRecord;
  /** Called by `close()` after the book stops taking records. */
  onClose?: () => Promise<void>;
  now?: () => number;
}

/** How long completed ids are kept for de-duplication, and at most how many. */
export interface Retention {
  ms: number;
  maxIds: number;
}

interface Pending {
  message: InboundMessage;
  recordedAt: number;
  progress: TurnProgress;
  handedOut: boolean;
  /** The `received` record is durable: only then may the entry be handed out. */
  recorded: boolean;
  /** Settles once the `received` record is durable (a duplicate arriving meanwhile waits for it). */
  durable: Promise<void>;
}

/**
 * The state of a journal: pending messages with their progress, and the ids of completed
 * ones (for de-duplication). Alone it is the in-memory journal (`skein chat`, tests, the
 * bench baseline); the file journal gives it a `persist` function and replays its file into it.
 */
export class JournalBook implements MessageJournal {
  readonly #persist: PersistRecord | undefined;
  readonly #onClose: (() => Promise<void>) | undefined;
  readonly #now: () => number;
  readonly #pending = new Map<string, Pending>();
  /**
   * Completed ids with the time they completed in whole seconds, oldest first (seconds fit a small integer,
   * which V8 keeps inline: milliseconds would cost a heap number for each of up to `maxIds` ids).
   */
  readonly #complete = new Map<string, number>();
  #consumer: ((entry: JournalEntry) => void) | undefined;
  #closed = false;

  constructor(options: JournalBookOptions = {}) {
    this.#persist = options.persist;
    this.#onClose = options.onClose;
    this.#now = options.now ?? Date.now;
  }

  async record(message: InboundMessage, signal?: AbortSignal): Promise<RecordResult> {
    signal?.throwIfAborted();
    if (this.#closed) throw new Error("the journal is closed");
    const earlier = this.#pending.get(message.id);
    if (earlier) await earlier.durable.catch(() => undefined);
    const state = this.stateOf(message.id);
    if (state) return { type: "duplicate", state };
    const recordedAt = this.#now();
    const durable = this.#persist?.({ type: "received", message, at: recordedAt }, "synced") ?? Promise.resolve();
    const pending: Pending = {
      message,
      recordedAt,
      progress: { type: "received" },
      handedOut: false,
      recorded: false,
      durable,
    };
    this.#pending.set(message.id, pending);
    try {
      await durable;
    } catch (error) {
      this.#pending.delete(message.id);
      throw error;
    }
    pending.recorded = true;
    this.#handOut(pending);
    return { type: "recorded" };
  }

  consume(consumer: (entry: JournalEntry) => void): () => void {
    this.#consumer = consumer;
    for (const pending of this.#pending.values()) {
      if (this.#consumer !== consumer) break;
      this.#handOut(pending);
    }
    return () => {
      if (this.#consumer === consumer) this.#consumer = undefined;
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#consumer = undefined;
    await this.#onClose?.();
  }

  /** How far a message got: its progress, `complete`, or `undefined` when never seen. */
  stateOf(id: string): TurnProgress["type"] | "complete" | undefined {
    return this.#pending.get(id)?.progress.type ?? (this.#complete.has(id) ? "complete" : undefined);
  }

  /** Pending messages and completed ids held. */
  get size(): { pending: number; complete: number } {
    return { pending: this.#pending.size, complete: this.#complete.size };
  }

  /** Applies a record read back from the file (at start, before anything is consumed). */
  replay(record: JournalRecord): void {
    switch (record.type) {
      case "received":
        if (this.stateOf(record.message.id)) return;
        this.#pending.set(record.message.id, {
          message: record.message,
          recordedAt: record.at,
          progress: { type: "received" },
          handedOut: false,
          recorded: true,
          durable: Promise.resolve(),
        });
        return;
      case "answered": {
        const pending = this.#pending.get(record.id);
        if (pending) pending.progress = answered(record.replies, record.delivered, pending.progress.preview);
        return;
      }
      case "preview": {
        const pending = this.#pending.get(record.id);
        if (pending) pending.progress = { ...pending.progress, preview: record.messageId };
        return;
      }
      case "delivered": {
        const progress = this.#pending.get(record.id)?.progress;
        if (progress?.type === "answered") advance(progress, record.reply, record.chunk);
        return;
      }
      case "complete":
        this.#pending.delete(record.id);
        this.#complete.delete(record.id);
        this.#complete.set(record.id, toSeconds(record.at));
        return;
    }
  }

  /**
   * The records that rebuild this state (what a compacted file holds), after forgetting
   * completed ids older than `retention.ms` or beyond the newest `retention.maxIds`.
   */
  snapshot(retention: Retention): JournalRecord[] {
    const oldest = toSeconds(this.#now() - retention.ms);
    let excess = this.#complete.size - retention.maxIds;
    for (const [id, at] of this.#complete) {
      if (excess <= 0 && at >= oldest) break;
      this.#complete.delete(id);
      excess--;
    }
    const records: JournalRecord[] = [];
    for (const [id, at] of this.#complete) records.push({ type: "complete", id, at: at * 1000 });
    for (const pending of this.#pending.values()) {
      records.push({ type: "received", message: pending.message, at: pending.recordedAt });
      const { progress } = pending;
      if (progress.type === "answered")
        records.push({
          type: "answered",
          id: pending.message.id,
          replies: progress.replies,
          delivered: progress.delivered,
        });
      if (progress.preview) records.push({ type: "preview", id: pending.message.id, messageId: progress.preview });
    }
    return records;
  }

  #handOut(pending: Pending): void {
    const consumer = this.#consumer;
    // Once per process, and never before it is durable (a consumer may subscribe while an fsync is in flight).
    if (!consumer || pending.handedOut || !pending.recorded) return;
    pending.handedOut = true;
    consumer(this.#entryOf(pending));
  }

  #entryOf(pending: Pending): JournalEntry {
    const { id } = pending.message;
    const persist = (record: JournalRecord) => this.#persist?.(record, "written") ?? Promise.resolve();
    const snapshot = pending.progress;
    return {
      message: pending.message,
      recordedAt: pending.recordedAt,
      progress:
        snapshot.type === "answered" ? answered(snapshot.replies, snapshot.delivered, snapshot.preview) : snapshot,
      answered: async (replies) => {
        if (!this.#pending.has(id)) return;
        pending.progress = answered(replies, undefined, pending.progress.preview);
        await persist({ type: "answered", id, replies });
      },
      previewed: async (messageId) => {
        if (!this.#pending.has(id) || pending.progress.preview === messageId) return;
        pending.progress = { ...pending.progress, preview: messageId };
        await persist({ type: "preview", id, messageId });
      },
      delivered: async (reply, chunk) => {
        if (pending.progress.type !== "answered" || !this.#pending.has(id)) return;
        advance(pending.progress, reply, chunk);
        await persist({ type: "delivered", id, reply, chunk });
      },
      complete: async () => {
        if (!this.#pending.delete(id)) return;
        const at = this.#now();
        this.#complete.set(id, toSeconds(at));
        await persist({ type: "complete", id, at });
      },
    };
  }
}

function answered(replies: OutboundMessage[], delivered?: number[], preview?: string): TurnProgress {
  const progress = {
    type: "answered" as const,
    replies,
    delivered: replies.map((_, index) => delivered?.[index] ?? 0),
  };
  return preview ? { ...progress, preview } : progress;
}

/** Chunk `chunk` of reply `reply` is delivered: at least `chunk + 1` chunks of it are. */
function advance(progress: Extract<TurnProgress, { type: "answered" }>, reply: number, chunk: number): void {
  if (reply < 0 || reply >= progress.delivered.length) return;
  progress.delivered[reply] = Math.max(progress.delivered[reply] ?? 0, chunk + 1);
}

/** Epoch milliseconds as whole seconds. */
function toSeconds(epochMs: number): number {
  return Math.floor(epochMs / 1000);
}
