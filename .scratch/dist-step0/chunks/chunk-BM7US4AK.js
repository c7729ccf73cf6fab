#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { __toESM } from "./chunk-GZ7VATWC.js";
import { LiteHeaders } from "./chunk-MO2C37CX.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
var import_node_http = __toESM(require_node_http(), 1);
import https from "node:https";
import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
var HttpResponse = class _HttpResponse {
    constructor(status, statusText, rawHeaders, body, url) {
      this.status = status;
      this.statusText = statusText;
      this.rawHeaders = rawHeaders;
      this.body = body;
      this.url = url;
      this.ok = status >= 200 && status < 300;
    }
    status;
    statusText;
    rawHeaders;
    body;
    url;
    ok;
    #headers;
    get headers() {
      if (!this.#headers) {
        this.#headers = new LiteHeaders();
        const raw = this.rawHeaders;
        for (let index = 0; index + 1 < raw.length; index += 2) this.#headers.append(raw[index], raw[index + 1]);
      }
      return this.#headers;
    }
    withBody(body) {
      const response = new _HttpResponse(this.status, this.statusText, this.rawHeaders, body, this.url);
      return (response.#headers = this.#headers), response;
    }
    async text() {
      if (!this.body) return "";
      const chunks = [];
      for await (const chunk of this.body) chunks.push(chunk);
      return Buffer.concat(chunks).toString("utf8");
    }
    async json() {
      return JSON.parse(await this.text());
    }
  },
  keepAliveAgents = {
    "http:": new import_node_http.default.Agent({ keepAlive: !0 }),
    "https:": new https.Agent({ keepAlive: !0 }),
  },
  maxRedirects = 20,
  redirectStatuses = new Set([301, 302, 303, 307, 308]),
  httpFetch = async (input, init = {}) => {
    let url = new URL(input),
      method = (init.method ?? "GET").toUpperCase(),
      body = init.body ?? void 0,
      headers = headerRecord(init.headers);
    for (let redirects = 0; ; redirects++) {
      const answer = await send(url, method, headers, body, init),
        status = answer.statusCode ?? 0,
        location = answer.headers.location,
        asGet = status === 303 || ((status === 301 || status === 302) && method === "POST"),
        replayable = asGet || body === void 0 || typeof body == "string" || body instanceof Uint8Array;
      if (
        !(
          init.redirect !== "manual" &&
          location &&
          redirectStatuses.has(status) &&
          replayable &&
          redirects < maxRedirects
        )
      )
        return responseOf(answer, url, method, init.signal);
      answer.resume();
      const next = new URL(location, url);
      asGet && ((method = method === "HEAD" ? "HEAD" : "GET"), (body = void 0), delete headers["content-type"]),
        next.origin !== url.origin && delete headers.authorization,
        (url = next);
    }
  };
function headerRecord(headers) {
  const record = {};
  if (!headers) return record;
  const entries = Symbol.iterator in headers ? headers : Object.entries(headers);
  for (const [name, value] of entries) record[name.toLowerCase()] = value;
  return record;
}
function send(url, method, headers, body, init) {
  const secure = url.protocol === "https:";
  if (!secure && url.protocol !== "http:")
    return Promise.reject(new TypeError(`unsupported URL scheme: ${url.protocol}`));
  const fixedLength =
      typeof body == "string" ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : void 0,
    requestHeaders = fixedLength === void 0 ? headers : { ...headers, "content-length": String(fixedLength) };
  return new Promise((resolve, reject) => {
    const request = (secure ? https : import_node_http.default).request(url, {
      method,
      headers: requestHeaders,
      agent: init.agent ?? keepAliveAgents[url.protocol],
      ...(init.signal ? { signal: init.signal } : {}),
    });
    request.once("response", resolve),
      request.once("error", reject),
      body == null
        ? request.end()
        : typeof body == "string" || body instanceof Uint8Array
          ? request.end(body)
          : pipeline(body instanceof Readable ? body : Readable.from(body), request, (error) => error && reject(error));
  });
}
function responseOf(answer, url, method, signal) {
  const status = answer.statusCode ?? 0,
    empty = method === "HEAD" || status === 204 || status === 304;
  return (
    empty ? answer.resume() : abortBodyWith(answer, signal),
    new HttpResponse(status, answer.statusMessage ?? "", answer.rawHeaders, empty ? null : decoded(answer), url.href)
  );
}
function abortBodyWith(answer, signal) {
  if (!signal) return;
  const abort = () => {
    answer.destroy(new DOMException("This operation was aborted", "AbortError"));
  };
  if (signal.aborted) {
    abort();
    return;
  }
  signal.addEventListener("abort", abort, { once: !0 }),
    answer.once("close", () => signal.removeEventListener("abort", abort));
}
function decoded(answer) {
  const encoding = answer.headers["content-encoding"]?.trim().toLowerCase(),
    decoder =
      encoding === "gzip" || encoding === "x-gzip"
        ? zlib.createGunzip()
        : encoding === "deflate"
          ? zlib.createInflate()
          : encoding === "br"
            ? zlib.createBrotliDecompress()
            : void 0;
  return decoder ? (pipeline(answer, decoder, () => {}), decoder) : answer;
}
export { httpFetch };
//# sourceMappingURL=chunk-BM7US4AK.js.map
