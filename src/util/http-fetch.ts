/**
 * The fetch the daemon hands to the SDKs that call out on every turn (the openai SDK and
 * grammY): a small client over node:http and node:https with keep-alive connections.
 *
 * Both SDKs read only a response's status, headers, `text()` or `json()`, and its body as an
 * async iterable, which is all they read from node-fetch's responses too. A WHATWG `Response`
 * (Node's built-in fetch) costs about three times as much CPU per call, in web streams and
 * their garbage: at one model call and two Bot API calls a turn it was a third of the daemon's
 * CPU. So this answers with an {@link HttpResponse} of those members, and nothing more.
 */
import http from "node:http";
import https from "node:https";
import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
import { LiteHeaders } from "./lite-headers.js";

/** What a request may carry: the parts of `RequestInit` the SDKs send, plus a node:http agent. */
export interface HttpRequestInit {
  method?: string;
  headers?: Headers | Record<string, string> | [string, string][];
  /** A text or bytes, parts of one sent in turn (their lengths known: a long one is not copied into one), or a stream. */
  body?: string | Uint8Array | readonly (string | Uint8Array)[] | Readable | AsyncIterable<Uint8Array> | null;
  signal?: AbortSignal | null;
  /** The agent to connect through instead of the shared keep-alive one (a proxy's, say). */
  agent?: http.Agent;
  /** `follow` (the default) follows up to 20 redirects as fetch does; `manual` returns them. */
  redirect?: "follow" | "manual";
}

/** A fetch-shaped function answering with {@link HttpResponse}s. */
export type HttpFetch = (input: string | URL, init?: HttpRequestInit) => Promise<HttpResponse>;

/** An answer: status, headers, and a body read once, as text, JSON or chunks. */
export class HttpResponse {
  readonly ok: boolean;
  #headers: LiteHeaders | undefined;

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** As node:http gives them: names and values, alternating. */
    readonly rawHeaders: readonly string[],
    /** The body's chunks; `null` when there is none (HEAD, 204, 304). */
    readonly body: AsyncIterable<Uint8Array> | null,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  /** Made on first use, and mutable, so that a wrapper can add to them. */
  get headers(): Headers {
    if (!this.#headers) {
      this.#headers = new LiteHeaders();
      const raw = this.rawHeaders;
      for (let index = 0; index + 1 < raw.length; index += 2) this.#headers.append(raw[index]!, raw[index + 1]!);
    }
    return this.#headers;
  }

  /** This response with another body (a guarded or re-read one); the same status and headers. */
  withBody(body: AsyncIterable<Uint8Array> | null): HttpResponse {
    const response = new HttpResponse(this.status, this.statusText, this.rawHeaders, body, this.url);
    response.#headers = this.#headers;
    return response;
  }

  async text(): Promise<string> {
    if (!this.body) return "";
    if (this.body instanceof Readable) return readAll(this.body);
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.body) chunks.push(chunk);
    return Buffer.concat(chunks).toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

const keepAliveAgents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/**
 * A stream's whole text, read with its events (an async iterator costs a turn's every Bot API answer
 * several promises per chunk); rejects when it fails or closes before its end, as the iterator does.
 */
function readAll(body: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    body.once("error", reject);
    body.once("close", () => {
      if (!body.readableEnded)
        reject(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }));
    });
  });
}

/** URLs parsed lately: the same few endpoints (the Bot API's methods, the model's) are called turn after turn. */
const parsedUrls = new Map<string, URL>();
const PARSED_URLS_KEPT = 64;

/** The parsed URL of `input`; never changed in place here (a redirect makes a new one), so it can be shared. */
function urlOf(input: string | URL): URL {
  if (typeof input !== "string") return new URL(input);
  let url = parsedUrls.get(input);
  if (!url) {
    url = new URL(input);
    if (parsedUrls.size >= PARSED_URLS_KEPT) parsedUrls.clear();
    parsedUrls.set(input, url);
  }
  return url;
}

