import { userInfo } from "node:os";
import type { MessageBus } from "../../src/bus/message-bus.js";
import type { DeliveryReceipt, InboundMessage, OutboundMessage } from "../../src/bus/messages.js";
import type { ChannelStatus, SendOptions } from "../../src/channel-kit/channel.js";
import type { TerminalChannel, TerminalChannelDeps } from "../../src/channel-kit/channel-descriptor.js";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";

/** What the terminal channel is given: the bus, where replies go, and its chat id. */
export type CliChannelOptions = TerminalChannelDeps;

/** The terminal as a channel: `skein chat` types into it and prints what comes back. */
export class CliChannel implements TerminalChannel {
  readonly name = "cli";
  readonly #bus: MessageBus;
  readonly #onReply: (text: string) => void;
  readonly #chatId: string;
  readonly #sender = senderName();
  #state: ChannelStatus = { state: "stopped", since: Date.now() };
  #sequence = 0;
  #sent = 0;

  constructor(options: CliChannelOptions) {
    this.#bus = options.bus;
    this.#onReply = options.onReply;
    this.#chatId = options.chatId ?? "local";
  }

  async start(_signal: AbortSignal): Promise<void> {
    this.#state = { state: "connected", since: Date.now() };
  }

  /** Prints the reply: one chunk, so `fromChunk: 1` means it was printed already. */
  async send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    const messageIds = await deliverChunks([message.text], options, async (text) => {
      this.#onReply(text);
      return `cli-out-${++this.#sent}`;
    });
    return { channel: this.name, chatId: message.chatId, messageIds };
  }

  async stop(): Promise<void> {
    this.#state = { state: "stopped", since: Date.now() };
  }

  status(): ChannelStatus {
    return this.#state;
  }

  /** Publishes a line the user typed; returns the inbound message. */
  say(text: string): InboundMessage {
    const message: InboundMessage = {
      id: `cli:${process.pid}:${Date.now()}:${++this.#sequence}`,
      channel: this.name,
      chatId: this.#chatId,
      senderId: "local",
      senderName: this.#sender,
      text,
      isDirect: true,
      receivedAt: Date.now(),
    };
    this.#bus.publishInbound(message);
    return message;
  }
}

function senderName(): string {
  try {
    return userInfo().username;
  } catch {
    return "you";
  }
}
