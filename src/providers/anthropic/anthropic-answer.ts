/**
 * An Anthropic answer as a {@link ChatResponse}: from a whole message (JSON), or assembled from
 * the events of a streamed one. Thinking blocks are carried (for the next requests of the tool
 * loop) and never passed on as text.
 */
import { BodyFault } from "../guarded-fetch.js";
import type { AnthropicThinkingBlock, ChatResponse, ToolCall } from "../provider.js";

/** The parts of a Messages API answer this reads. */
export interface AnthropicAnswer {
  content: Array<{ type: string } & Record<string, unknown>>;
  stop_reason: string | null;
  usage?: AnthropicUsage;
}

interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** One event of a streamed answer (what the SDK's stream yields). */
export interface AnthropicStreamEvent {
  type: string;
  index?: number;
  message?: AnthropicAnswer;
  content_block?: { type: string } & Record<string, unknown>;
  delta?: Record<string, unknown> & { type?: string };
  usage?: AnthropicUsage;
}

/** Anthropic's stop reasons in Chat Completions' words (the tool loop reads `length`). */
const finishReasons: Record<string, string> = { end_turn: "stop", max_tokens: "length", tool_use: "tool_calls" };

/** Input tokens are the uncached ones, cache reads and cache writes together. */
function usageOf(usage: AnthropicUsage): NonNullable<ChatResponse["usage"]> {
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  return {
    promptTokens: (usage.input_tokens ?? 0) + read + written,
    completionTokens: usage.output_tokens ?? 0,
    ...(read > 0 ? { cachedTokens: read } : {}),
    ...(written > 0 ? { cacheWriteTokens: written } : {}),
  };
}

/** The response a whole answer makes: its text, tool calls, thinking blocks (carried), stop reason and usage. */
export function responseOfAnswer(answer: AnthropicAnswer): ChatResponse {
  let text = "";
  let sawText = false;
  const toolCalls: ToolCall[] = [];
  const thinking: AnthropicThinkingBlock[] = [];
  for (const block of answer.content) {
    if (block.type === "text") {
      text += String(block.text ?? "");
      sawText = true;
    } else if (block.type === "tool_use") {
      toolCalls.push({
        id: String(block.id),
        type: "function",
        function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) },
      });
    } else if (block.type === "thinking") {
      thinking.push({
        type: "thinking",
        thinking: String(block.thinking ?? ""),
        signature: String(block.signature ?? ""),
      });
    } else if (block.type === "redacted_thinking") {
      thinking.push({ type: "redacted_thinking", data: String(block.data ?? "") });
    }
  }
  const reason = answer.stop_reason;
  return {
    content: sawText ? text : null,
    toolCalls,
    finishReason: reason === null ? null : (finishReasons[reason] ?? reason),
    ...(answer.usage ? { usage: usageOf(answer.usage) } : {}),
    ...(thinking.length > 0 ? { carry: { anthropic_thinking: thinking } } : {}),
  };
}

/**
 * Joins a streamed answer's events into the whole answer: blocks by index (text, tool input as
 * JSON text, thinking and its signature), the stop reason and usage. Text deltas go to
 * `onTextDelta` as they come; thinking never does. A stream that ends before `message_stop`
 * was cut: a {@link BodyFault}, retried like a cut Chat Completions stream.
 */
export async function assembleAnthropicStream(
  events: AsyncIterable<AnthropicStreamEvent>,
  signal: AbortSignal,
  onTextDelta?: (text: string) => void,
): Promise<ChatResponse> {
  const blocks: Array<{ type: string } & Record<string, unknown>> = [];
  const toolInput = new Map<number, string>();
  let stopReason: string | null = null;
  let usage: AnthropicUsage = {};
  let stopped = false;
  for await (const event of events) {
    switch (event.type) {
      case "message_start":
        usage = { ...event.message?.usage };
        break;
      case "content_block_start":
        blocks[event.index!] = { ...event.content_block! };
        if (event.content_block?.type === "tool_use") toolInput.set(event.index!, "");
        break;
      case "content_block_delta":
        applyDelta(blocks[event.index!], event.delta ?? {}, toolInput, event.index!, onTextDelta);
        break;
      case "message_delta":
        stopReason = (event.delta?.stop_reason as string | null | undefined) ?? stopReason;
        usage = { ...usage, ...definedOnly(event.usage ?? {}) };
        break;
      case "message_stop":
        stopped = true;
        break;
    }
  }
  // The SDK ends a stream quietly when the call is aborted.
  signal.throwIfAborted();
  if (!stopped) throw new BodyFault("cut", "the model's answer stream ended before it was complete");
  for (const [index, json] of toolInput) {
    const block = blocks[index];
    if (block) block.input = json.trim() === "" ? {} : JSON.parse(json);
  }
  return responseOfAnswer({ content: blocks.filter(Boolean), stop_reason: stopReason, usage });
}

function applyDelta(
  block: Record<string, unknown> | undefined,
  delta: Record<string, unknown>,
  toolInput: Map<number, string>,
  index: number,
  onTextDelta: ((text: string) => void) | undefined,
): void {
  if (!block) return;
  switch (delta.type) {
    case "text_delta": {
      const text = String(delta.text ?? "");
      block.text = String(block.text ?? "") + text;
      if (text) onTextDelta?.(text);
      break;
    }
    case "input_json_delta":
      toolInput.set(index, (toolInput.get(index) ?? "") + String(delta.partial_json ?? ""));
      break;
    case "thinking_delta":
      block.thinking = String(block.thinking ?? "") + String(delta.thinking ?? "");
      break;
    case "signature_delta":
      block.signature = String(block.signature ?? "") + String(delta.signature ?? "");
      break;
  }
}

/** The usage fields a `message_delta` states (it may leave some out, or send them as null). */
function definedOnly(usage: AnthropicUsage): AnthropicUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => typeof value === "number"));
}
