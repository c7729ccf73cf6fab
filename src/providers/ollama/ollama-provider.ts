/**
 * Ollama's native chat API (`POST <base>/api/chat`), a small client over the lean
 * {@link httpFetch} with every answer's body bounded (guarded-fetch.ts). Native, because its
 * OpenAI-compatible `/v1` endpoint is where tool calls get dropped or printed as text: here they
 * come as objects, go back as objects, and tool results name their tool. Connection errors,
 * 429, 5xx, an error inside a stream and a stream cut short are retried, then fail over.
 */
import type { ModelProviderConfig } from "../../config/schema.js";
import { type HttpFetch, httpFetch } from "../../util/http-fetch.js";
import { withRetry } from "../../util/retry.js";
import { wellFormedDeep } from "../../util/well-formed.js";
import { BodyFault, guardedFetch } from "../guarded-fetch.js";
import { memoizedPerMessage } from "../message-memo.js";
import { type ChatRequest, type ChatResponse, type LlmProvider, ProviderError, requestMessages } from "../provider.js";
import {
  causeChain,
  commonProviderError,
  kindOfStatus,
  unknownProviderError,
  withCallSignal,
} from "../provider-errors.js";
import { deltasAcrossAttempts } from "../text-deltas.js";
import { OllamaAnswer, type OllamaChunk, OllamaFailure, readOllamaStream } from "./ollama-answer.js";
import { type OllamaMessage, ollamaMessageOf, ollamaMessages } from "./ollama-messages.js";

/** Where a local Ollama listens when `providers.<name>.base_url` says nothing (no path: the client adds `/api/chat`). */
export const OLLAMA_BASE_URL = "http://127.0.0.1:11434";

export interface OllamaProviderOptions {
  name: string;
  /** Sent as `Authorization: Bearer` when set (a proxy or a hosted Ollama); a local one needs none. */
  apiKey?: string;
  /** Default {@link OLLAMA_BASE_URL}. */
  baseUrl?: string;
  /** Time limit of one request in milliseconds: headers and the whole body (default 120 s). */
  timeoutMs?: number;
  /** How long a streamed answer may go without a line (default 60 s, at most `timeoutMs`). */
  idleTimeoutMs?: number;
  /** Retries of failed calls (default 2). */
  maxRetries?: number;
  /** The backoff before the first retry (default 500 ms; it doubles). */
  retryDelayMs?: number;
  /** Stream the answer (NDJSON) even when nobody reads its text as it comes. */
  stream?: boolean;
  headers?: Record<string, string>;
  fetch?: HttpFetch;
}

/** Options from a `providers.<name>` config section. */
export function ollamaOptionsFrom(config: ModelProviderConfig, name: string): OllamaProviderOptions {
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

/** An HTTP error answer from Ollama: its status and its `error` text. */
class OllamaHttpError extends Error {
  override readonly name = "OllamaHttpError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class OllamaProvider implements LlmProvider {
  readonly name: string;
  readonly #url: string;
  readonly #headers: Record<string, string>;
  readonly #fetch: HttpFetch;
  readonly #timeoutMs: number;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #messageOf = rememberedMessageOf();

  constructor(options: OllamaProviderOptions) {
    this.name = options.name;
    this.#url = `${(options.baseUrl || OLLAMA_BASE_URL).replace(/\/+$/, "")}/api/chat`;
    this.#headers = {
      "content-type": "application/json",
      accept: "application/json, application/x-ndjson",
      ...options.headers,
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    };
    this.#timeoutMs = options.timeoutMs ?? 120_000;
    this.#fetch = guardedFetch(options.fetch ?? httpFetch, {
      deadlineMs: this.#timeoutMs,
      idleMs: Math.min(this.#timeoutMs, options.idleTimeoutMs ?? 60_000),
    });
    this.#stream = options.stream ?? false;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    try {
      const attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
      return await withRetry(() => this.#attempt(request, signal, attemptDeltas?.()), {
        classify: (error) => ({ retryable: isTransient(error) && !signal?.aborted }),
        attempts: this.#maxRetries + 1,
        baseDelayMs: this.#retryDelayMs,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error, signal);
    }
  }

  /** The request body (`stream` set by the call). */
  body(request: ChatRequest, stream: boolean): Record<string, unknown> {
    const options = {
      ...(request.maxTokens !== undefined ? { num_predict: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    return wellFormedDeep({
      model: request.model,
      messages: ollamaMessages(requestMessages(request), this.#messageOf),
      stream,
      ...(request.tools?.length ? { tools: request.tools } : {}),
      ...(Object.keys(options).length > 0 ? { options } : {}),
      ...(request.thinking && request.thinking !== "off" ? { think: true } : {}),
    });
  }

  async #attempt(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    onTextDelta?: (text: string) => void,
  ): Promise<ChatResponse> {
    const stream = this.#stream || onTextDelta !== undefined;
    const body = JSON.stringify(this.body(request, stream));
    return withCallSignal(signal, async (callSignal) => {
      const timeout = AbortSignal.timeout(this.#timeoutMs);
      const response = await this.#fetch(this.#url, {
        method: "POST",
        headers: this.#headers,
        body,
        signal: AbortSignal.any([callSignal, timeout]),
      }).catch((error: unknown) => {
        if (timeout.aborted && !callSignal.aborted)
          throw new ProviderError("timeout", "the model did not answer in time", { cause: error });
        throw error;
      });
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw new OllamaHttpError(response.status, `${response.status} ${errorTextOf(text) || response.statusText}`);
      }
      if (!response.body) throw new BodyFault("cut", "the model sent no answer");
      if (stream) return await readOllamaStream(response.body, onTextDelta);
      const answer = new OllamaAnswer();
      answer.add((await response.json()) as OllamaChunk);
      return answer.response();
    });
  }
}

/** {@link ollamaMessageOf}, remembered per message object (a tool result's tool name never changes). */
function rememberedMessageOf(): (
  message: Parameters<typeof ollamaMessageOf>[0],
  toolName: (callId: string) => string | undefined,
) => OllamaMessage {
  let names: (callId: string) => string | undefined = () => undefined;
  const remembered = memoizedPerMessage((message) => ollamaMessageOf(message, names));
  return (message, toolName) => {
    names = toolName;
    return remembered(message);
  };
}

/** `{"error": "model 'x' not found"}` as its text. */
function errorTextOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 200);
}

/** Worth another try: a connection error, a 408/429/5xx, an answer cut or failed mid-stream. */
function isTransient(error: unknown): boolean {
  if (error instanceof BodyFault || error instanceof OllamaFailure) return true;
  if (error instanceof OllamaHttpError) return error.status === 408 || error.status === 429 || error.status >= 500;
  if (error instanceof ProviderError) return error.kind === "timeout";
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string";
}

/** Maps whatever the call threw to a {@link ProviderError} with one meaning. */
function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  const common = commonProviderError(error);
  if (common) return common;
  if (error instanceof OllamaFailure) return new ProviderError("server", error.message, { cause: error });
  if (error instanceof OllamaHttpError)
    return new ProviderError(kindOfStatus(error.status), `the model server answered ${error.message}`, {
      status: error.status,
      cause: error,
    });
  if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string")
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error)})`, { cause: error });
  return unknownProviderError(error);
}
