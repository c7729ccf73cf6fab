#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { csrfMatches } from "./chunk-65VAGGUT.js";
import {
  BodyError,
  cookieOf,
  DashboardEvents,
  readJsonBody,
  sameOrigin,
  securityHeaders,
  sendHtml,
  sendJson,
  sessionCookie,
} from "./chunk-FZ2Q7WOY.js";
import { apiError, matchPath, ok } from "./chunk-MCKQ54WW.js";
import "./chunk-GZ7VATWC.js";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
var contentTypes = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".map": "application/json; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
  },
  placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skein</title></head>
<body><h1>skein</h1><p>The dashboard's UI is not built: run <code>npm run build</code>.</p>
<p>Log in with the link <code>skein dashboard</code> prints on the host.</p></body></html>
`;
function defaultUiDir() {
  return ["../ui/", "./ui/", "../../dist/ui/"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((dir) => existsSync(join(dir, "index.html")));
}
async function serveUiFile(response, dir, path, head) {
  const relative = path === "/" ? "index.html" : path.slice(1);
  if (!/^(assets\/)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(relative)) return !1;
  let body;
  if (dir === void 0) {
    if (relative !== "index.html") return !1;
    body = Buffer.from(placeholder);
  } else
    try {
      body = await readFile(join(dir, relative));
    } catch {
      return !1;
    }
  const hashed = relative.startsWith("assets/");
  return (
    response.writeHead(200, {
      ...securityHeaders,
      "content-type": contentTypes[extname(relative)] ?? "application/octet-stream",
      "content-length": body.length,
      "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
    }),
    response.end(head ? void 0 : body),
    !0
  );
}
var expiredLoginPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skein: log in again</title></head>
<body><h1>This login link does not work</h1>
<p>It was used already, or it expired. Run <code>skein dashboard</code> on the host again for a new one.</p></body></html>
`;
function createDashboard(options) {
  const { logins, log } = options,
    uiDir = options.uiDir ?? defaultUiDir(),
    events = new DashboardEvents({ isOpen: (session) => logins.isOpen(session) }),
    routes = [
      {
        method: "GET",
        path: "/api/session",
        handle: async ({ session }) =>
          ok({ csrf: session.csrf, expires_at: new Date(session.expiresAt).toISOString(), id: session.id }),
      },
      {
        method: "POST",
        path: "/api/logout",
        handle: async ({ session, response }) => (
          await logins.logout(session),
          events.closeSession(session.hash),
          response.setHeader("set-cookie", clearedCookie()),
          ok()
        ),
      },
      {
        method: "GET",
        path: "/api/events",
        handle: async ({ request, response, session }) => (
          events.attach(request, response, session), { type: "written" }
        ),
      },
      ...(options.routes ?? []),
    ];
  async function login(request, response, url) {
    const opened = await logins.login(url.searchParams.get("token") ?? "");
    if (!opened) {
      sendHtml(response, 401, expiredLoginPage);
      return;
    }
    const maxAge = Math.max(0, Math.floor((opened.session.expiresAt - Date.now()) / 1e3));
    log.info({ session: opened.session.id }, "dashboard login"),
      response.writeHead(303, {
        ...securityHeaders,
        location: "/",
        "set-cookie": `${sessionCookie}=${opened.token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`,
        "cache-control": "no-store",
        "content-length": 0,
      }),
      response.end(request.method === "HEAD" ? void 0 : "");
  }
  async function api(request, response, url) {
    if (!sameOrigin(request)) return sendJson(response, 403, { error: "cross-origin requests are refused" });
    const session = await logins.session(cookieOf(request, sessionCookie));
    if (!session) return sendJson(response, 401, { error: "login required" });
    const method = request.method ?? "GET";
    if (method !== "GET" && method !== "HEAD" && !csrfMatches(session, headerOf(request, "x-csrf-token")))
      return sendJson(response, 403, { error: "missing or wrong X-CSRF-Token header (see GET /api/session)" });
    let lookup = method === "HEAD" ? "GET" : method,
      allowed = !1;
    for (const route of routes) {
      const params = matchPath(route.path, url.pathname);
      if (!params || ((allowed = !0), route.method !== lookup)) continue;
      const answer2 = await route.handle({
        request,
        response,
        url,
        params,
        session,
        json: () => readJsonBody(request),
      });
      "status" in answer2 && sendJson(response, answer2.status, answer2.body);
      return;
    }
    const { status, body } = allowed
      ? apiError(405, `${method} is not allowed here`)
      : apiError(404, `no such endpoint: ${url.pathname}`);
    sendJson(response, status, body);
  }
  async function answer(request, response) {
    const url = new URL(request.url ?? "/", "http://dashboard"),
      path = url.pathname;
    if (path === "/api" || path.startsWith("/api/")) return api(request, response, url);
    if (request.method !== "GET" && request.method !== "HEAD")
      return sendJson(response, 405, { error: `${request.method} is not allowed` }, { allow: "GET, HEAD" });
    if (path === "/login") return login(request, response, url);
    (await serveUiFile(response, uiDir, path, request.method === "HEAD")) ||
      (!path.slice(1).includes(".") && !path.startsWith("/assets/") && (await serveUiFile(response, uiDir, "/", !1))) ||
      sendJson(response, 404, { error: `no such file: ${path}` });
  }
  return {
    events,
    handle(request, response) {
      answer(request, response).catch((error) => {
        if (error instanceof BodyError) {
          response.headersSent || sendJson(response, 400, { error: error.message });
          return;
        }
        log.error({ err: error, path: request.url?.split("?")[0] }, "a dashboard request failed"),
          response.headersSent
            ? response.end()
            : sendJson(response, 500, { error: "the dashboard failed; see the daemon's log" });
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
function headerOf(request, name) {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
function clearedCookie() {
  return `${sessionCookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
export { createDashboard };
//# sourceMappingURL=dashboard-server-RUH3J7F7.js.map
