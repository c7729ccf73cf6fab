import { BodyFault } from "./guarded-fetch.js";
import type { ChatResponse, ToolCall } from "./provider.js";
import type { SseEvent } from "./sse-events.js";

/** What this client reads of a Chat Completions stream chunk. */
interface ChatCompletionChunk {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: Parameters<typeof usageOf>[0] | null;
  error?: { message?: unknown } | null;
}

/** An error object a server put inside its stream instead of a chunk. */
export class StreamedError extends Error {
  override readonly name = "StreamedError";
}

/**
 * Joins an SSE answer's chunks into one response: text deltas, tool calls by index, the
 * finish reason and usage. A stream that ends with neither a finish reason nor `[DONE]`
 * was cut short: it is a failed call (a {@link BodyFault}), not a complete answer.
 */
export async function assembleStream(
  events: AsyncIterable<SseEvent>,
  signal: AbortSignal,
  onTextDelta?: (text: string) => void,
): Promise<ChatResponse> {
  let content = "";
  let sawContent = false;
  let sawDone = false;
  let finishReason: string | null = null;
  let usage: ChatResponse["usage"];
  const calls: ToolCall[] = [];
  for await (const event of events) {
    if (sawDone) continue;
    if (event.data.startsWith("[DONE]")) {
      sawDone = true;
      continue;
    }
    const chunk = JSON.parse(event.data) as ChatCompletionChunk;
    if (chunk?.error) {
      const message = chunk.error.message;
      throw new StreamedError(typeof message === "string" ? message : JSON.stringify(chunk.error));
    }
    if (chunk.usage) usage = usageOf(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const text = choice.delta?.content;
    if (text) {
      content += text;
      sawContent = true;
      onTextDelta?.(text);
    }
    for (const delta of choice.delta?.tool_calls ?? []) {
      calls[delta.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } };
      const call = calls[delta.index]!;
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  signal.throwIfAborted();
  if (finishReason === null && !sawDone)
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
