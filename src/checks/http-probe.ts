/** A `fetch` the doctor's network checks call (injectable for tests, or proxied). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What one HTTP probe found: an answer (any status), or why no answer came. */
export type ProbeOutcome =
  | { kind: "answer"; status: number; statusText: string; body: unknown }
  | { kind: "unreachable"; reason: string };

export interface ProbeOptions {
  fetch: FetchLike;
  timeoutMs: number;
}

/**
 * Sends one request with a timeout and reads a JSON body (or `undefined` when the body
 * is not JSON). Never throws: a refused connection, a DNS failure or a timeout becomes
 * `unreachable` with a short reason such as `ECONNREFUSED` or `no answer within 5 s`.
 */
export async function probe(url: string, init: RequestInit, options: ProbeOptions): Promise<ProbeOutcome> {
  try {
    const response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {}
    return { kind: "answer", status: response.status, statusText: response.statusText, body };
  } catch (error) {
    return { kind: "unreachable", reason: unreachableReason(error, options.timeoutMs) };
  }
}

function unreachableReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  // fetch wraps the socket error: TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }).
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (cause?.code) return cause.code;
  // fetch refuses some well-known ports (e.g. 1, 9, 25) outright.
  if (cause?.message === "bad port") return "fetch refuses this port; use another";
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A fetch that goes through an HTTP(S) proxy (undici's ProxyAgent), for channels configured with one. */
export function proxiedFetch(proxyUrl: string): FetchLike {
  return async (input, init) => {
    const { fetch, ProxyAgent } = await import("undici");
    const dispatcher = new ProxyAgent(proxyUrl);
    try {
      const response = await fetch(input, { ...(init as object), dispatcher });
      // Read the body while the agent is open; hand back a standard Response.
      const body = await response.arrayBuffer();
      const empty = response.status === 204 || response.status === 304;
      return new Response(empty ? null : body, { status: response.status, statusText: response.statusText });
    } finally {
      await dispatcher.close();
    }
  };
}
