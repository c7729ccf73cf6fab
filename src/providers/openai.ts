import { Readable } from "node:stream";
import OpenAI from "openai";
import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";
import type { ModelProviderConfig } from "../config/schema.js";
import { type HttpFetch, httpFetch } from "../util/http-fetch.js";
import { withRetry } from "../util/retry.js";
import { wellFormedDeep } from "../util/well-formed.js";
import { assembleStream, usageOf } from "./assemble-stream.js";
import { BodyFault, guardedFetch, type StreamWatch, streamWatchKey } from "./guarded-fetch.js";
import {
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type LlmProvider,
  ProviderError,
  type ProviderErrorKind,
} from "./provider.js";
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
    const timeoutMs = options.timeoutMs ?? 120_000;
    const fetchImpl = jsonWithoutContentType(options.fetch ?? httpFetch);
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#client = new OpenAI({
      // Local servers usually need no key; the SDK insists on one.
      apiKey: options.apiKey || "not-needed",
      baseURL: options.baseUrl,
      timeout: timeoutMs,
      maxRetries: this.#maxRetries,
      // The SDK reads from a response only what an HttpResponse has (see util/http-fetch.ts).
      fetch: guardedFetch(
        options.maxRetryAfterSeconds === undefined ? fetchImpl : noLongWaits(fetchImpl, options.maxRetryAfterSeconds),
        { deadlineMs: timeoutMs, idleMs: Math.min(timeoutMs, options.idleTimeoutMs ?? 60_000) },
      ) as unknown as typeof fetch,
      ...(options.headers && Object.keys(options.headers).length ? { defaultHeaders: options.headers } : {}),
    });
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
    const params = {
      model: request.model,
      messages: wellFormedDeep(
        this.#cacheControl ? withCacheBreakpoints(request.messages) : request.messages,
      ) as ChatCompletionCreateParams["messages"],
      ...(request.tools?.length ? { tools: wellFormedDeep(request.tools) } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    // The SDK adds an abort listener to the signal it is given and never removes it, so a
    // turn's signal shared by many calls would collect them: give it a per-call signal.
    const call = new AbortController();
    const forward = () => call.abort(signal?.reason);
    if (signal?.aborted) call.abort(signal.reason);
    else signal?.addEventListener("abort", forward, { once: true });
    try {
      // A caller that wants the text as it is written gets a stream whatever the setting says.
      if (this.#stream || onTextDelta) {
        const watch: StreamWatch = { sawDone: false };
        const stream = await this.#client.chat.completions.create(
          { ...params, stream: true, stream_options: { include_usage: true } },
          { signal: call.signal, fetchOptions: { [streamWatchKey]: watch } as Record<symbol, unknown> },
        );
        return await assembleStream(stream, watch, call.signal, onTextDelta);
      }
      const completion = await this.#client.chat.completions.create(
        { ...params, stream: false },
        { signal: call.signal },
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
    } finally {
      signal?.removeEventListener("abort", forward);
    }
  }
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

/**
 * Marks a 429/503 whose `retry-after` is longer than `maxSeconds` as not to be retried
 * (`x-should-retry: false`, which the SDK obeys), so the call fails over at once.
 */
function noLongWaits(fetchImpl: HttpFetch, maxSeconds: number): HttpFetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status !== 429 && response.status !== 503) return response;
    const waitSeconds = retryAfterSeconds(response.headers);
    if (waitSeconds !== undefined && waitSeconds > maxSeconds) response.headers.set("x-should-retry", "false");
    return response;
  };
}

/** The wait a `retry-after-ms` or `retry-after` header (seconds or an HTTP date) asks for, in seconds. */
function retryAfterSeconds(headers: Headers): number | undefined {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds)) return milliseconds / 1000;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? (date - Date.now()) / 1000 : undefined;
}

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate-limit";
  if (status === 408) return "timeout";
  if (status >= 500 || status === 409) return "server";
  return "bad-request";
}

/** Maps whatever the SDK threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
    return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  }
  if (error instanceof BodyFault) {
    const kind = error.kind === "cut" ? "server" : "timeout";
    return new ProviderError(kind, error.message, { cause: error });
  }
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
  if (error instanceof SyntaxError) {
    return new ProviderError("bad-response", `the model server sent an unreadable answer (${error.message})`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError("bad-response", `the model call failed: ${message}`, { cause: error });
}

/** "fetch failed: connect ECONNREFUSED ..." from an error and its causes. */
function causeChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
  }
  return parts.join(": ") || "connection error";
}
