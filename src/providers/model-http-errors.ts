import type { FailureClass } from "../util/retry.js";
import { BodyFault } from "./guarded-fetch.js";
import { ProviderError, type ProviderErrorKind } from "./provider.js";

/** A model server's answer with a status other than 2xx: the status, the server's words and its headers. */
export class ModelStatusError extends Error {
  override readonly name = "ModelStatusError";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Headers,
  ) {
    super(message);
  }

  /**
   * The error of an answer with `status` and body `text`, worded as OpenAI's SDKs word it:
   * `401 Incorrect API key provided`, the body's `error.message` (or its `error` as JSON), the
   * text of a body that is not JSON, or `<status> status code (no body)`.
   */
  static of(status: number, text: string, headers: Headers): ModelStatusError {
    let words: string | undefined;
    try {
      const error = (JSON.parse(text) as { error?: unknown } | null)?.error as { message?: unknown } | undefined;
      if (error?.message) words = typeof error.message === "string" ? error.message : JSON.stringify(error.message);
      else if (error) words = JSON.stringify(error);
    } catch {
      words = text || undefined;
    }
    return new ModelStatusError(status, words ? `${status} ${words}` : `${status} status code (no body)`, headers);
  }
}

/** The model server could not be reached, or the connection broke before an answer's headers. */
export class ModelConnectionError extends Error {
  override readonly name = "ModelConnectionError";
}

/** The model server sent no answer headers within the call's time limit. */
export class ModelTimeout extends Error {
  override readonly name = "ModelTimeout";
  constructor() {
    super("the model did not answer in time");
  }
}

/**
 * Whether a failed try is worth another, as OpenAI's SDKs decide: a server's `x-should-retry` wins; else
 * 408, 409, 429 and 5xx are, and so are connection failures, time-outs and answers cut or stalled after their
 * headers. The wait a status answer asks for (`retry-after-ms`, `retry-after` in seconds or as a date) is kept.
 */
export function classifyModelFailure(error: unknown): FailureClass {
  if (error instanceof BodyFault || error instanceof ModelConnectionError || error instanceof ModelTimeout)
    return { retryable: true };
  if (!(error instanceof ModelStatusError)) return { retryable: false };
  const told = error.headers.get("x-should-retry");
  const status = error.status;
  const retryable =
    told === "true" || (told !== "false" && (status === 408 || status === 409 || status === 429 || status >= 500));
  const retryAfterMs = retryAfterMsOf(error.headers);
  return retryAfterMs === undefined ? { retryable } : { retryable, retryAfterMs };
}

/** The wait a `retry-after-ms` or `retry-after` header (seconds or an HTTP date) asks for, in milliseconds. */
export function retryAfterMsOf(headers: Headers): number | undefined {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds)) return Math.max(0, milliseconds);
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate-limit";
  if (status === 408) return "timeout";
  if (status >= 500 || status === 409) return "server";
  return "bad-request";
}

/** Maps whatever a model call threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  if (error instanceof BodyFault) {
    const kind = error.kind === "cut" ? "server" : "timeout";
    return new ProviderError(kind, error.message, { cause: error });
  }
  if (error instanceof ModelTimeout) return new ProviderError("timeout", error.message, { cause: error });
  if (error instanceof ModelConnectionError) {
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  }
  if (error instanceof ModelStatusError) {
    return new ProviderError(kindOfStatus(error.status), `the model server answered ${error.message}`, {
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

/** "connect ECONNREFUSED 127.0.0.1:1" from an error and its causes. */
function causeChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
  }
  return parts.join(": ") || "connection error";
}
