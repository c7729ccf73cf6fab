import { lookup as dnsLookup } from "node:dns";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type LookupFunction, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import {
  type AddressPolicy,
  BlockedAddressError,
  blockedAddressReason,
  checkLiteralHost,
  guardedLookup,
} from "../util/ssrf-guard.js";

/** Time to reach a destination before the proxy answers 504. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Request headers meant for the proxy, never passed on. */
const HOP_HEADERS = new Set(["proxy-connection", "proxy-authorization", "connection", "keep-alive", "upgrade"]);

export interface EgressProxyOptions {
  /** Which addresses are refused (default: the SSRF guard's, the one web_fetch uses). */
  policy?: AddressPolicy;
  /** DNS lookup before the guard checks every address (default `dns.lookup`). */
  lookup?: LookupFunction;
  /**
   * Listen on a port of 127.0.0.1 instead of a unix socket: for a program outside the sandbox (no network
   * namespace, no forwarder) that takes its proxy by address, such as an unsandboxed browser.
   */
  loopback?: boolean;
}

/** The running proxy: its unix socket (in a directory only the daemon's user can enter), or its loopback port. */
export interface EgressProxy {
  /** Empty when it listens on loopback. */
  readonly socketPath: string;
  /** Its port on 127.0.0.1, when it listens on loopback. */
  readonly port?: number;
  close(): Promise<void>;
}

const stripBrackets = (host: string): string => host.replace(/^\[(.*)\]$/, "$1");

/** `host:port` of a CONNECT request (`[::1]:443` included); undefined when malformed. */
function authorityOf(target: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(target);
  const port = Number(match?.[2]);
  if (!match || !(port > 0 && port < 65536)) return undefined;
  return { host: stripBrackets(match[1]!), port };
}

/** Why a destination is refused, as the proxy's 403 says it; undefined when it is not a guard's refusal. */
function refusal(error: unknown): string | undefined {
  return error instanceof BlockedAddressError ? error.message : undefined;
}

/**
 * The header a refusal of an `http://` request carries, with the reason: a browser shows the proxy's 403 as the
 * page it was sent to (a redirect to a private address), and skein's browser tells it from a site's own 403 by it.
 */
const refusedHeader = (reason: string | undefined): Record<string, string> =>
  reason ? { "x-skein-refused": reason } : {};

function answer(socket: Duplex, status: string, text: string): void {
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${text}\n`);
}

/**
 * The egress proxy of `tools.exec.network: "public"`: HTTP CONNECT (any TCP port) and
 * absolute-form `http://` requests, on a unix socket bound into each sandbox. Every
 * destination passes the SSRF guard: a literal address is checked as it is, a name by
 * every address it resolves to, and the socket connects to exactly the checked address.
 */
export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const policy = options.policy ?? blockedAddressReason;
  const lookup = guardedLookup(options.lookup ?? (dnsLookup as LookupFunction), policy);
  const directory = options.loopback ? undefined : await mkdtemp(join(tmpdir(), "skein-egress-"));
  const socketPath = directory ? join(directory, "egress.sock") : "";
  const tunnels = new Set<Socket>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    forwardRequest(request, response, policy, lookup);
  });
  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    client.on("error", () => undefined);
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
    let established = false;
    upstream.once("connect", () => {
      established = true;
      upstream.setTimeout(0);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (error) => {
      if (!established) {
        const blocked = refusal(error);
        if (blocked) answer(client, "403 Forbidden", blocked);
        else answer(client, "502 Bad Gateway", `could not reach ${request.url}: ${error.message}`);
      } else client.destroy();
    });
    upstream.once("close", () => {
      forget();
      client.end();
    });
    client.once("close", () => {
      forget();
      upstream.destroy();
    });
  });
  server.on("clientError", (_error, socket) => answer(socket, "400 Bad Request", "malformed request"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (directory) server.listen(socketPath, () => resolve());
    else server.listen(0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const address = server.address();
  return {
    socketPath,
    ...(typeof address === "object" && address && { port: address.port }),
    async close() {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (directory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An absolute-form `GET http://host/path` request: passed on through the guard, the answer streamed back. */
function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  policy: AddressPolicy,
  lookup: LookupFunction,
): void {
  let target: URL;
  try {
    target = new URL(request.url ?? "");
    if (target.protocol !== "http:") throw new Error("only http:// URLs (https goes through CONNECT)");
    checkLiteralHost(target.hostname, policy);
  } catch (error) {
    const blocked = refusal(error);
    response.writeHead(blocked ? 403 : 400, { "content-type": "text/plain", ...refusedHeader(blocked) });
    response.end(`${blocked ?? `this is skein's egress proxy: ${(error as Error).message}`}\n`);
    return;
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
  );
  const upstream = httpRequest(
    {
      hostname: stripBrackets(target.hostname),
      port: target.port || 80,
      method: request.method,
      path: `${target.pathname}${target.search}`,
      headers,
      lookup,
      agent: false,
      timeout: CONNECT_TIMEOUT_MS,
    },
    (answerFrom) => {
      response.writeHead(answerFrom.statusCode ?? 502, answerFrom.headers);
      answerFrom.pipe(response);
    },
  );
  upstream.once("timeout", () => upstream.destroy(new Error("timed out")));
  upstream.on("error", (error) => {
    if (response.headersSent) return void response.destroy();
    const blocked = refusal(error);
    response.writeHead(blocked ? 403 : 502, { "content-type": "text/plain", ...refusedHeader(blocked) });
    response.end(`${blocked ?? `could not reach ${target.host}: ${error.message}`}\n`);
  });
  request.pipe(upstream);
}
