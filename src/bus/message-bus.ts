import { EventEmitter } from "eventemitter3";
import { BusError } from "./bus-error.js";
import type { JournalEntry, MessageJournal, RecordResult } from "./journal.js";
import { JournalBook } from "./journal-book.js";
import {
  chatKeyOf,
  type DeliveryReceipt,
  type InboundMessage,
  type OutboundMessage,
  type SendOptions,
} from "./messages.js";

/** Delivers outbound messages for one channel; a {@link Channel}'s `send` is one. */
export type OutboundSender = (message: OutboundMessage, options?: SendOptions) => Promise<DeliveryReceipt | undefined>;

interface BusEvents {
  inbound: (message: InboundMessage) => void;
  outbound: (message: OutboundMessage) => void;
  "delivery-failed": (message: OutboundMessage, error: unknown) => void;
}

export interface MessageBusOptions {
  /**
   * Applied to the text of every outbound message, whatever produced it (a reply, a tool, an
   * error notice): the daemon removes its secrets here, as its log does.
   */
  redact?: (text: string) => string;
  /** The durable backing of inbound messages (default: in memory only, as for `skein chat` and tests). */
  journal?: MessageJournal;
}

/**
 * The in-process message bus. Channels publish inbound messages, which are recorded in the
 * bus's {@link MessageJournal} before the channel acknowledges them to the platform, and
 * register as the sender for their channel name; the agent loop consumes the journal's
 * entries and publishes outbound messages. Outbound messages to one chat are delivered
 * strictly in the order they were published, whatever the delivery time of each.
 */
export class MessageBus {
  readonly #events = new EventEmitter<BusEvents>();
  readonly #senders = new Map<string, OutboundSender>();
  /** Tail of the delivery chain per `channel:chatId`, so that one chat's messages keep their order. */
  readonly #chatQueues = new Map<string, Promise<unknown>>();
  readonly #journal: MessageJournal;
  #consumer: ((entry: JournalEntry) => void) | undefined;
  #intakeClosed = false;
  #closed = false;
  readonly #redact: ((text: string) => string) | undefined;

  constructor(options: MessageBusOptions = {}) {
    this.#redact = options.redact;
    this.#journal = options.journal ?? new JournalBook();
  }

  /**
   * Records a message received from a platform; resolves once it would survive a crash.
   * The channel acknowledges the platform only then (a `duplicate` too: it is never handed
   * out again). Rejects with a {@link BusError} `intake-closed` once the daemon is
   * stopping: the channel must not acknowledge, so the platform redelivers after restart.
   */
  async publishInbound(message: InboundMessage, signal?: AbortSignal): Promise<RecordResult> {
    if (this.#intakeClosed || this.#closed) {
      throw new BusError("intake-closed", "skein is stopping and takes no new messages");
    }
    this.#events.emit("inbound", message);
    return this.#journal.record(message, signal);
  }

  /**
   * Hands skein's own message (a background result) to the consumer as an entry that is
   * not journaled (its progress calls do nothing); dropped when nothing consumes.
   */
  publishInternal(message: InboundMessage): void {
    if (this.#closed) return;
    this.#events.emit("inbound", message);
    const done = () => Promise.resolve();
    this.#consumer?.({
      message,
      recordedAt: Date.now(),
      progress: { type: "received" },
      answered: done,
      previewed: done,
      delivered: done,
      complete: done,
    });
  }

  /**
   * Makes `consumer` the agent loop that handles inbound entries: first those an earlier
   * run left unfinished, then each new one once recorded. Returns the function that stops it.
   */
  consumeInbound(consumer: (entry: JournalEntry) => void): () => void {
    this.#consumer = consumer;
    const stop = this.#journal.consume(consumer);
    return () => {
      stop();
      if (this.#consumer === consumer) this.#consumer = undefined;
    };
  }

  /** Takes no more inbound messages from channels (the first step of a graceful stop). */
  closeIntake(): void {
    this.#intakeClosed = true;
  }

  /** Observes every inbound message published (for logging and tests); returns the unsubscribe function. */
  onInbound(listener: (message: InboundMessage) => void): () => void {
    this.#events.on("inbound", listener);
    return () => this.#events.off("inbound", listener);
  }

  /** Subscribes to every outbound message published (for logging and tests). */
  onOutbound(listener: (message: OutboundMessage) => void): () => void {
    this.#events.on("outbound", listener);
    return () => this.#events.off("outbound", listener);
  }

  /** Subscribes to outbound messages whose delivery finally failed. */
  onDeliveryFailed(listener: (message: OutboundMessage, error: unknown) => void): () => void {
    this.#events.on("delivery-failed", listener);
    return () => this.#events.off("delivery-failed", listener);
  }

  /**
   * Makes `sender` the route for messages to `channel`. Registering a channel name
   * again replaces the earlier sender. Returns the function that unregisters it.
   */
  registerChannel(channel: string, sender: OutboundSender): () => void {
    this.#senders.set(channel, sender);
    return () => {
      if (this.#senders.get(channel) === sender) this.#senders.delete(channel);
    };
  }

  /** Names of the channels currently registered, sorted. */
  runningChannels(): string[] {
    return [...this.#senders.keys()].sort();
  }

  /** Whether a channel is registered under this name. */
  hasChannel(channel: string): boolean {
    return this.#senders.has(channel);
  }

  /**
   * Routes a message (its text redacted) to its channel and resolves once the channel delivered it.
   * Throws a {@link BusError} at once when no such channel runs; rejects with the
   * channel's error when delivery finally fails (and emits `delivery-failed`).
   */
  publishOutbound(unredacted: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt | undefined> {
    const message = this.#redact ? { ...unredacted, text: this.#redact(unredacted.text) } : unredacted;
    if (this.#closed) {
      return Promise.reject(new BusError("bus-closed", "the message bus is closed"));
    }
    const sender = this.#senders.get(message.channel);
    if (!sender) {
      const running = this.runningChannels();
      return Promise.reject(
        new BusError(
          "channel-not-running",
          `channel "${message.channel}" is not running (running: ${running.length ? running.join(", ") : "none"})`,
        ),
      );
    }
    this.#events.emit("outbound", message);
    const key = chatKeyOf(message);
    const previous = this.#chatQueues.get(key) ?? Promise.resolve();
    const delivery = previous.then(() => sender(message, options));
    const settled = delivery.catch((error: unknown) => {
      this.#events.emit("delivery-failed", message, error);
    });
    this.#chatQueues.set(key, settled);
    void settled.then(() => {
      if (this.#chatQueues.get(key) === settled) this.#chatQueues.delete(key);
    });
    return delivery;
  }

  /** Waits until every outbound message published so far has been delivered or failed. */
  async drain(): Promise<void> {
    while (this.#chatQueues.size > 0) {
      await Promise.all(this.#chatQueues.values());
    }
  }

  /** Stops accepting messages and closes the journal. Outbound deliveries already queued still complete. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#consumer = undefined;
    await this.#journal.close();
  }
}
