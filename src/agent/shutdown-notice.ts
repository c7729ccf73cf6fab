import type { Logger } from "pino";
import type { InboundMessage } from "../bus/messages.js";
import type { GateChain } from "../gates/gate-chain.js";
import type { ChatReplies } from "./chat-replies.js";

/** The answer to a message that arrives while skein is shutting down. */
const RESTARTING_TEXT = "I'm restarting right now and can't work on this. Please send it again in a moment.";

export interface ShutdownNoticeOptions {
  gates: GateChain;
  replies: ChatReplies;
  log: Logger;
}

/**
 * Answers a message that arrived while stopping with a restart notice instead of a turn:
 * the platform already counts it as delivered, so silence would lose it. It still passes
 * the gates (no notice to a stranger or for a duplicate). Never rejects.
 */
export async function answerWhileStopping(message: InboundMessage, options: ShutdownNoticeOptions): Promise<void> {
  const { gates, replies, log } = options;
  if (message.internal) {
    log.warn(
      { channel: message.channel, chatId: message.chatId },
      "a background result arrived while shutting down and was not passed on",
    );
    return;
  }
  try {
    const admission = await gates.admit(message);
    if (admission.type === "admit") await replies.send(admission.message, RESTARTING_TEXT);
    else if (admission.type === "reply") await replies.send(message, admission.text);
  } catch (error) {
    log.warn(
      { err: error, channel: message.channel, chatId: message.chatId },
      "could not answer a message that arrived while shutting down",
    );
  }
}
