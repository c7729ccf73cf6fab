import { randomUUID } from "node:crypto";
import type { MessageBus } from "../../bus/message-bus.js";
import type { DeliveryReceipt, InboundMessage, MediaAttachment, OutboundMessage } from "../../bus/messages.js";
import type { ApprovalHandle, ApprovalPrompt } from "../../channel-kit/approval.js";
import type { DownloadOptions, DownloadResult } from "../../channel-kit/attachment-download.js";
import type { Channel, ChannelStatus, SendOptions } from "../../channel-kit/channel.js";
import { deliverChunks } from "../../channel-kit/deliver-chunks.js";
import type { ReplyStream, ReplyTarget, StreamDelivery } from "../../channel-kit/reply-stream.js";
import type { ChatEvent, ChatEvents } from "./chat-events.js";
import type { WebConversations } from "./web-conversations.js";
import type { WebUploads } from "./web-uploads.js";

/** The sender of every web-chat message: the operator logged in to the dashboard. */
export const WEB_OPERATOR = { senderId: "operator", senderName: "operator" } as const;

/** What became of a message the operator sent. */
export type SayResult = { type: "recorded"; messageId: string } | { type: "empty" };

export interface WebChannelOptions {
  bus: MessageBus;
  /** Where the browsers' events go. */
  events: ChatEvents;
  conversations: WebConversations;
  uploads: WebUploads;
  now?: () => Date;
}

/**
 * The dashboard's chat as a channel named `web`: the operator's messages are published on the
 * journaled bus like any platform's (recorded before the browser is answered, under an id that
 * never changes, so a restart mid-turn resumes the turn and answers it once), and the replies,
 * streamed or not, become {@link ChatEvent}s for the browsers. It has no `channels.web`
 * settings, so the access gate lets its messages in as it does the terminal's (`skein chat`).
 */
export class WebChannel implements Channel {
  readonly name = "web";
  readonly #options: WebChannelOptions;
  readonly #now: () => Date;
  #state: ChannelStatus = { state: "stopped", since: Date.now() };
  #sent = 0;

  constructor(options: WebChannelOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  async start(_signal: AbortSignal): Promise<void> {
    this.#state = { state: "connected", since: Date.now() };
  }

  async stop(): Promise<void> {
    this.#state = { state: "stopped", since: Date.now() };
  }

  status(): ChannelStatus {
    return this.#state;
  }

  /**
   * Records what the operator wrote in `conversation` (with the files uploaded for it since
   * its last message) on the bus; resolves once it is journaled. Nothing written and no file
   * waiting is `empty`; a message the bus refuses (skein is stopping) leaves the files waiting.
   */
  async say(conversation: string, text: string): Promise<SayResult> {
    const { uploads } = this.#options;
    const media = await uploads.take(conversation);
    if (!text.trim() && !media.length) return { type: "empty" };
    const receivedAt = this.#now();
    const message: InboundMessage = {
      id: `web:${conversation}:${randomUUID()}`,
      channel: this.name,
      chatId: conversation,
      ...WEB_OPERATOR,
      text,
      isDirect: true,
      receivedAt: receivedAt.getTime(),
      ...(media.length && { media }),
    };
    try {
      await uploads.share(media);
      await this.#options.bus.publishInbound(message);
    } catch (error) {
      await uploads.putBack(media);
      throw error;
    }
    // The message is recorded: a list that cannot be written now must not fail it.
    await this.#options.conversations.touch(conversation, receivedAt, text || media[0]?.name).catch(() => undefined);
    return { type: "recorded", messageId: message.id };
  }

  /** A whole reply (not streamed): one `final` event; files sent with it are named below the text. */
  async send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    const files = (message.attachments ?? []).map((file) => `📎 ${file.name}`);
    const text = [message.text, ...files].filter(Boolean).join("\n\n");
    const messageIds = await deliverChunks([text], options, async (chunk) => {
      await this.#final(message.chatId, chunk);
      return `web-out-${++this.#sent}`;
    });
    return { channel: this.name, chatId: message.chatId, messageIds };
  }

  /** A reply written as the model writes it: `delta` events, a `status` event per tool round, then `final`. */
  openStream(target: ReplyTarget): ReplyStream {
    const conversation = target.chatId;
    let shownText = "";
    let shownStatus: string | undefined;
    let markShown!: () => void;
    const shown = new Promise<void>((resolve) => (markShown = resolve));
    return {
      shown,
      update: (textSoFar, status) => {
        if (textSoFar !== shownText) {
          this.#emit(
            textSoFar.startsWith(shownText)
              ? { conversation, kind: "delta", text: textSoFar.slice(shownText.length) }
              : { conversation, kind: "delta", text: textSoFar, reset: true },
          );
          shownText = textSoFar;
        }
        if (status !== undefined && status !== shownStatus) this.#emit({ conversation, kind: "status", text: status });
        shownStatus = status;
        if (textSoFar.trim()) markShown();
      },
      finish: async (finalText: string, delivery?: StreamDelivery) => {
        await this.#final(conversation, finalText);
        await delivery?.onChunkDelivered?.(0);
        markShown();
        return [`web-out-${++this.#sent}`];
      },
      fail: async (note: string) => {
        this.#emit({ conversation, kind: "error", text: note });
        return true;
      },
    };
  }

  /**
   * A call waiting for approval (`tools.approval: ask`): a status line with the prompt's full
   * text; the operator decides on the dashboard's Approvals page (`POST /api/approvals/<id>`).
   */
  async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
    this.#emit({
      conversation: prompt.chatId,
      kind: "status",
      text: `${prompt.text}\n\nWaiting for approval: decide on the Approvals page.`,
      approval: prompt.id,
    });
    return { messageId: `web-approval-${prompt.id}` };
  }

  /** The prompt's outcome (decided, expired), as a status line. */
  async settleApproval(prompt: ApprovalPrompt, _handle: ApprovalHandle, text: string): Promise<void> {
    this.#emit({
      conversation: prompt.chatId,
      kind: "status",
      text: text.split("\n").at(-1) ?? text,
      approval: prompt.id,
    });
  }

  /** Copies an uploaded file to the inbox (the agent calls it once the message is admitted). */
  fetchAttachment(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult> {
    return this.#options.uploads.fetch(attachment, options);
  }

  async #final(conversation: string, text: string): Promise<void> {
    this.#emit({ conversation, kind: "final", text });
    await this.#options.conversations.touch(conversation, this.#now()).catch(() => undefined);
  }

  #emit(event: ChatEvent): void {
    this.#options.events.emit(event);
  }
}
