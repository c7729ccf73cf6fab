import { contentText, type FakeOpenAI, type Responder, spokenText } from "../fakes/fake-openai.js";
import { waitUntil } from "./wait-until.js";

/** A tool call as a user writes it for {@link toolCallingResponder}. */
export interface WrittenToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The text that makes {@link toolCallingResponder} call these tools. */
export function askForTools(...calls: WrittenToolCall[]): string {
  return `tool ${JSON.stringify(calls)}`;
}

/**
 * A model that makes the tool calls a user writes (`tool [{"name":…,"arguments":…}]`, see
 * {@link askForTools}) and answers "done" once their results are in; anything else is echoed.
 */
export const toolCallingResponder: Responder = (request) => {
  const last = request.body.messages.at(-1);
  const text = spokenText(last?.content);
  if (last?.role === "user" && text.startsWith("tool ")) {
    const calls = JSON.parse(text.slice("tool ".length)) as WrittenToolCall[];
    return { toolCalls: calls.map((call, index) => ({ id: `call_${index}`, ...call })) };
  }
  return { content: last?.role === "tool" ? "done" : `echo: ${text}` };
};

/**
 * Resolves with the results (parsed JSON) of the tool calls the model made after its
 * request number `after`, once `count` of them reached it.
 */
export async function toolResultsAfter(
  model: FakeOpenAI,
  after: number,
  count = 1,
  limitMs = 20_000,
): Promise<Array<Record<string, unknown>>> {
  const results = () =>
    model.requests
      .slice(after)
      .findLast((request) => request.body.messages.at(-1)?.role === "tool")
      ?.body.messages.filter((message) => message.role === "tool")
      .slice(-count) ?? [];
  await waitUntil(() => results().length === count, `${count} tool results reach the model`, limitMs);
  return results().map((message) => JSON.parse(contentText(message.content)) as Record<string, unknown>);
}
