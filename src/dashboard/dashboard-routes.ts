import type { IncomingMessage, ServerResponse } from "node:http";
import type { DashboardSession } from "./dashboard-sessions.js";

/** What an API handler answers: JSON with a status, or nothing when it wrote the response itself (a stream). */
export type ApiAnswer = { status: number; body: unknown } | { type: "written" };

/** One API request, after the Host, Origin, session and CSRF checks passed. */
export interface ApiRequest {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly url: URL;
  /** The path's `:name` segments, URI-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly session: DashboardSession;
  /** The JSON object body (64 KiB at most); a bad body answers 400 before the handler continues. */
  json(): Promise<Record<string, unknown>>;
}

/** `GET /api/approvals/:id`-style route: method, pattern and handler. */
export interface ApiRoute {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path with `:name` segments, e.g. `/api/schedules/:id/run`. */
  readonly path: string;
  handle(request: ApiRequest): Promise<ApiAnswer>;
}

/** An answer of `status` with `{ error }`. */
export function apiError(status: number, error: string): ApiAnswer {
  return { status, body: { error } };
}

/** An answer 200 with `body`. */
export function ok(body: unknown = { ok: true }): ApiAnswer {
  return { status: 200, body };
}

/** The `:name` values when `path` matches `pattern`, else undefined. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = pattern.split("/");
  const given = path.split("/");
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const actual = given[index]!;
    if (segment.startsWith(":")) {
      if (actual === "") return undefined;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (segment !== actual) return undefined;
  }
  return params;
}
