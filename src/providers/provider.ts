/**
 * The model boundary. Messages use the OpenAI Chat Completions wire shape, so a
 * session's history can be stored and replayed as it is.
 *
 * This file: `LlmProvider`, the messages, `ProviderError`. `openai.ts`: the OpenAI-compatible client, over
 * `guarded-fetch.ts` (the answer's body bounded in time too), `assemble-stream.ts` (a streamed answer joined) and
 * `text-deltas.ts` (no delta repeated across retries). `model-router.ts`: the `ModelRouter` above them (named
 * providers, fallbacks, cooldowns); `configured-router.ts` builds it from the config, each SDK loaded on its first
 * call. `transcription.ts`: speech to text for voice messages.
 */
import type { ToolSchema } from "../tools/tool.js";

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** One part of a user message with more than text (Chat Completions content parts): images go as data URLs. */
export type UserContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

/**
 * Anthropic's thinking as it came (a thinking block with its signature, or a redacted one):
 * sent back unchanged within a tool loop, and never shown.
 */
export type AnthropicThinkingBlock =
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };

/** A Responses API reasoning item as it came (`id`, `summary`, `encrypted_content`, ...): sent back unchanged. */
export type ResponsesReasoningItem = { type: "reasoning"; id: string } & Record<string, unknown>;

/**
 * What one API carries across the turns of a tool loop on the assistant message that produced
 * it: every other API leaves it out when it converts the history.
 */
export interface AssistantCarry {
  /** The thinking blocks of an Anthropic answer, in order, before its text and tool calls. */
  anthropic_thinking?: AnthropicThinkingBlock[];
  /** The reasoning items of a Responses answer, in order, before its message and function calls. */
  responses_reasoning?: ResponsesReasoningItem[];
}

export type ChatMessage =
  | { role: "system"; content: string }
  /** Content parts only in the request of the turn they arrive in; sessions store the text. */
  | { role: "user"; content: string | UserContentPart[]; name?: string }
  | ({ role: "assistant"; content: string | null; tool_calls?: ToolCall[] } & AssistantCarry)
  | { role: "tool"; tool_call_id: string; content: string };

/** How hard a model thinks before it answers (`agents.defaults.thinking`). */
export type ThinkingLevel = "off" | "low" | "medium" | "high";

/**
 * Messages kept as their JSON (a session's history, see src/agent/sessions/stored-history.ts): Chat Completions
 * sends them as they are; an API that needs the objects decodes them (`messages()`, kept once decoded).
 */
export interface EncodedMessages {
  readonly length: number;
  /** Their JSON as Chat Completions takes it (healed of lone surrogates), joined by commas, as UTF-8 in parts. */
  jsonParts(): readonly Uint8Array[];
  /** Whether one of them may carry what only another API reads (then `json` holds that too). */
  readonly carries: boolean;
  messages(): readonly ChatMessage[];
}

export interface ChatRequest {
  model: string;
  /** The system prompt first, then (after `history`, when given) the new message and the turn's tool rounds. */
  messages: ChatMessage[];
  /** The conversation so far, kept encoded: it comes right after `messages[0]` (the system prompt). */
  history?: EncodedMessages;
  /** Omit (or pass empty) for a call without tools. */
  tools?: ToolSchema[];
  maxTokens?: number;
  temperature?: number;
  /** Thinking (reasoning) before the answer, for the APIs that take it (default `off`). */
  thinking?: ThinkingLevel;
  /**
   * Called with each piece of answer text as the model writes it. When set, the call
   * streams (whatever the provider's own stream setting says); wrappers pass it on.
   */
  onTextDelta?: (text: string) => void;
}

/** All of a request's messages as objects: the system prompt, the history (decoded), then the rest. */
export function requestMessages(request: Pick<ChatRequest, "messages" | "history">): ChatMessage[] {
  const { messages, history } = request;
  if (!history || history.length === 0) return messages;
  return [...messages.slice(0, 1), ...history.messages(), ...messages.slice(1)];
}

export interface ChatResponse {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  /**
   * `promptTokens` are all input tokens: uncached, read from the prompt cache (`cachedTokens`) and
   * written to it (`cacheWriteTokens`).
   */
  usage?: { promptTokens: number; completionTokens: number; cachedTokens?: number; cacheWriteTokens?: number };
  /** What the answer's API carries to its next requests (thinking blocks, reasoning items): stored with the assistant message. */
  carry?: AssistantCarry;
  /** Which provider and model answered (set by the model router, which may have failed over). */
  servedBy?: { provider: string; model: string };
}

/** A chat model. Implementations retry transient failures themselves. */
export interface LlmProvider {
  readonly name: string;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
}

export type ProviderErrorKind =
  | "auth"
  | "rate-limit"
  | "server"
  | "network"
  | "timeout"
  | "bad-request"
  | "bad-response"
  | "aborted";

/** A model call that failed after its retries. */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  /** The `providers.<name>` whose call failed, when known (the model router says it). */
  provider: string | undefined;
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly options: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
  }

  get status(): number | undefined {
    return this.options.status;
  }

  get retryable(): boolean {
    return this.options.retryable ?? ["rate-limit", "server", "network", "timeout"].includes(this.kind);
  }
}
