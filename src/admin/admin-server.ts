import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, rm } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { writeFileAtomic } from "../util/atomic-write.js";
import { type AdminHandler, type AdminRoute, adminPaths, maxSocketPathLength } from "./admin-endpoint.js";

export interface AdminServerOptions {
  /** `$SKEIN_HOME`: the socket and the token file go there. */
  home: string;
  routes: Record<AdminRoute, AdminHandler>;
  log: Logger;
}

/** The listening admin endpoint; `close` removes its socket and token file. */
export interface AdminServer {
  readonly socket: string;
  close(): Promise<void>;
}

const maxBodyBytes = 64 * 1024;

/**
 * Serves the admin routes on `$SKEIN_HOME/admin.sock` (mode 0600) for requests carrying
 * the token of `$SKEIN_HOME/admin.token` (a fresh one per start, mode 0600). The caller
 * holds the instance lock, so a socket file left over from a crash is removed first.
 * Returns undefined (and logs why) when the socket cannot be bound: the daemon serves on.
 */
export async function startAdminServer(options: AdminServerOptions): Promise<AdminServer | undefined> {
  const paths = adminPaths(options.home);
  const { log } = options;
  if (paths.socket.length > maxSocketPathLength) {
    log.warn(
      { socket: paths.socket },
      "admin endpoint off: the path of its socket is too long; operator commands will use the files",
    );
    return undefined;
  }
  const token = randomBytes(32).toString("hex");
  await writeFileAtomic(paths.token, `${token}\n`);
  await rm(paths.socket, { force: true });

  const server = createServer((request, response) => {
    void answer(request, options.routes, token).then(({ code, body }) => {
      const text = JSON.stringify(body);
      response.writeHead(code, { "content-type": "application/json; charset=utf-8" });
      response.end(text);
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(paths.socket, () => {
        server.off("error", reject);
        resolve();
      });
    });
    await chmod(paths.socket, 0o600);
  } catch (error) {
    log.warn(
      { socket: paths.socket, reason: (error as Error).message },
      "admin endpoint off: its socket cannot be bound; operator commands will use the files",
    );
    server.close();
    await rm(paths.token, { force: true });
    return undefined;
  }
  server.on("error", (error) => log.warn({ reason: error.message }, "admin endpoint error"));
  return {
    socket: paths.socket,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all([rm(paths.token, { force: true }), rm(paths.socket, { force: true })]);
    },
  };
}

async function answer(
  request: IncomingMessage,
  routes: Record<AdminRoute, AdminHandler>,
  token: string,
): Promise<{ code: number; body: unknown }> {
  const given = Buffer.from((request.headers.authorization ?? "").replace(/^Bearer /, ""));
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { code: 401, body: { error: "a valid admin token is required" } };
  const route = `${request.method} ${new URL(request.url ?? "/", "http://admin").pathname}` as AdminRoute;
  const handler = routes[route];
  if (!handler) return { code: 404, body: { error: `no such admin route: ${route}` } };
  try {
    return { code: 200, body: await handler(await readJson(request)) };
  } catch (error) {
    return { code: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) {
    text += chunk;
    if (text.length > maxBodyBytes) throw new Error("request body too large");
  }
  if (text.trim() === "") return {};
  const body = JSON.parse(text) as unknown;
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("the body must be an object");
  return body as Record<string, unknown>;
}
