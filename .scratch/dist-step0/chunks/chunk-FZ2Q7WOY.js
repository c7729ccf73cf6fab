#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var securityHeaders = {
    "content-security-policy":
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  },
  sessionCookie = "skein_session";
function sendJson(response, status, body, headers = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...securityHeaders,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  }),
    response.end(text);
}
function sendHtml(response, status, html, headers = {}) {
  response.writeHead(status, {
    ...securityHeaders,
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    ...headers,
  }),
    response.end(html);
}
function cookieOf(request, name) {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
}
function sameOrigin(request) {
  const host = request.headers.host?.toLowerCase(),
    from = request.headers.origin ?? request.headers.referer;
  if (from === void 0) return !0;
  try {
    const url = new URL(from);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host.toLowerCase() === host;
  } catch {
    return !1;
  }
}
var BodyError = class extends Error {
  name = "BodyError";
};
async function readJsonBody(request, maxBytes = 64 * 1024) {
  let chunks = [],
    size = 0;
  for await (const chunk of request) {
    if (((size += chunk.length), size > maxBytes)) throw new BodyError(`the request body is over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError("the request body is not valid JSON");
  }
  if (typeof body != "object" || body === null || Array.isArray(body))
    throw new BodyError("the request body must be a JSON object");
  return body;
}
var sharedEvents = new Set(["conversation", "approvals", "pairing", "schedules", "usage"]);
function isSharedEvent(event) {
  return sharedEvents.has(event);
}
var maxTimerMs = 2147483647,
  DashboardEvents = class {
    #clients = new Set();
    #options;
    #ping;
    #relay;
    constructor(options) {
      this.#options = options;
    }
    get listening() {
      return this.#clients.size > 0 || this.#relay?.listening === !0;
    }
    relayTo(relay) {
      (this.#relay = relay), this.#clients.size > 0 && relay.announce();
    }
    publish(event, data = {}) {
      this.deliver(event, data), this.#relay?.listening && sharedEvents.has(event) && this.#relay.publish(event, data);
    }
    deliver(event, data = {}) {
      if (this.#clients.size === 0) return;
      const frame = `event: ${event}
data: ${JSON.stringify(data)}

`;
      for (const client of this.#clients) client.response.write(frame);
    }
    attach(request, response, session) {
      response.writeHead(200, {
        ...securityHeaders,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      }),
        response.write(`: connected

`);
      const now = this.#options.now ?? Date.now,
        expiry = setTimeout(() => this.#end(client), Math.min(maxTimerMs, Math.max(0, session.expiresAt - now())));
      expiry.unref();
      const client = { response, session, expiry };
      this.#clients.add(client),
        request.socket.setKeepAlive(!0),
        response.on("close", () => this.#forget(client)),
        (this.#ping ??= setInterval(() => {
          this.#pingAll();
        }, this.#options.pingMs ?? 25e3).unref()),
        this.#clients.size === 1 && this.#relay?.announce();
    }
    closeSession(hash) {
      for (const client of this.#clients) client.session.hash === hash && this.#end(client);
    }
    closeAll() {
      for (const client of this.#clients) this.#end(client);
    }
    async #pingAll() {
      this.#relay?.announce();
      for (const client of this.#clients)
        (await this.#options.isOpen(client.session).catch(() => !0))
          ? client.response.write(`: ping

`)
          : this.#end(client);
    }
    #end(client) {
      this.#forget(client), client.response.end();
    }
    #forget(client) {
      clearTimeout(client.expiry),
        this.#clients.delete(client),
        this.#clients.size === 0 && this.#ping && (clearInterval(this.#ping), (this.#ping = void 0));
    }
  };
export {
  BodyError,
  cookieOf,
  DashboardEvents,
  isSharedEvent,
  readJsonBody,
  sameOrigin,
  securityHeaders,
  sendHtml,
  sendJson,
  sessionCookie,
};
//# sourceMappingURL=chunk-FZ2Q7WOY.js.map
