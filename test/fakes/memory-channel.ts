import type { MessageBus } from "../../src/bus/message-bus.js";
import type { DeliveryReceipt, InboundMessage, OutboundMessage } from "../../src/bus/messages.js";
import type { Channel, ChannelStatus, WorkingIndicator } from "../../src/channel-kit/channel.js";
import { within } from "../support/within.js";

/** An in-memory channel for daemon tests: `receive` publishes, `sent` records deliveries. */
export class MemoryChannel implements Channel {
  readonly sent: OutboundMessage[] = [];
  /** Messages the bus refused (the daemon was stopping): a platform would redeliver them. */
  readonly refused: InboundMessage[] = [];
  readonly working: string[] = [];
  #state: ChannelStatus = { state: "starting", since: Date.now() };
  #sequence = 0;
  #deliveryWaiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(
    readonly name: string,
    private readonly bus: MessageBus,
    /** Thrown by `start` (e.g. a ChannelError), or a function deciding per attempt. */
    private readonly startFailure?: (() => Error | undefined) | Error,
  ) {}

  async start(): Promise<void> {
    const failure = typeof this.startFailure === "function" ? this.startFailure() : this.startFailure;
    if (failure) throw failure;
    this.#state = { state: "connected", since: Date.now() };
  }

  async send(message: OutboundMessage): Promise<DeliveryReceipt> {
    this.sent.push(message);
    const reached = this.#deliveryWaiters.filter((waiter) => this.sent.length >= waiter.count);
    this.#deliveryWaiters = this.#deliveryWaiters.filter((waiter) => !reached.includes(waiter));
    for (const waiter of reached) waiter.resolve();
    return { channel: this.name, chatId: message.chatId, messageIds: [String(this.sent.length)] };
  }

  async stop(): Promise<void> {
    this.#state = { state: "stopped", since: Date.now() };
  }

  status(): ChannelStatus {
    return this.#state;
  }

  indicateWorking(message: InboundMessage): WorkingIndicator {
    this.working.push(`start ${message.text}`);
    return { end: () => this.working.push(`end ${message.text}`) };
  }

  /** Publishes a message as if a user sent it. */
  receive(text: string, extra: Partial<InboundMessage> = {}): InboundMessage {
    const message: InboundMessage = {
      id: `${this.name}:${++this.#sequence}`,
      channel: this.name,
      chatId: "chat-1",
      senderId: "user-1",
      text,
      isDirect: true,
      receivedAt: Date.now(),
      ...extra,
    };
    // A real channel acknowledges its platform only once this resolves; refused messages are redelivered later.
    this.bus.publishInbound(message).catch(() => this.refused.push(message));
    return message;
  }

  /** Resolves once `count` messages have been delivered. */
  waitForDeliveries(count: number): Promise<void> {
    if (this.sent.length >= count) return Promise.resolve();
    const delivered = new Promise<void>((resolve) => this.#deliveryWaiters.push({ count, resolve }));
    return within(delivered, `${count} deliveries`, () => this.sent.map((message) => message.text));
  }
}
