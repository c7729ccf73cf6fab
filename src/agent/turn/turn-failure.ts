import type { InboundMessage } from "../../bus/messages.js";
import type { ChatMessage } from "../../providers/provider.js";
import { apologyFor, ShuttingDown } from "./apology.js";
import { errorText } from "./chat-replies.js";
import type { StreamedTurn } from "./streamed-turn.js";
import { isJournaled } from "./triggered-turn.js";
import type { ComputedTurn, TurnRunnerOptions } from "./turn-contract.js";
import { storedAfterFailure } from "./user-message.js";

/** A turn that did not answer: why, and what of it there is to store or to finish. */
export interface TurnFailure {
  reason: unknown;
  sessionKey: string;
  message: InboundMessage;
  userMessage: ChatMessage;
  streamed: StreamedTurn | undefined;
}

/**
 * What a failed turn leaves: a journaled turn stopped by the shutdown is deferred (it runs again after
 * the next start); any other gets a short apology, stored with the user's message and sent to the chat
 * (below a preview already showing, never a second copy). The operator is told once per cause
 * (`advised`) how to fix a misconfiguration.
 */
export async function failedTurn(
  options: Pick<TurnRunnerOptions, "agent" | "log" | "replies">,
  advised: Set<string>,
  failure: TurnFailure,
): Promise<ComputedTurn> {
  const { agent, log, replies } = options;
  const { reason, sessionKey, message, userMessage, streamed } = failure;
  if (reason instanceof ShuttingDown && isJournaled(message)) {
    log.info({ session: sessionKey }, "turn stopped by the shutdown; it runs again after the next start");
    await streamed?.stream.fail("").catch(() => undefined);
    return {
      outcome: { message, sessionKey, status: "deferred", error: errorText(reason) },
      records: [],
      replies: [],
    };
  }
  log.warn({ session: sessionKey, error: errorText(reason), kind: (reason as { kind?: string }).kind }, "turn failed");
  const { text: reply, advice } = apologyFor(reason, agent.turn_timeout);
  if (advice && !advised.has(advice.cause)) {
    advised.add(advice.cause);
    log.error({ setting: advice.setting, error: errorText(reason) }, `the bot is misconfigured: ${advice.message}`);
  }
  return {
    outcome: {
      message,
      sessionKey,
      status: "failed",
      reply,
      error: errorText(reason),
      ...(advice && { remedy: advice.message }),
    },
    records: [storedAfterFailure(userMessage, reason), { role: "assistant", content: reply }],
    replies: [reply],
    ...(streamed && {
      finish: async () => {
        if (!(await streamed.stream.fail(reply))) await replies.send(message, reply, sessionKey);
      },
    }),
  };
}
