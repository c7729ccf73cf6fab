/**
 * What every model API's client shares about failures: the kind of an HTTP status, the causes of
 * a connection error in words, and the fetch wrapper that stops a long `retry-after` from being
 * waited for when a fallback could answer instead.
 */
import type { HttpFetch } from "../util/http-fetch.js";
import { BodyFault } from "./guarded-fetch.js";
import { ProviderError, type ProviderErrorKind } from "./provider.js";

/** The kind of a failed call's HTTP status (529, Anthropic's "overloaded", is a server error). */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate-limit";
  if (status === 408) return "timeout";
  if (status >= 500 || status === 409) return "server";
  return "bad-request";
}

/** "fetch failed: connect ECONNREFUSED ..." from an error and its causes. */
export function causeChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
  }
  return parts.join(": ") || "connection error";
}

/**
 * The errors every client maps alike: an answer cut or stalled after its headers, a body that is
 * not JSON, anything else unknown. `undefined` for an error the client's SDK must map.
 */
export function commonProviderError(error: unknown): ProviderError | undefined {
  if (error instanceof ProviderError) return error;
  if (error instanceof BodyFault) {
    const kind = error.kind === "cut" ? "server" : "timeout";
    return new ProviderError(kind, error.message, { cause: error });
  }
  if (error instanceof SyntaxError) {
    return new ProviderError("bad-response", `the model server sent an unreadable answer (${error.message})`, {
      cause: error,
    });
  }
  return undefined;
}

/** The last resort of a client's error mapping. */
export function unknownProviderError(error: unknown): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError("bad-response", `the model call failed: ${message}`, { cause: error });
}

/**
 * Marks a 429/503 whose `retry-after` is longer than `maxSeconds` as not to be retried
 * (`x-should-retry: false`, which the SDKs obey), so the call fails over at once.
 */
export function noLongWaits(fetchImpl: HttpFetch, maxSeconds: number): HttpFetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status !== 429 && response.status !== 503) return response;
    const waitSeconds = retryAfterSeconds(response.headers);
    if (waitSeconds !== undefined && waitSeconds > maxSeconds) response.headers.set("x-should-retry", "false");
    return response;
  };
}

/** The wait a `retry-after-ms` or `retry-after` header (seconds or an HTTP date) asks for, in seconds. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds)) return milliseconds / 1000;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? (date - Date.now()) / 1000 : undefined;
}

/**
 * Runs `call` with a signal of its own that follows `signal`: the SDKs add an abort listener to
 * the signal they are given and never remove it, so a turn's signal shared by many calls would
 * collect them.
 */
export async function withCallSignal<T>(
  signal: AbortSignal | undefined,
  call: (callSignal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener("abort", forward, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    signal?.removeEventListener("abort", forward);
  }
}
