#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { __toESM } from "./chunk-GZ7VATWC.js";
import { BlockedAddressError, blockedAddressReason, checkLiteralHost, guardedLookup } from "./chunk-QI67DLSS.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
var import_node_http = __toESM(require_node_http(), 1);
import { lookup as dnsLookup } from "node:dns";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
var CONNECT_TIMEOUT_MS = 1e4,
  HOP_HEADERS = new Set(["proxy-connection", "proxy-authorization", "connection", "keep-alive", "upgrade"]),
  stripBrackets = (host) => host.replace(/^\[(.*)\]$/, "$1");
function authorityOf(target) {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(target),
    port = Number(match?.[2]);
  if (!(!match || !(port > 0 && port < 65536))) return { host: stripBrackets(match[1]), port };
}
function refusal(error) {
  return error instanceof BlockedAddressError ? error.message : void 0;
}
function answer(socket, status, text) {
  socket.end(`HTTP/1.1 ${status}\r
content-type: text/plain\r
connection: close\r
\r
${text}
`);
}
async function startEgressProxy(options = {}) {
  const policy = options.policy ?? blockedAddressReason,
    lookup = guardedLookup(options.lookup ?? dnsLookup, policy),
    directory = await mkdtemp(join(tmpdir(), "skein-egress-")),
    socketPath = join(directory, "egress.sock"),
    tunnels = new Set(),
    server = (0, import_node_http.createServer)((request, response) => {
      forwardRequest(request, response, policy, lookup);
    });
  return (
    server.on("connect", (request, client, head) => {
      client.on("error", () => {});
      const target = authorityOf(request.url ?? "");
      if (!target) return answer(client, "400 Bad Request", "CONNECT needs host:port");
      try {
        checkLiteralHost(target.host, policy);
      } catch (error) {
        return answer(client, "403 Forbidden", refusal(error) ?? String(error));
      }
      const upstream = connect({ host: target.host, port: target.port, lookup, timeout: CONNECT_TIMEOUT_MS });
      tunnels.add(upstream).add(client);
      const forget = () => tunnels.delete(upstream) && tunnels.delete(client);
      upstream.once("timeout", () => upstream.destroy(new Error("timed out")));
      let established = !1;
      upstream.once("connect", () => {
        (established = !0),
          upstream.setTimeout(0),
          client.write(`HTTP/1.1 200 Connection Established\r
\r
`),
          head.length && upstream.write(head),
          upstream.pipe(client),
          client.pipe(upstream);
      }),
        upstream.on("error", (error) => {
          if (established) client.destroy();
          else {
            const blocked = refusal(error);
            blocked
              ? answer(client, "403 Forbidden", blocked)
              : answer(client, "502 Bad Gateway", `could not reach ${request.url}: ${error.message}`);
          }
        }),
        upstream.once("close", () => {
          forget(), client.end();
        }),
        client.once("close", () => {
          forget(), upstream.destroy();
        });
    }),
    server.on("clientError", (_error, socket) => answer(socket, "400 Bad Request", "malformed request")),
    await new Promise((resolve, reject) => {
      server.once("error", reject), server.listen(socketPath, () => resolve());
    }),
    server.unref(),
    {
      socketPath,
      async close() {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections(),
          await new Promise((resolve) => server.close(resolve)),
          await rm(directory, { recursive: !0, force: !0 });
      },
    }
  );
}
function forwardRequest(request, response, policy, lookup) {
  let target;
  try {
    if (((target = new URL(request.url ?? "")), target.protocol !== "http:"))
      throw new Error("only http:// URLs (https goes through CONNECT)");
    checkLiteralHost(target.hostname, policy);
  } catch (error) {
    const blocked = refusal(error);
    response.writeHead(blocked ? 403 : 400, { "content-type": "text/plain" }),
      response.end(`${blocked ?? `this is skein's egress proxy: ${error.message}`}
`);
    return;
  }
  const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
    ),
    upstream = (0, import_node_http.request)(
      {
        hostname: stripBrackets(target.hostname),
        port: target.port || 80,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers,
        lookup,
        agent: !1,
        timeout: CONNECT_TIMEOUT_MS,
      },
      (answerFrom) => {
        response.writeHead(answerFrom.statusCode ?? 502, answerFrom.headers), answerFrom.pipe(response);
      },
    );
  upstream.once("timeout", () => upstream.destroy(new Error("timed out"))),
    upstream.on("error", (error) => {
      if (response.headersSent) return void response.destroy();
      const blocked = refusal(error);
      response.writeHead(blocked ? 403 : 502, { "content-type": "text/plain" }),
        response.end(`${blocked ?? `could not reach ${target.host}: ${error.message}`}
`);
    }),
    request.pipe(upstream);
}
export { startEgressProxy };
//# sourceMappingURL=egress-proxy-TIJ6NOFB.js.map
