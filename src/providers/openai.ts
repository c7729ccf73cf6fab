import { Readable } from "node:stream";
import OpenAI from "openai";
import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";
import type { ModelProviderConfig } from "../config/schema.js";
import { type HttpFetch, httpFetch } from "../util/http-fetch.js";
import { withRetry } from "../util/retry.js";
import { wellFormedDeep } from "../util/well-formed.js";
import { assembleStream, usageOf } from "./assemble-stream.js";
import { BodyFault, guardedFetch, type StreamWatch, streamWatchKey } from "./guarded-fetch.js";
import { type ChatMessage, type ChatRequest, type ChatResponse, type LlmProvider, ProviderError } from "./provider.js";
import {
  causeChain,
  commonProviderError,
  kindOfStatus,
  noLongWaits,
  unknownProviderError,
  withCallSignal,
} from "./provider-errors.js";
import { deltasAcrossAttempts } from "./text-deltas.js";

export interface OpenAIProviderOptions {
  /** The `providers.<name>` this client serves (default `openai`). */
  name?: string;
  apiKey?: string;
  /** Any OpenAI-compatible server, e.g. `http://localhost:11434/v1` (default: OpenAI). */
  baseUrl?: string;
  /** Time limit of one request in milliseconds: headers and the whole body (default 120 s). */
  timeoutMs?: number;
  /** How long a streamed answer may go without a chunk, in milliseconds (default 60 s, at most `timeoutMs`). */
  idleTimeoutMs?: number;
  /**
   * Retries of 408/409/429/5xx and connection errors, with the SDK's backoff (honours Retry-After),
   * and of answers that stalled or were cut after their headers.
   */
  maxRetries?: number;
  /** The backoff before the first retry of a stalled or cut answer (default 500 ms; it doubles). */
  retryDelayMs?: number;
  /** Ask for SSE streaming and assemble the answer from its chunks. */
  stream?: boolean;
  /** Extra HTTP headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * A 429 or 503 asking to wait longer than this many seconds is not retried but fails at
   * once, so that a fallback model can answer instead (default: always retried).
   */
  maxRetryAfterSeconds?: number;
  /** How requests are sent (default {@link httpFetch}); injectable for tests. */
  fetch?: HttpFetch;
  /** Mark the system prompt and the last message with Anthropic-style `cache_control` breakpoints. */
  cacheControl?: boolean;
}

/** Options from a `providers.<name>` config section. */
export function openAIOptionsFrom(config: ModelProviderConfig, name = "openai"): OpenAIProviderOptions {
  return {
    name,
    headers: config.headers,
    apiKey: config.api_key,
    baseUrl: config.base_url,
    timeoutMs: config.timeout * 1000,
    idleTimeoutMs: config.idle_timeout * 1000,
    maxRetries: config.max_retries,
    stream: config.stream,
    cacheControl: config.cache_control,
  };
}

/**
 * The official SDK's client for `options`: over the lean {@link httpFetch} with every answer's body
 * bounded (see guarded-fetch.ts), JSON read even without a Content-Type. The Responses API's client
 * uses it too.
 */
export function createOpenAIClient(options: OpenAIProviderOptions): OpenAI {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const fetchImpl = jsonWithoutContentType(options.fetch ?? httpFetch);
  return new OpenAI({
    // Local servers usually need no key; the SDK insists on one.
    apiKey: options.apiKey || "not-needed",
    baseURL: options.baseUrl,
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    // The SDK reads from a response only what an HttpResponse has (see util/http-fetch.ts).
    fetch: guardedFetch(
      options.maxRetryAfterSeconds === undefined ? fetchImpl : noLongWaits(fetchImpl, options.maxRetryAfterSeconds),
      { deadlineMs: timeoutMs, idleMs: Math.min(timeoutMs, options.idleTimeoutMs ?? 60_000) },
    ) as unknown as typeof fetch,
    ...(options.headers && Object.keys(options.headers).length ? { defaultHeaders: options.headers } : {}),
  });
}

/** Chat Completions over the official SDK: OpenAI, OpenRouter, Groq, Ollama, vLLM, LM Studio... */
export class OpenAIProvider implements LlmProvider {
  readonly name: string;
  readonly #client: OpenAI;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #cacheControl: boolean;

  constructor(options: OpenAIProviderOptions = {}) {
    this.name = options.name ?? "openai";
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#client = createOpenAIClient(options);
    this.#stream = options.stream ?? false;
    this.#cacheControl = options.cacheControl ?? false;
  }

