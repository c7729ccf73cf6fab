#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { __toESM } from "./chunk-GZ7VATWC.js";
import { hostCheck, withHostCheck } from "./chunk-QB3FFHRC.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
var import_node_http = __toESM(require_node_http(), 1);
function assessReadiness(status, options) {
  const { channels, cluster, storage } = status,
    judged = {};
  for (const [name, channel] of Object.entries(channels)) judged[name] = judgeChannel(channel, options);
  const channelsReady = Object.values(judged).every((channel) => channel.ready),
    clusterReady = !cluster || cluster.redis === "connected";
  return {
    ready: channelsReady && clusterReady && !storage,
    channels: judged,
    ...(cluster && { cluster: clusterReady ? { ready: !0 } : { ready: !1, reason: "Redis is unreachable" } }),
    ...(storage && { storage: { ready: !1, durable: !1, reason: storageReason(storage) } }),
  };
}
function storageReason(storage) {
  return `not durable: ${storage.failing.map((failure) => `${failure.store} cannot write ${failure.path} (${failure.cause})`).join("; ")}`;
}
function judgeChannel(status, { now, unreadyAfterSeconds }) {
  const seconds = Math.max(0, Math.floor((now - status.since) / 1e3));
  switch (status.state) {
    case "connected":
      return { ...status, ready: !0 };
    case "failed":
    case "stopped":
      return { ...status, ready: !1, reason: `${status.state}` };
    case "starting":
    case "disconnected": {
      const ready = now - status.since <= unreadyAfterSeconds * 1e3,
        within = ready ? "within" : "beyond";
      return {
        ...status,
        ready,
        reason: `${status.state} for ${seconds} s (${within} the ${unreadyAfterSeconds} s grace)`,
      };
    }
  }
}
function statusReport(status, options) {
  const { ready } = assessReadiness(status, options),
    uptimeSeconds = Math.max(0, Math.floor((options.now - status.startedAt) / 1e3));
  return { ...status, uptimeSeconds, ready };
}
async function startHealthServer(options) {
  const now = options.now ?? Date.now,
    serverStartedAt = now(),
    uptimeSeconds = (startedAt) => Math.max(0, Math.floor((now() - startedAt) / 1e3)),
    routes = {
      "/healthz": () => {
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
        const status = options.status(),
          readiness = assessReadiness(status, { now: now(), unreadyAfterSeconds: options.unreadyAfterSeconds });
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
    },
    answer = (request) => {
      const path = new URL(request.url ?? "/", "http://health").pathname,
        route = routes[path];
      if (!route) return { code: 404, body: { error: `no such endpoint: ${path}` } };
      if (request.method !== "GET" && request.method !== "HEAD")
        return { code: 405, body: { error: `${request.method} is not allowed` }, headers: { allow: "GET, HEAD" } };
      try {
        return route();
      } catch (error) {
        return (
          options.log?.error({ err: error, path }, "a health endpoint failed"),
          { code: 500, body: { status: "error", error: error instanceof Error ? error.message : String(error) } }
        );
      }
    },
    listener = (request, response) => {
      const path = new URL(request.url ?? "/", "http://health").pathname;
      if (options.hooks && path.startsWith("/hooks/")) return options.hooks(request, response);
      if (options.fallback && !Object.hasOwn(routes, path) && !path.startsWith("/hooks/"))
        return options.fallback(request, response);
      const { code, body, headers } = answer(request),
        text = JSON.stringify(body);
      response.writeHead(code, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(text),
        "cache-control": "no-store",
        ...headers,
      }),
        response.end(request.method === "HEAD" ? void 0 : text);
    },
    server = (0, import_node_http.createServer)(withHostCheck(hostCheck(options.hosts), listener));
  (server.requestTimeout = 1e4),
    (server.headersTimeout = 5e3),
    await new Promise((resolve, reject) => {
      server.once("error", reject),
        server.listen({ host: options.host, port: options.port }, () => {
          server.off("error", reject), resolve();
        });
    }).catch((error) => {
      throw new Error(
        `health endpoint cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
        { cause: error },
      );
    });
  const { port } = server.address();
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve()), server.closeAllConnections();
      }),
  };
}
export { startHealthServer, statusReport };
//# sourceMappingURL=health-server-F7ZJS4MN.js.map
