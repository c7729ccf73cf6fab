import type { InboundMessage, OutboundMessage } from "./messages.js";

/**
 * The durable backing of the {@link MessageBus}: every platform message is recorded here
 * before its platform is acknowledged, and walks `received -> answered -> delivered ->
 * complete`. Two implementations fit this contract: a file journal for the embedded
 * daemon (append-only, group-committed fsync, compacted) and, in cluster mode, a Redis
 * Stream with consumer groups (record = dedup key + XADD, progress in a hash,
 * complete = XACK, reclaim = XAUTOCLAIM). Channels and the agent loop only see the bus.
 */
export interface MessageJournal {
  /**
   * Durably records a message received from a platform; resolves once it would survive
   * a crash, so the caller may then acknowledge it to the platform. A message seen
   * before in any state (pending or complete) is a duplicate: it is not recorded or
   * handed out again, but the platform may still be acknowledged.
   */
  record(message: InboundMessage, signal?: AbortSignal): Promise<RecordResult>;
  /**
   * Hands each recorded, not yet complete message to `consumer`, once per process: first
   * the entries an earlier run (or, clustered, a dead process) left unfinished, then new
   * ones as they are recorded. Entries of one chat are handed out in order. Returns the
   * function that stops consuming (entries already handed out stay pending until complete).
   */
  consume(consumer: (entry: JournalEntry) => void): () => void;
  /** Flushes what is buffered and releases files or connections. */
  close(): Promise<void>;
}

/** The outcome of {@link MessageJournal.record}. */
export type RecordResult =
  | { type: "recorded" }
  /** Seen before; `state` is how far it got. */
  | { type: "duplicate"; state: TurnProgress["type"] | "complete" };

/** How far the handling of one recorded message got (before a crash or a takeover). */
export type TurnProgress =
  /** Recorded; no answer computed yet (a turn must run, its user message not stored twice). */
  | { type: "received"; preview?: string }
  /**
   * The turn is done and stored in the session; `replies` are the messages to send and
   * `delivered[i]` the number of chunks of `replies[i]` already accepted by the platform.
   */
  | { type: "answered"; replies: OutboundMessage[]; delivered: number[]; preview?: string };
// `preview`, in both: the platform id of the streamed preview an earlier attempt showed in the
// chat, so that a resumed turn writes its answer there instead of in a second message.

/** One recorded message as handed to the consumer, with the calls that move it on. */
export interface JournalEntry {
  readonly message: InboundMessage;
  /** Epoch milliseconds when it was first recorded (a Redis stream id carries it too). */
  readonly recordedAt: number;
  /** Progress of an earlier attempt; `received` for a fresh message. */
  readonly progress: TurnProgress;
  /** The turn is done (its session records written first): these replies are to be sent. */
  answered(replies: OutboundMessage[]): Promise<void>;
  /**
   * The turn's streamed reply shows in platform message `messageId` (its first chunk goes
   * there); kept with the progress. Not awaited by a turn: losing it costs only a second message.
   */
  previewed(messageId: string): Promise<void>;
  /** Chunk `chunk` of reply `reply` was accepted by the platform. */
  delivered(reply: number, chunk: number): Promise<void>;
  /** Nothing more to do (all sent, ignored by a gate, or given up for good). */
  complete(): Promise<void>;
}
