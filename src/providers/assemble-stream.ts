import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { BodyFault, type StreamWatch } from "./guarded-fetch.js";
import type { ChatResponse, ToolCall } from "./provider.js";

/**
 * Joins an SSE answer's chunks into one response: text deltas, tool calls by index, the
 * finish reason and usage. A stream that ends with neither a finish reason nor `[DONE]`
 * was cut short: it is a failed call (a {@link BodyFault}), not a complete answer.
 */
export async function assembleStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  watch: StreamWatch,
  signal: AbortSignal,
  onTextDelta?: (text: string) => void,
): Promise<ChatResponse> {
  let content = "";
  let sawContent = false;
  let finishReason: string | null = null;
  let usage: ChatResponse["usage"];
  const calls: ToolCall[] = [];
  for await (const chunk of stream) {
    if (chunk.usage) usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) continue;
    if (choice.delta.content) {
      content += choice.delta.content;
      sawContent = true;
      onTextDelta?.(choice.delta.content);
    }
    for (const delta of choice.delta.tool_calls ?? []) {
      calls[delta.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } };
      const call = calls[delta.index]!;
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  // The SDK ends a stream quietly when the call is aborted.
  signal.throwIfAborted();
  if (finishReason === null && !watch.sawDone)
    throw new BodyFault("cut", "the model's answer stream ended before it was complete");
  return {
    content: sawContent ? content : null,
    toolCalls: calls.filter(Boolean),
    finishReason,
    ...(usage ? { usage } : {}),
  };
}

/** The usage an answer reports, with the prompt tokens its provider's cache served when it says. */
export function usageOf(usage: {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
}): NonNullable<ChatResponse["usage"]> {
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    ...(typeof cached === "number" && cached > 0 ? { cachedTokens: cached } : {}),
  };
}
