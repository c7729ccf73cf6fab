import { chatKeyOf } from "../../bus/messages.js";
import type { StreamDelivery } from "../../channel-kit/reply-stream.js";
import type { StreamedTurn } from "./streamed-turn.js";
import { runToolLoop } from "./tool-loop.js";
import { isQuietAnswer, isVerbatim, verbatimResult } from "./triggered-turn.js";
import type { ComputedTurn, TurnOutcome, TurnRunnerOptions } from "./turn-contract.js";
import type { TurnPlan } from "./turn-plan.js";

/** What answering a planned turn uses of the runner's options. */
export type AnswerOptions = Pick<TurnRunnerOptions, "agent" | "replies" | "log" | "registry" | "namePrefix">;

/** The answer with the agent's `name_prefix` before it (and a space, unless the prefix ends with one). */
function prefixed(answer: string, namePrefix: string | undefined): string {
  return namePrefix ? `${namePrefix}${/\s$/.test(namePrefix) ? "" : " "}${answer}` : answer;
}

/**
 * Runs the tool loop of a planned turn (feeding `streamed` as the model writes); the reply goes
 * to the chat unless a tool already sent there or a triggered turn had nothing to report.
 */
export async function answerTurn(
  options: AnswerOptions,
  plan: TurnPlan,
  signal: AbortSignal,
  streamed: StreamedTurn | undefined,
): Promise<ComputedTurn> {
  const { agent, replies, log } = options;
  const { sessionKey, message, deliveredTo } = plan;
  const result = isVerbatim(message)
    ? verbatimResult(message.text)
    : await runToolLoop(
        {
          provider: plan.provider,
          registry: options.registry,
          model: plan.model,
          maxIterations: agent.max_tool_iterations,
          maxTokens: agent.max_tokens,
          temperature: agent.temperature,
          thinking: agent.thinking,
          vision: agent.vision,
          log,
        },
        {
          messages: plan.messages,
          history: plan.history,
          toolContext: plan.toolContext,
          signal,
          showToUser: (forUser) => replies.send(message, forUser).then(() => undefined),
          ...streamed?.hooks(),
        },
      );
  const answer = result.text.trim() ? result.text : "(The model sent an empty answer.)";
  const reply = prefixed(answer, options.namePrefix);
  const suppressed = deliveredTo.has(chatKeyOf(message)) || isQuietAnswer(message, result.text);
  const outcome: TurnOutcome = {
    message,
    sessionKey,
    status: "answered",
    reply,
    toolCalls: result.toolCalls,
    usage: result.usage,
  };
  const records = [plan.userMessage, ...(plan.skill?.messages ?? []), ...result.added];
  if (streamed && (!suppressed || streamed.fed)) {
    const finish = async (delivery: StreamDelivery) =>
      void (await replies.finishStream(streamed.stream, message, reply, sessionKey, delivery));
    return { outcome, records, replies: [reply], finish };
  }
  if (streamed) return { outcome, records, replies: [], finish: () => streamed.stream.fail("").then(() => undefined) };
  return { outcome, records, replies: suppressed ? [] : [reply] };
}
