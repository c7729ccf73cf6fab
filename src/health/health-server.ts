/**
 * Is the daemon well? This file: the health endpoints (`/healthz`, `/readyz`, `/status`; the webhooks too when they
 * share its port); `daemon-status.ts` (the status snapshot), `readiness.ts` (ready when every configured channel
 * receives, storage writes and, clustered, Redis answers), `status-view.ts` (`skein status`). `skein doctor`:
 * `doctor.ts` and its checks (`doctor-checks.ts`: workspace, MCP servers, sandbox; `llm-check.ts`; `redis-check.ts`).
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { hostCheck, withHostCheck } from "../util/host-check.js";
import type { DaemonStatus } from "./daemon-status.js";
import { assessReadiness } from "./readiness.js";

export interface HealthServerOptions {
  /** Interface to bind; keep it 127.0.0.1 unless something outside the host must probe. */
  host: string;
  /** 0 picks a free port (see {@link HealthServer.port}). */
  port: number;
  /** Seconds a channel may stay disconnected (or starting) before /readyz fails. */
  unreadyAfterSeconds: number;
  status: () => DaemonStatus;
  /** Clock in epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** Answers `POST /hooks/<name>` on the same port (the webhooks, when `gateway.port` is the health port). */
  hooks?: (request: IncomingMessage, response: ServerResponse) => void;
  /** Answers every other path (the dashboard, when `dashboard.enabled`); without it they are 404. */
  fallback?: (request: IncomingMessage, response: ServerResponse) => void;
  /** Where a failing status snapshot is reported (default: nowhere). */
  log?: Logger;
  /** `gateway.hosts`: public names answered besides IP literals and `localhost` (others get 421). */
  hosts?: readonly string[];
}

export interface HealthServer {
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** The JSON of `GET /status`: the daemon status plus what the server derives from it. */
export interface StatusReport extends DaemonStatus {
  uptimeSeconds: number;
  ready: boolean;
}

/** The {@link StatusReport} of a status snapshot taken at `now` (what `GET /status` and the admin endpoint answer). */
export function statusReport(
  status: DaemonStatus,
  options: { now: number; unreadyAfterSeconds: number },
): StatusReport {
  const { ready } = assessReadiness(status, options);
  const uptimeSeconds = Math.max(0, Math.floor((options.now - status.startedAt) / 1000));
  return { ...status, uptimeSeconds, ready };
}

type Answer = { code: number; body: unknown; headers?: Record<string, string> };

/**
 * Serves, on host:port:
 * - `GET /healthz`: 200 `{"status":"ok","uptime_s":N}` while the process is up;
 * - `GET /readyz`: 200 when every channel is ready (see readiness.ts), else 503 naming
 *   each channel and why it is not (`{"status":"unready","channels":{...}}`), and while
 *   writes to disk fail, which and why (`"storage":{"durable":false,"reason":"not durable: ..."}`);
 * - `GET /status`: the full {@link StatusReport}, read by `skein status`.
 * HEAD works on each; other paths are 404, other methods 405. A request whose `Host` is not an
 * IP literal, `localhost` or one of `hosts` is answered 421 (DNS rebinding); no CORS headers are sent.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const now = options.now ?? Date.now;
  const serverStartedAt = now();
  const uptimeSeconds = (startedAt: number) => Math.max(0, Math.floor((now() - startedAt) / 1000));

  const routes: Record<string, () => Answer> = {
    "/healthz": () => {
      // Liveness must not depend on the status snapshot working.
      let startedAt = serverStartedAt;
      try {
        startedAt = options.status().startedAt;
      } catch (error) {
        options.log?.warn(
          { err: error, path: "/healthz" },
          "the daemon status failed; /healthz answers from the server's start time",
        );
      }
      return { code: 200, body: { status: "ok", uptime_s: uptimeSeconds(startedAt) } };
    },
    "/readyz": () => {
      const status = options.status();
      const readiness = assessReadiness(status, { now: now(), unreadyAfterSeconds: options.unreadyAfterSeconds });
      return {
        code: readiness.ready ? 200 : 503,
        body: {
          status: readiness.ready ? "ready" : "unready",
          channels: readiness.channels,
          ...(readiness.cluster ? { cluster: readiness.cluster } : {}),
          ...(readiness.storage ? { storage: readiness.storage } : {}),
        },
      };
    },
    "/status": () => ({
      code: 200,
      body: statusReport(options.status(), { now: now(), unreadyAfterSeconds: options.unreadyAfterSeconds }),
    }),
  };

  const answer = (request: IncomingMessage): Answer => {
    const path = new URL(request.url ?? "/", "http://health").pathname;
    const route = routes[path];
    if (!route) return { code: 404, body: { error: `no such endpoint: ${path}` } };
    if (request.method !== "GET" && request.method !== "HEAD") {
      return { code: 405, body: { error: `${request.method} is not allowed` }, headers: { allow: "GET, HEAD" } };
    }
    try {
      return route();
    } catch (error) {
      options.log?.error({ err: error, path }, "a health endpoint failed");
      return { code: 500, body: { status: "error", error: error instanceof Error ? error.message : String(error) } };
    }
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://health").pathname;
    if (options.hooks && path.startsWith("/hooks/")) return options.hooks(request, response);
    if (options.fallback && !Object.hasOwn(routes, path) && !path.startsWith("/hooks/"))
      return options.fallback(request, response);
    const { code, body, headers } = answer(request);
    const text = JSON.stringify(body);
    response.writeHead(code, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      "cache-control": "no-store",
      ...headers,
    });
    response.end(request.method === "HEAD" ? undefined : text);
  };
  const server = createServer(withHostCheck(hostCheck(options.hosts), listener));
  // Probes are tiny: do not let a slow client hold a socket open.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `health endpoint cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
      { cause: error },
    );
  });

  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