  /**
   * One chat completion. The SDK retries failures before the answer's headers; an answer
   * that stalls or is cut after them (a {@link BodyFault}) is retried here, as many times.
   */
  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    try {
      const attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
      return await withRetry(() => this.#attempt(request, signal, attemptDeltas?.()), {
        classify: (error) => ({ retryable: error instanceof BodyFault && !signal?.aborted }),
        attempts: this.#maxRetries + 1,
        baseDelayMs: this.#retryDelayMs,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error, signal);
    }
  }

  async #attempt(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    onTextDelta?: (text: string) => void,
  ): Promise<ChatResponse> {
    // A lone surrogate stored in a session (or listed by an MCP server) would get the request
    // rejected as invalid JSON, this turn and every later one of the chat: healed on the way out.
    const messages = withoutCarry(request.messages);
    const params = {
      model: request.model,
      messages: wellFormedDeep(
        this.#cacheControl ? withCacheBreakpoints(messages) : messages,
      ) as ChatCompletionCreateParams["messages"],
      ...(request.tools?.length ? { tools: wellFormedDeep(request.tools) } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    return withCallSignal(signal, async (callSignal) => {
      // A caller that wants the text as it is written gets a stream whatever the setting says.
      if (this.#stream || onTextDelta) {
        const watch: StreamWatch = { sawDone: false };
        const stream = await this.#client.chat.completions.create(
          { ...params, stream: true, stream_options: { include_usage: true } },
          { signal: callSignal, fetchOptions: { [streamWatchKey]: watch } as Record<symbol, unknown> },
        );
        return await assembleStream(stream, watch, callSignal, onTextDelta);
      }
      const completion = await this.#client.chat.completions.create(
        { ...params, stream: false },
        { signal: callSignal },
      );
      const choice = completion.choices?.[0];
      if (!choice) throw new ProviderError("bad-response", "the model returned no choices");
      const message = choice.message;
      return {
        content: message.content ?? null,
        // Some compatible servers leave out `type`; a call with a function is a function call.
        toolCalls: (message.tool_calls ?? []).flatMap((call) =>
          (call.type === "function" || call.type === undefined) && "function" in call && call.function
            ? [
                {
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.function.name, arguments: call.function.arguments ?? "" },
                },
              ]
            : [],
        ),
        finishReason: choice.finish_reason ?? null,
        ...(completion.usage ? { usage: usageOf(completion.usage) } : {}),
      };
    });
  }
}

/**
 * The history without what other APIs carry on assistant messages (thinking blocks, reasoning
 * items), which Chat Completions does not know: the same array when no message has any.
 */
export function withoutCarry(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  let stripped: ChatMessage[] | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role !== "assistant" || (!message.anthropic_thinking && !message.responses_reasoning)) continue;
    stripped ??= messages.slice();
    const { anthropic_thinking: _thinking, responses_reasoning: _reasoning, ...plain } = message;
    stripped[index] = plain;
  }
  return stripped ?? messages;
}

/**
 * The messages with Anthropic-style prompt cache breakpoints (`cache_control: {type: "ephemeral"}`
 * on the last text part) on the system prompt and the last message: what OpenRouter passes on to
 * Anthropic models, which cache only up to a marked breakpoint.
 */
export function withCacheBreakpoints(messages: readonly ChatMessage[]): unknown[] {
  const last = messages.length - 1;
  return messages.map((message, index) => {
    if (!(index === last || (index === 0 && message.role === "system"))) return message;
    const content = message.content;
    const breakpoint = { cache_control: { type: "ephemeral" } };
    if (typeof content === "string" && content !== "")
      return { ...message, content: [{ type: "text", text: content, ...breakpoint }] };
    if (Array.isArray(content)) {
      const at = content.findLastIndex((part) => part.type === "text");
      if (at < 0) return message;
      return { ...message, content: content.map((part, i) => (i === at ? { ...part, ...breakpoint } : part)) };
    }
    return message;
  });
}

/**
 * The SDK parses a body as JSON only when the answer says `application/json`; some small
 * compatible servers send JSON with no Content-Type at all, which would reach us as a string.
 */
function jsonWithoutContentType(fetchImpl: HttpFetch): HttpFetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.headers.has("content-type") || !response.body) return response;
    const text = await response.text();
    if (/^\s*[[{]/.test(text)) response.headers.set("content-type", "application/json");
    return response.withBody(Readable.from([Buffer.from(text)]));
  };
}

/** Maps whatever the SDK threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
    return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  }
  const common = commonProviderError(error);
  if (common) return common;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError("timeout", "the model did not answer in time", { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const kind = kindOfStatus(error.status);
    return new ProviderError(kind, `the model server answered ${error.message}`, {
      status: error.status,
      cause: error,
    });
  }
  return unknownProviderError(error);
}
