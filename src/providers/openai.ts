import type { ModelProviderConfig } from "../config/schema.js";
import { type HttpFetch, type HttpResponse, httpFetch } from "../util/http-fetch.js";
import { withRetry } from "../util/retry.js";
import { assembleStream, usageOf } from "./assemble-stream.js";
import { type BodyParts, chatCompletionsBody } from "./chat-request-body.js";
import { guardBody } from "./guarded-fetch.js";
import {
  classifyModelFailure,
  ModelConnectionError,
  ModelStatusError,
  ModelTimeout,
  toProviderError,
} from "./model-http-errors.js";
import { type ChatRequest, type ChatResponse, type LlmProvider, ProviderError } from "./provider.js";
import { sseEvents } from "./sse-events.js";
import { deltasAcrossAttempts } from "./text-deltas.js";

export { toProviderError } from "./model-http-errors.js";

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
   * Retries of 408/409/429/5xx and connection errors (honouring Retry-After), and of answers that stalled or
   * were cut after their headers (default 2).
   */
  maxRetries?: number;
  /** The backoff before the first retry (default 500 ms; it doubles, up to 8 s). */
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

const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** What a Chat Completions answer that is not a stream holds, as far as this client reads it. */
interface ChatCompletion {
  choices?: Array<{
    message?: {
      content?: string | null;
      tool_calls?: Array<{ id: string; type?: string; function?: { name: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: Parameters<typeof usageOf>[0] | null;
}

/**
 * Chat Completions (OpenAI, OpenRouter, Groq, Ollama's `/v1`, vLLM, LM Studio...) over the lean HTTP
 * client: the request body is assembled from each message's kept JSON (see chat-request-body.ts) and a
 * stream is read event by event, a fraction of the CPU the `openai` SDK's layers take on every turn.
 * Retries follow the SDK's rules (see {@link classifyModelFailure}); its errors' wording is kept.
 */
export class OpenAIProvider implements LlmProvider {
  readonly name: string;
  readonly #url: string;
  readonly #headers: Record<string, string>;
  readonly #fetch: HttpFetch;
  readonly #timeoutMs: number;
  readonly #idleTimeoutMs: number;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryAfterMs: number | undefined;
  readonly #cacheControl: boolean;

  constructor(options: OpenAIProviderOptions = {}) {
    this.name = options.name ?? "openai";
    this.#url = `${(options.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "")}/chat/completions`;
    this.#headers = {
      accept: "application/json",
      "content-type": "application/json",
      "user-agent": "skein",
      // Local servers usually need no key; some refuse a request without one.
      authorization: `Bearer ${options.apiKey || "not-needed"}`,
      ...lowerCased(options.headers ?? {}),
    };
    this.#fetch = options.fetch ?? httpFetch;
    this.#timeoutMs = options.timeoutMs ?? 120_000;
    this.#idleTimeoutMs = Math.min(this.#timeoutMs, options.idleTimeoutMs ?? 60_000);
    this.#stream = options.stream ?? false;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#maxRetryAfterMs =
      options.maxRetryAfterSeconds === undefined ? undefined : options.maxRetryAfterSeconds * 1000;
    this.#cacheControl = options.cacheControl ?? false;
  }

  /**
   * One chat completion, tried again after a transient failure: before the answer's headers (see
   * {@link classifyModelFailure}) or after them, an answer that stalled or was cut. A text delta is
   * passed on once, however many tries it took.
   */
  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const stream = this.#stream || request.onTextDelta !== undefined;
    // Encoded once for every try.
    const body = chatCompletionsBody(request, { stream, cacheControl: this.#cacheControl });
    const attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
    try {
      return await withRetry(() => this.#attempt(body, stream, signal, attemptDeltas?.()), {
        classify: (error) => (signal?.aborted ? { retryable: false } : classifyModelFailure(error)),
        attempts: this.#maxRetries + 1,
        baseDelayMs: this.#retryDelayMs,
        maxDelayMs: 8_000,
        ...(this.#maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs: this.#maxRetryAfterMs }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error, signal);
    }
  }

  async #attempt(
    body: BodyParts,
    stream: boolean,
    signal: AbortSignal | undefined,
    onTextDelta?: (text: string) => void,
  ): Promise<ChatResponse> {
    signal?.throwIfAborted();
    const startedAt = Date.now();
    // The try's own signal: the caller's abort reaches it, and so does the time limit on the answer's headers.
    const call = new AbortController();
    const forward = () => call.abort(signal?.reason);
    signal?.addEventListener("abort", forward, { once: true });
    try {
      const response = await this.#post(body, call);
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw ModelStatusError.of(response.status, text, response.headers);
      }
      const guarded = response.body
        ? guardBody(response.body, {
            deadlineAt: startedAt + this.#timeoutMs,
            idleMs: stream ? this.#idleTimeoutMs : Number.POSITIVE_INFINITY,
          })
        : emptyBody();
      if (stream) return await assembleStream(sseEvents(guarded), call.signal, onTextDelta);
      return completionOf(JSON.parse(await textOf(guarded)) as ChatCompletion | null);
    } finally {
      signal?.removeEventListener("abort", forward);
    }
  }

  /** Sends the request; the answer's headers must arrive within the time limit. */
  async #post(body: BodyParts, call: AbortController): Promise<HttpResponse> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      call.abort(new ModelTimeout());
    }, this.#timeoutMs);
    try {
      return await this.#fetch(this.#url, { method: "POST", headers: this.#headers, body, signal: call.signal });
    } catch (error) {
      if (timedOut) throw new ModelTimeout();
      if (call.signal.aborted) throw error;
      throw new ModelConnectionError("connection error", { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The response of a Chat Completions answer that is not a stream. */
function completionOf(completion: ChatCompletion | null): ChatResponse {
  const choice = completion?.choices?.[0];
  if (!choice) throw new ProviderError("bad-response", "the model returned no choices");
  const message = choice.message ?? {};
  return {
    content: message.content ?? null,
    // Some compatible servers leave out `type`; a call with a function is a function call.
    toolCalls: (message.tool_calls ?? []).flatMap((call) =>
      (call.type === "function" || call.type === undefined) && call.function
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
    ...(completion?.usage ? { usage: usageOf(completion.usage) } : {}),
  };
}

async function textOf(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
