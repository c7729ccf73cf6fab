import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log.js";
import { DashboardEvents } from "./dashboard-events.js";
import {
  BodyError,
  cookieOf,
  readJsonBody,
  sameOrigin,
  securityHeaders,
  sendHtml,
  sendJson,
  sessionCookie,
} from "./dashboard-http.js";
import { type ApiRoute, apiError, matchPath, ok } from "./dashboard-routes.js";
import { csrfMatches, type DashboardLogins } from "./dashboard-sessions.js";
import { defaultUiDir, serveUiFile } from "./ui-files.js";

export interface DashboardOptions {
  logins: DashboardLogins;
  log: Logger;
  /** The API besides `/api/session`, `/api/logout` and `/api/events`. */
  routes?: readonly ApiRoute[];
  /** Where the built UI is (default `dist/ui/`; without it a placeholder page). */
  uiDir?: string;
}

/** The dashboard mounted on the gateway server: it answers every path the health endpoints and webhooks do not. */
export interface Dashboard {
  /** Answers one request (its `Host` was already checked). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** The live streams of `/api/events`: publish to them. */
  readonly events: DashboardEvents;
  /** More API routes (the web chat's), added once the dashboard runs. */
  addRoutes(routes: readonly ApiRoute[]): void;
  close(): void;
}

const expiredLoginPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skein: log in again</title></head>
<body><h1>This login link does not work</h1>
<p>It was used already, or it expired. Run <code>skein dashboard</code> on the host again for a new one.</p></body></html>
`;

/**
 * The dashboard: the UI at `/`, `GET /login?token=` (spends a one-time token into an HttpOnly,
 * SameSite=Strict session cookie), and the JSON API under `/api/` (session cookie required;
 * foreign `Origin` refused; `X-CSRF-Token` on every state-changing request). See docs/dashboard.md.
 */
export function createDashboard(options: DashboardOptions): Dashboard {
  const { logins, log } = options;
  const uiDir = options.uiDir ?? defaultUiDir();
  const events = new DashboardEvents({ isOpen: (session) => logins.isOpen(session) });
  const routes: ApiRoute[] = [
    {
      method: "GET",
      path: "/api/session",
      handle: async ({ session }) =>
        ok({ csrf: session.csrf, expires_at: new Date(session.expiresAt).toISOString(), id: session.id }),
    },
    {
      method: "POST",
      path: "/api/logout",
      handle: async ({ session, response }) => {
        await logins.logout(session);
        events.closeSession(session.hash);
        response.setHeader("set-cookie", clearedCookie());
        return ok();
      },
    },
    {
      method: "GET",
      path: "/api/events",
      handle: async ({ request, response, session }) => {
        events.attach(request, response, session);
        return { type: "written" };
      },
    },
    ...(options.routes ?? []),
  ];

  async function login(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const opened = await logins.login(url.searchParams.get("token") ?? "");
    if (!opened) {
      sendHtml(response, 401, expiredLoginPage);
      return;
    }
    const maxAge = Math.max(0, Math.floor((opened.session.expiresAt - Date.now()) / 1000));
    log.info({ session: opened.session.id }, "dashboard login");
    response.writeHead(303, {
      ...securityHeaders,
      location: "/",
      "set-cookie": `${sessionCookie}=${opened.token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`,
      "cache-control": "no-store",
      "content-length": 0,
    });
    response.end(request.method === "HEAD" ? undefined : "");
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (!sameOrigin(request)) return sendJson(response, 403, { error: "cross-origin requests are refused" });
    const session = await logins.session(cookieOf(request, sessionCookie));
    if (!session) return sendJson(response, 401, { error: "login required" });
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD" && !csrfMatches(session, headerOf(request, "x-csrf-token")))
      return sendJson(response, 403, { error: "missing or wrong X-CSRF-Token header (see GET /api/session)" });
    const lookup = method === "HEAD" ? "GET" : method;
    let allowed = false;
    for (const route of routes) {
      const params = matchPath(route.path, url.pathname);
      if (!params) continue;
      allowed = true;
      if (route.method !== lookup) continue;
      const answer = await route.handle({
        request,
        response,
        url,
        params,
        session,
        json: () => readJsonBody(request),
      });
      if ("status" in answer) sendJson(response, answer.status, answer.body);
      return;
    }
    const { status, body } = allowed
      ? (apiError(405, `${method} is not allowed here`) as { status: number; body: unknown })
      : (apiError(404, `no such endpoint: ${url.pathname}`) as { status: number; body: unknown });
    sendJson(response, status, body);
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://dashboard");
    const path = url.pathname;
    if (path === "/api" || path.startsWith("/api/")) return api(request, response, url);
    if (request.method !== "GET" && request.method !== "HEAD")
      return sendJson(response, 405, { error: `${request.method} is not allowed` }, { allow: "GET, HEAD" });
    if (path === "/login") return login(request, response, url);
    if (await serveUiFile(response, uiDir, path, request.method === "HEAD")) return;
    // A page of the UI's own routes (`/conversations`) loads the UI; a missing file stays 404.
    if (
      !path.slice(1).includes(".") &&
      !path.startsWith("/assets/") &&
      (await serveUiFile(response, uiDir, "/", false))
    )
      return;
    sendJson(response, 404, { error: `no such file: ${path}` });
  }

  return {
    events,
    handle(request, response) {
      answer(request, response).catch((error: unknown) => {
        if (error instanceof BodyError) {
          if (!response.headersSent) sendJson(response, 400, { error: error.message });
          return;
        }
        log.error({ err: error, path: request.url?.split("?")[0] }, "a dashboard request failed");
        if (!response.headersSent) sendJson(response, 500, { error: "the dashboard failed; see the daemon's log" });
        else response.end();
      });
    },
    addRoutes(more) {
      routes.push(...more);
    },
    close() {
      events.closeAll();
    },
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function clearedCookie(): string {
  return `${sessionCookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