const maxRedirects = 20;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** See the module comment. Rejects with node:http's error (`code` `ECONNREFUSED`, ...) or an `AbortError`. */
export const httpFetch: HttpFetch = async (input, init = {}) => {
  let url = urlOf(input);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body ?? undefined;
  const headers = headerRecord(init.headers);
  for (let redirects = 0; ; redirects++) {
    const answer = await send(url, method, headers, body, init);
    const status = answer.statusCode ?? 0;
    // Only for a redirect: reading `headers` makes node:http build an object of them all.
    const location = redirectStatuses.has(status) ? answer.headers.location : undefined;
    // As fetch does: a 303, and a 301 or 302 answering a POST, are followed with a GET.
    const asGet = status === 303 || ((status === 301 || status === 302) && method === "POST");
    const replayable =
      asGet || body === undefined || typeof body === "string" || body instanceof Uint8Array || Array.isArray(body);
    const follow =
      init.redirect !== "manual" && location && redirectStatuses.has(status) && replayable && redirects < maxRedirects;
    if (!follow) return responseOf(answer, url, method);
    answer.resume();
    const next = new URL(location, url);
    if (asGet) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
      delete headers["content-type"];
    }
    if (next.origin !== url.origin) delete headers.authorization;
    url = next;
  }
};

function headerRecord(headers: HttpRequestInit["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  if (!headers) return record;
  // Not `instanceof Headers`: that would load Node's fetch (see src/util/lite-headers.ts).
  const entries = Symbol.iterator in headers ? (headers as Iterable<[string, string]>) : Object.entries(headers);
  for (const [name, value] of entries) record[name.toLowerCase()] = value;
  return record;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: HttpRequestInit["body"],
  init: HttpRequestInit,
): Promise<http.IncomingMessage> {
  const secure = url.protocol === "https:";
  if (!secure && url.protocol !== "http:")
    return Promise.reject(new TypeError(`unsupported URL scheme: ${url.protocol}`));
  const fixedLength =
    typeof body === "string"
      ? Buffer.byteLength(body)
      : body instanceof Uint8Array
        ? body.byteLength
        : Array.isArray(body)
          ? partsLength(body)
          : undefined;
  const requestHeaders = fixedLength === undefined ? headers : { ...headers, "content-length": String(fixedLength) };
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(abortError());
    const request = (secure ? https : http).request(url, {
      method,
      headers: requestHeaders,
      agent: init.agent ?? keepAliveAgents[url.protocol as "http:" | "https:"],
    });
    // One abort listener for the request and its answer's body (node:http's own `signal` option costs
    // several listeners and an end-of-stream watch per request): an abort ends either with an AbortError.
    let answer: http.IncomingMessage | undefined;
    const onAbort = () => {
      const error = abortError();
      answer?.destroy(error);
      request.destroy(error);
    };
    const release = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("response", (response: http.IncomingMessage) => {
      answer = response;
      response.once("close", release);
      resolve(response);
    });
    request.once("error", (error) => {
      release();
      reject(error);
    });
    if (body === undefined || body === null) request.end();
    else if (typeof body === "string" || body instanceof Uint8Array) request.end(body);
    else if (Array.isArray(body)) writeParts(request, body);
    else pipeline(body instanceof Readable ? body : Readable.from(body), request, (error) => error && reject(error));
  });
}

function responseOf(answer: http.IncomingMessage, url: URL, method: string): HttpResponse {
  const status = answer.statusCode ?? 0;
  const empty = method === "HEAD" || status === 204 || status === 304;
  if (empty) answer.resume();
  return new HttpResponse(
    status,
    answer.statusMessage ?? "",
    answer.rawHeaders,
    empty ? null : decoded(answer),
    url.href,
  );
}

/** What an abort ends a request or its body with, as fetch does. */
function abortError(): Error {
  return new DOMException("This operation was aborted", "AbortError");
}

/** The body without its `content-encoding` (we ask for none, but a server or proxy may still compress). */
function decoded(answer: http.IncomingMessage): Readable {
  const encoding = rawHeader(answer.rawHeaders, "content-encoding")?.trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return answer;
  // A failure on either side ends the other; a reader of the decoder sees it.
  pipeline(answer, decoder, () => undefined);
  return decoder;
}

/** A header's value from node:http's raw list (names and values alternating), without building `headers`. */
function rawHeader(raw: readonly string[], name: string): string | undefined {
  for (let index = 0; index + 1 < raw.length; index += 2)
    if (raw[index]!.length === name.length && raw[index]!.toLowerCase() === name) return raw[index + 1];
  return undefined;
}

function partsLength(parts: readonly (string | Uint8Array)[]): number {
  let length = 0;
  for (const part of parts) length += typeof part === "string" ? Buffer.byteLength(part) : part.byteLength;
  return length;
}

/** Writes a body's parts in turn, then ends the request (node:http sends what is queued before its socket in one go). */
function writeParts(request: http.ClientRequest, parts: readonly (string | Uint8Array)[]): void {
  for (const part of parts) request.write(part);
  request.end();
}
