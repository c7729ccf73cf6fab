/**
 * Anthropic's Messages API over the official SDK (`@anthropic-ai/sdk`), which gets the lean
 * {@link httpFetch} as its fetch like the openai SDK does, with every answer's body bounded
 * (guarded-fetch.ts). The SDK sends the key as `Authorization: Bearer` with its
 * `anthropic-version` and retries 408/409/429/5xx (529, overloaded, included) itself; an
 * `overloaded_error` inside a stream, or a stream cut short, is retried here as many times.
 * Prompt caching marks the end of the stable prefix (the last tool and the system prompt) and
 * the newest message; thinking blocks are carried with their signatures across a tool loop.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { ModelProviderConfig } from "../../config/schema.js";
import { type HttpFetch, httpFetch } from "../../util/http-fetch.js";
import { withRetry } from "../../util/retry.js";
import { wellFormedDeep } from "../../util/well-formed.js";
import { BodyFault, guardedFetch } from "../guarded-fetch.js";
import { memoizedPerMessage } from "../message-memo.js";
import {
  type ChatRequest,
  type ChatResponse,
  type LlmProvider,
  ProviderError,
  requestMessages,
  type ThinkingLevel,
} from "../provider.js";
import {
  causeChain,
  commonProviderError,
  kindOfStatus,
  noLongWaits,
  unknownProviderError,
  withCallSignal,
} from "../provider-errors.js";
import { deltasAcrossAttempts } from "../text-deltas.js";
import { type AnthropicStreamEvent, assembleAnthropicStream, responseOfAnswer } from "./anthropic-answer.js";
import {
  anthropicMessages,
  anthropicSystem,
  anthropicTurnOf,
  cacheBreakpoint,
  thinkingAllowed,
} from "./anthropic-history.js";

/** Where the API is when `providers.<name>.base_url` says nothing (the client adds `/v1/messages`). */
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

/** The answer's room when the config sets no `max_tokens` (the API wants one on every request). */
const DEFAULT_MAX_TOKENS = 8192;

/** Tokens of thinking per level: added to `max_tokens`, so that the answer keeps its room. */
export const THINKING_BUDGETS: Record<Exclude<ThinkingLevel, "off">, number> = {
  low: 1024,
  medium: 4096,
  high: 16_384,
};

export interface AnthropicProviderOptions {
  /** The `providers.<name>` this client serves. */
  name: string;
  apiKey?: string;
  /** Default {@link ANTHROPIC_BASE_URL}; no path. */
  baseUrl?: string;
  /** Time limit of one request in milliseconds: headers and the whole body (default 120 s). */
  timeoutMs?: number;
  /** How long a streamed answer may go without an event (default 60 s, at most `timeoutMs`). */
  idleTimeoutMs?: number;
  /** Retries of failed requests (the SDK's, with backoff) and of overloaded or cut streams (default 2). */
  maxRetries?: number;
  /** The backoff before the first retry of a stream that failed after its headers (default 500 ms; it doubles). */
  retryDelayMs?: number;
  /** Ask for SSE streaming and assemble the answer from its events. */
  stream?: boolean;
  headers?: Record<string, string>;
  /** A 429/503 asking to wait longer than this many seconds fails at once (for a fallback). */
  maxRetryAfterSeconds?: number;
  /** Prompt cache breakpoints (default on). */
  cache?: boolean;
  fetch?: HttpFetch;
}

/** Options from a `providers.<name>` config section. */
export function anthropicOptionsFrom(config: ModelProviderConfig, name: string): AnthropicProviderOptions {
  return {
    name,
    headers: config.headers,
    ...(config.api_key ? { apiKey: config.api_key } : {}),
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    timeoutMs: config.timeout * 1000,
    idleTimeoutMs: config.idle_timeout * 1000,
    maxRetries: config.max_retries,
    stream: config.stream,
  };
}

export class AnthropicProvider implements LlmProvider {
  readonly name: string;
  readonly #client: Anthropic;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #cache: boolean;
  readonly #turnOf = memoizedPerMessage(anthropicTurnOf);

