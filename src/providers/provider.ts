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

export type ChatMessage =
  | { role: "system"; content: string }
  /** Content parts only in the request of the turn they arrive in; sessions store the text. */
  | { role: "user"; content: string | UserContentPart[]; name?: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Omit (or pass empty) for a call without tools. */
  tools?: ToolSchema[];
  maxTokens?: number;
  temperature?: number;
  /**
   * Called with each piece of answer text as the model writes it. When set, the call
   * streams (whatever the provider's own stream setting says); wrappers pass it on.
   */
  onTextDelta?: (text: string) => void;
}

export interface ChatResponse {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  /** `cachedTokens`: of `promptTokens`, those the provider's prompt cache served (`prompt_tokens_details.cached_tokens`). */
  usage?: { promptTokens: number; completionTokens: number; cachedTokens?: number };
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
