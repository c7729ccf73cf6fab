import { userInfo } from "node:os";
import type { MessageBus } from "../../src/bus/message-bus.js";
import type { DeliveryReceipt, InboundMessage, OutboundMessage } from "../../src/bus/messages.js";
import type { ApprovalChoice, ApprovalHandle, ApprovalPrompt } from "../../src/channel-kit/approval.js";
import {
  ChannelError,
  type ChannelStatus,
  type SendOptions,
  type WorkingIndicator,
} from "../../src/channel-kit/channel.js";
import type { TerminalChannel, TerminalChannelDeps } from "../../src/channel-kit/channel-descriptor.js";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";
import type { ReplyStream, ReplyTarget } from "../../src/channel-kit/reply-stream.js";
import { TerminalScreen } from "./terminal-screen.js";

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
  readonly #screen: TerminalScreen | undefined;
  readonly #options: CliChannelOptions;
  #sequence = 0;
  #sent = 0;

  constructor(options: CliChannelOptions) {
    this.#bus = options.bus;
    this.#chatId = options.chatId ?? "local";
    const screen = options.terminal ? new TerminalScreen({ output: options.terminal }) : undefined;
    this.#screen = screen;
    this.#onReply = screen ? (text) => screen.reply(text) : options.onReply;
    this.#options = options;
  }

  /** Asks on the terminal: `y` allows once, `a` for this conversation, anything else denies. */
  async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
    const { confirm, approvals } = this.#options;
    if (!confirm || !approvals) throw new ChannelError("config", this.name, "no terminal to ask on");
    const always = prompt.offersConversation ? ", [a]lways in this conversation" : "";
    void confirm(`${prompt.text}\nAllow? [y]es once${always}, [N]o: `).then(async (line) => {
      const answer = await approvals.press({
        channel: this.name,
        chatId: prompt.chatId,
        messageId: `cli-approval-${prompt.id}`,
        id: prompt.id,
        choice: terminalChoice(line),
        by: { userId: "local", name: this.#sender },
      });
      if (answer.type !== "decided") this.#onReply(answer.text);
    });
    return { messageId: `cli-approval-${prompt.id}` };
  }

  async settleApproval(_prompt: ApprovalPrompt, _handle: ApprovalHandle, text: string): Promise<void> {
    this.#onReply(text.split("\n").at(-1) ?? text);
  }

  /** The working indicator, on an interactive terminal. */
  indicateWorking(): WorkingIndicator {
    this.#screen?.working();
    return { end: () => this.#screen?.idle() };
  }

  /** On an interactive terminal, the reply is shown as it is written, with a line per tool call. */
  openStream(_target: ReplyTarget): ReplyStream | undefined {
    const screen = this.#screen;
    if (!screen) return undefined;
    let streamed = "";
    /** Where the text after the latest tool calls starts (the final answer is that text, perhaps with a note). */
    let segmentStart = 0;
    let markShown!: () => void;
    const shown = new Promise<void>((resolve) => (markShown = resolve));
    return {
      shown,
      update: (textSoFar) => {
        if (textSoFar.startsWith(streamed)) screen.text(textSoFar.slice(streamed.length));
        streamed = textSoFar;
        if (streamed.trim()) markShown();
      },
      toolCalls: (calls) => {
        for (const call of calls) screen.toolCall(call.name, call.arguments);
        segmentStart = streamed.length;
        screen.working("working…");
      },
      finish: async (finalText) => {
        const segment = streamed.slice(segmentStart).replace(/^\n+/, "");
        if (segment && finalText.startsWith(segment)) screen.text(finalText.slice(segment.length));
        else if (!streamed.includes(finalText))
          screen.text(`${streamed.endsWith("\n") || !streamed ? "" : "\n"}${finalText}`);
        screen.endReply();
        markShown();
        return [`cli-out-${++this.#sent}`];
      },
      fail: async (note) => {
        screen.endReply();
        screen.notice(note);
        return true;
      },
    };
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

function terminalChoice(line: string): ApprovalChoice {
  const answer = line.trim().toLowerCase();
  if (answer === "y" || answer === "yes") return "once";
  if (answer === "a" || answer === "always") return "conversation";
  return "deny";
}

function senderName(): string {
  try {
    return userInfo().username;
  } catch {
    return "you";
  }
}
