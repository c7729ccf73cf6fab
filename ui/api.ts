/**
 * The dashboard's JSON API as the browser sees it: GETs, and state-changing requests that carry the session's
 * CSRF token. A 401 anywhere flips the UI to its "log in again" page.
 */

/** Why a request failed: no session (log in again), an HTTP error with the server's message, or no answer at all. */
export class ApiError extends Error {
  constructor(
    readonly kind: "login-required" | "http" | "network",
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const loginListeners = new Set<() => void>();
let csrfToken: Promise<string> | undefined;

/** Calls `listener` when a request is answered 401 (the session ended or never was). */
export function onLoginRequired(listener: () => void): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

function loginRequired(): ApiError {
  for (const listener of loginListeners) listener();
  return new ApiError("login-required", "login required", 401);
}

async function request(method: string, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: "same-origin", ...init });
  } catch (error) {
    throw new ApiError("network", `the daemon did not answer (${(error as Error).message})`);
  }
  if (response.status === 401) throw loginRequired();
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    const reason = typeof body.error === "string" ? body.error : response.statusText;
    throw new ApiError("http", `${response.status} ${reason}`, response.status);
  }
  return response;
}

/** GETs `path` and returns its JSON. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await request("GET", path, signal ? { signal } : {});
  return (await response.json()) as T;
}

function csrf(): Promise<string> {
  csrfToken ??= getJson<{ csrf: string }>("/api/session").then(
    (session) => session.csrf,
    (error: unknown) => {
      csrfToken = undefined;
      throw error;
    },
  );
  return csrfToken;
}

/** Sends a state-changing request with `X-CSRF-Token`; `body` is JSON unless it is a Blob (a file upload). */
export async function send<T = unknown>(
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const all: Record<string, string> = { "X-CSRF-Token": await csrf(), ...headers };
  let payload: BodyInit | undefined;
  if (body instanceof Blob) payload = body;
  else if (body !== undefined) {
    all["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await request(method, path, { headers: all, ...(payload === undefined ? {} : { body: payload }) });
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** Ends the session on the server; the next request then shows the login page. */
export async function logout(): Promise<void> {
  await send("POST", "/api/logout").catch(() => undefined);
  csrfToken = undefined;
  loginRequired();
}