  constructor(options: AnthropicProviderOptions) {
    this.name = options.name;
    const timeoutMs = options.timeoutMs ?? 120_000;
    const fetchImpl = options.fetch ?? httpFetch;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#stream = options.stream ?? false;
    this.#cache = options.cache ?? true;
    this.#client = new Anthropic({
      // Given explicitly, so that the SDK reads no key, token, profile or base URL of its own.
      apiKey: options.apiKey || "not-needed",
      baseURL: options.baseUrl || ANTHROPIC_BASE_URL,
      timeout: timeoutMs,
      maxRetries: this.#maxRetries,
      logLevel: "off",
      openTelemetry: false,
      fetch: guardedFetch(
        options.maxRetryAfterSeconds === undefined ? fetchImpl : noLongWaits(fetchImpl, options.maxRetryAfterSeconds),
        { deadlineMs: timeoutMs, idleMs: Math.min(timeoutMs, options.idleTimeoutMs ?? 60_000) },
      ) as unknown as typeof fetch,
      ...(options.headers && Object.keys(options.headers).length ? { defaultHeaders: options.headers } : {}),
    });
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    try {
      const attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
      return await withRetry(() => this.#attempt(request, signal, attemptDeltas?.()), {
        classify: (error) => ({ retryable: isStreamFailure(error) && !signal?.aborted }),
        attempts: this.#maxRetries + 1,
        baseDelayMs: this.#retryDelayMs,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error, signal);
    }
  }

  /** The request body (without `stream`): system, tools and history with their cache breakpoints, thinking. */
  body(request: ChatRequest): Record<string, unknown> {
    const messages = requestMessages(request);
    const system = anthropicSystem(messages, this.#cache);
    const tools: Array<Record<string, unknown>> = (request.tools ?? []).map((tool) => ({
      name: tool.function.name,
      description: tool.function.description,
      input_schema: tool.function.parameters,
    }));
    if (this.#cache && tools.length > 0) tools[tools.length - 1] = { ...tools.at(-1)!, ...cacheBreakpoint };
    const answerTokens = request.maxTokens ?? DEFAULT_MAX_TOKENS;
    const level = request.thinking && request.thinking !== "off" ? request.thinking : undefined;
    const budget = level && thinkingAllowed(messages) ? THINKING_BUDGETS[level] : undefined;
    // No temperature: the API version the SDK speaks refuses it (and thinking would too).
    return wellFormedDeep({
      model: request.model,
      max_tokens: answerTokens + (budget ?? 0),
      ...(system.length > 0 ? { system } : {}),
      messages: anthropicMessages(messages, this.#cache, this.#turnOf),
      ...(tools.length > 0 ? { tools } : {}),
      ...(budget ? { thinking: { type: "enabled", budget_tokens: budget } } : {}),
    });
  }

  async #attempt(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    onTextDelta?: (text: string) => void,
  ): Promise<ChatResponse> {
    const body = this.body(request) as unknown as Anthropic.MessageCreateParamsNonStreaming;
    return withCallSignal(signal, async (callSignal) => {
      if (this.#stream || onTextDelta) {
        const stream = await this.#client.messages.create({ ...body, stream: true }, { signal: callSignal });
        return assembleAnthropicStream(stream as AsyncIterable<AnthropicStreamEvent>, callSignal, onTextDelta);
      }
      const answer = await this.#client.messages.create(body, { signal: callSignal });
      return responseOfAnswer(answer as unknown as Parameters<typeof responseOfAnswer>[0]);
    });
  }
}

/** A failure after the answer's headers: a stream cut or stalled, or an error event (overloaded) inside it. */
function isStreamFailure(error: unknown): boolean {
  if (error instanceof BodyFault) return true;
  return error instanceof Anthropic.APIError && error.status === undefined && isOverloadedOrServer(error);
}

function isOverloadedOrServer(error: InstanceType<typeof Anthropic.APIError>): boolean {
  const type = (error.error as { error?: { type?: string } } | undefined)?.error?.type;
  return type === "overloaded_error" || type === "api_error";
}

/** Maps whatever the SDK threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Anthropic.APIUserAbortError || signal?.aborted)
    return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  const common = commonProviderError(error);
  if (common) return common;
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return new ProviderError("timeout", "the model did not answer in time", { cause: error });
  if (error instanceof Anthropic.APIConnectionError)
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  if (error instanceof Anthropic.APIError) {
    if (error.status !== undefined)
      return new ProviderError(kindOfStatus(error.status), `the model server answered ${error.message}`, {
        status: error.status,
        cause: error,
      });
    // An error event inside a stream: overloaded and API errors are the server's, to fail over.
    const kind = isOverloadedOrServer(error) ? "server" : "bad-response";
    return new ProviderError(kind, `the model server failed mid-answer: ${error.message}`, { cause: error });
  }
  return unknownProviderError(error);
}
