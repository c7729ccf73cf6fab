import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

/**
 * The dashboard's HTTP contract (docs/dashboard.md, "API") served from memory for the browser UI's own tests:
 * the built UI from `dist/ui` with the daemon's CSP, a one-time login, the session cookie, CSRF checks, every
 * `/api` answer from {@link FakeDashboard.state}, and `/api/events` (SSE) through {@link FakeDashboard.emit}.
 * Each state-changing request is recorded, with its CSRF header, in `requests`.
 */
export interface FakeDashboard {
  readonly url: string;
  /** The one-time login URL (spent by its first use). */
  readonly loginUrl: string;
  /** The answers of the GET endpoints, by path (without the query); edit them, then {@link emit}. */
  readonly state: Map<string, unknown>;
  /** Every POST/PUT/DELETE: method, path, JSON body (or the byte count of a file), the X-CSRF-Token sent. */
  readonly requests: { method: string; path: string; body: unknown; csrf: string | undefined }[];
  /** GET paths asked for, with their query. */
  readonly gets: string[];
  /** Answers a POST/DELETE path (default `{ ok: true }`). */
  onSend(path: string, answer: (body: unknown) => unknown): void;
  /** Sends an SSE event to every connected browser. */
  emit(event: string, data?: unknown): void;
  /** Ends every session (the next request is 401). */
  expireSessions(): void;
  close(): Promise<void>;
}

export const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** Starts the fake on 127.0.0.1 (a free port), serving the UI built into `uiDir`. */
export async function startFakeDashboard(uiDir: string): Promise<FakeDashboard> {
  let loginToken: string | undefined = randomBytes(16).toString("hex");
  const sessions = new Set<string>();
  const csrfToken = randomBytes(16).toString("hex");
  const streams = new Set<ServerResponse>();
  const handlers = new Map<string, (body: unknown) => unknown>();
  const state = new Map<string, unknown>();
  const requests: FakeDashboard["requests"] = [];
  const gets: string[] = [];

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  };

  const listener = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    response.setHeader("content-security-policy", csp);
    response.setHeader("x-content-type-options", "nosniff");
    response.setHeader("referrer-policy", "no-referrer");
    if (url.pathname === "/login") {
      if (!loginToken || url.searchParams.get("token") !== loginToken) {
        response.writeHead(401, { "content-type": "text/html" });
        return response.end("<p>This login link is spent or unknown: run skein dashboard again.</p>");
      }
      loginToken = undefined;
      const session = randomBytes(16).toString("hex");
      sessions.add(session);
      response.writeHead(303, {
        location: "/",
        "set-cookie": `skein_session=${session}; HttpOnly; SameSite=Strict; Path=/`,
      });
      return response.end();
    }
    if (url.pathname === "/" || url.pathname.startsWith("/assets/")) {
      const file = normalize(join(uiDir, url.pathname === "/" ? "index.html" : url.pathname));
      if (!file.startsWith(uiDir)) return json(response, 404, { error: "not found" });
      const body = await readFile(file).catch(() => undefined);
      if (!body) return json(response, 404, { error: "not found" });
      response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
      return response.end(body);
    }
    if (!url.pathname.startsWith("/api/")) return json(response, 404, { error: "not found" });
    const cookie = /(?:^|;\s*)skein_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
    if (!cookie || !sessions.has(cookie)) return json(response, 401, { error: "login required" });
    if (request.method === "GET") {
      gets.push(`${url.pathname}${url.search}`);
      if (url.pathname === "/api/session")
        return json(response, 200, { csrf: csrfToken, expires_at: "2099-01-01T00:00:00Z" });
      if (url.pathname === "/api/events") {
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
        response.write(": hello\n\n");
        streams.add(response);
        request.once("close", () => streams.delete(response));
        return;
      }
      const answer = state.get(decodeURIComponent(url.pathname));
      return answer === undefined ? json(response, 404, { error: "not found" }) : json(response, 200, answer);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const isJson = (request.headers["content-type"] ?? "").startsWith("application/json");
    const body = isJson
      ? JSON.parse(raw.toString() || "null")
      : { bytes: raw.length, name: request.headers["x-file-name"] };
    const csrf = request.headers["x-csrf-token"] as string | undefined;
    requests.push({ method: request.method ?? "", path: `${url.pathname}${url.search}`, body, csrf });
    if (csrf !== csrfToken) return json(response, 403, { error: "missing or wrong CSRF token" });
    if (url.pathname === "/api/logout") sessions.clear();
    const handler = handlers.get(`${request.method} ${url.pathname}`);
    return json(response, 200, handler ? await handler(body) : { ok: true });
  };

  const server: Server = createServer((request, response) => {
    listener(request, response).catch((error: Error) => json(response, 500, { error: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    loginUrl: `${url}/login?token=${loginToken}`,
    state,
    requests,
    gets,
    onSend: (path, answer) => handlers.set(path, answer),
    emit(event, data = {}) {
      for (const stream of streams) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    expireSessions() {
      sessions.clear();
      for (const stream of streams) stream.end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
