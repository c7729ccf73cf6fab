import type { Logger } from "pino";
import type { InboundMessage, OutboundMessage, SendOptions } from "../../bus/messages.js";
import type { ReplyStream, ReplyTarget, StreamDelivery } from "../../channel-kit/reply-stream.js";
import type { ChatMessage } from "../../providers/provider.js";
import type { SessionStore } from "../sessions/sessions.js";

export interface ChatRepliesOptions {
  /** Routes a message to its channel; resolves once delivered (the bus's `publishOutbound`). */
  publish: (message: OutboundMessage, options?: SendOptions) => Promise<unknown>;
  sessions: Pick<SessionStore, "append">;
  log: Logger;
}

/** How a delivery ended. */
export type Delivery = { type: "delivered" } | { type: "failed"; error: unknown };

/** Answers in the chat a message came from, and records turns in their sessions. */
export class ChatReplies {
  readonly #options: ChatRepliesOptions;

  constructor(options: ChatRepliesOptions) {
    this.#options = options;
  }

  /**
   * Sends text to the message's chat (its thread, as a reply to it). A failure is logged
   * and, when `sessionKey` is given, noted in that session so the model knows next turn.
   * Resolves with whether it was delivered; never rejects.
   */
  async send(message: InboundMessage, text: string, sessionKey?: string): Promise<boolean> {
    return (await this.deliver(replyTo(message, text), sessionKey)).type === "delivered";
  }

  /** Like {@link send}, for an outbound message already made, with the bus's send options; never rejects. */
  deliver(outbound: OutboundMessage, sessionKey?: string, options?: SendOptions): Promise<Delivery> {
    return this.#delivering(outbound, sessionKey, () => this.#options.publish(outbound, options));
  }

  /** Ends a streamed reply with its final text; failures are handled as {@link send}'s are. */
  async finishStream(
    stream: ReplyStream,
    message: InboundMessage,
    text: string,
    sessionKey?: string,
    delivery?: StreamDelivery,
  ): Promise<boolean> {
    return (await this.#delivering(message, sessionKey, () => stream.finish(text, delivery))).type === "delivered";
  }

  async #delivering(
    to: Pick<InboundMessage, "channel" | "chatId">,
    sessionKey: string | undefined,
    deliver: () => Promise<unknown>,
  ): Promise<Delivery> {
    try {
      await deliver();
      return { type: "delivered" };
    } catch (error) {
      this.#options.log.warn({ channel: to.channel, chatId: to.chatId, err: error }, "reply could not be delivered");
      if (sessionKey) {
        this.record(sessionKey, [
          { role: "system", content: `Note: your previous reply could not be delivered (${errorText(error)}).` },
        ]);
      }
      return { type: "failed", error };
    }
  }

  /** Stores messages in a session: in memory now, written and fsynced in the background (a failure is logged). */
  record(sessionKey: string, messages: ChatMessage[]): void {
    this.#options.sessions.append(sessionKey, messages).catch((error: unknown) => {
      this.#options.log.error({ session: sessionKey, err: error }, "cannot store the session");
    });
  }
}

/** Where the answer to `message` goes: its chat, its thread, as a reply to it (groups). */
export function replyTargetOf(message: InboundMessage): ReplyTarget {
  return {
    channel: message.channel,
    chatId: message.chatId,
    ...(message.threadId ? { threadId: message.threadId } : {}),
    ...(message.replyToId ? { replyToId: message.replyToId } : {}),
  };
}

/** The reply to `message` in its chat (its thread, as a reply to it). */
export function replyTo(message: InboundMessage, text: string): OutboundMessage {
  return { ...replyTargetOf(message), text };
}

/** The message of an error, or the value as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
