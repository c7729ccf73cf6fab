import { lookup as dnsLookup } from "node:dns";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { LookupFunction } from "node:net";
import { pipeline } from "node:stream/promises";
import type { Agent } from "undici";
import { type AddressPolicy, blockedAddressReason, checkLiteralHost, guardedLookup } from "../util/ssrf-guard.js";

/**
 * The one downloader of inbound attachments. A channel says where a file is (its platform
 * URL and the headers that authorise it); this streams it to a file in the workspace with a
 * size cap, a time limit, and redirects followed only to public addresses (the SSRF guard).
 */

/** Where a platform serves one attachment. */
export interface AttachmentSource {
  url: string;
  /** Sent to the first host only (a bot token); dropped when a redirect leaves its origin. */
  headers?: Record<string, string>;
  /** A file name the platform knows (Telegram's `file_path` basename), when the message had none. */
  name?: string;
}

export interface DownloadOptions {
  /** The file to write (created or truncated). */
  destination: string;
  /** More bytes than this are never read: the download stops and nothing is kept. */
  maxBytes: number;
  signal: AbortSignal;
  /** Time limit of the whole download in milliseconds (default 60 s). */
  timeoutMs?: number;
  /** Why a redirect target is refused (default {@link blockedAddressReason}). */
  addressPolicy?: AddressPolicy;
  /** DNS lookup for redirect targets (default `dns.lookup`). */
  lookup?: LookupFunction;
}

/** What became of a download. Failures are results too, with a reason the model and the user can be told. */
export type DownloadResult =
  | { type: "saved"; path: string; bytes: number; contentType?: string }
  | { type: "too-large"; maxBytes: number; declaredBytes?: number }
  | { type: "failed"; reason: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

let sharedGuardedAgent: Agent | undefined;

/** The connection pool for redirect targets: every address it connects to passes the SSRF guard. */
async function redirectAgentFor(options: DownloadOptions, policy: AddressPolicy): Promise<Agent> {
  const { Agent } = await import("undici");
  const guarded = () =>
    new Agent({ connect: { lookup: guardedLookup(options.lookup ?? (dnsLookup as LookupFunction), policy) } });
  if (options.addressPolicy || options.lookup) return guarded();
  sharedGuardedAgent ??= guarded();
  return sharedGuardedAgent;
}

/** Downloads `source` to `options.destination`; never throws (see {@link DownloadResult}). */
export async function downloadAttachment(source: AttachmentSource, options: DownloadOptions): Promise<DownloadResult> {
  const { request } = await import("undici");
  const policy = options.addressPolicy ?? blockedAddressReason;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new Error("the download took too long")),
    options.timeoutMs ?? 60_000,
  ).unref();
  const signal = AbortSignal.any([options.signal, timeout.signal]);
  let url = new URL(source.url);
  let headers = source.headers ?? {};
  let written = false;
  try {
    for (let redirects = 0; ; redirects++) {
      // The platform's own host is trusted (a local Bot API server is fine); where it redirects to is not.
      if (redirects > 0) checkLiteralHost(url.hostname, policy);
      const response = await request(url, {
        method: "GET",
        headers,
        signal,
        ...(redirects > 0 ? { dispatcher: await redirectAgentFor(options, policy) } : {}),
      });
      const location = headerValue(response.headers.location);
      if (REDIRECT_STATUSES.has(response.statusCode) && location) {
        await response.body.dump();
        if (redirects === MAX_REDIRECTS) return { type: "failed", reason: `more than ${MAX_REDIRECTS} redirects` };
        const next = new URL(location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          return { type: "failed", reason: `a redirect to a ${next.protocol} URL` };
        if (next.origin !== url.origin) headers = {};
        url = next;
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        return { type: "failed", reason: `the platform answered HTTP ${response.statusCode}` };
      }
      const declared = Number(headerValue(response.headers["content-length"]));
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.body.destroy();
        return { type: "too-large", maxBytes: options.maxBytes, declaredBytes: declared };
      }
      let bytes = 0;
      let tooLarge = false;
      const capped = async function* (body: AsyncIterable<Buffer>) {
        for await (const chunk of body) {
          bytes += chunk.length;
          if (bytes > options.maxBytes) {
            tooLarge = true;
            return; // ends the pipeline; the rest of the body is never read
          }
          yield chunk;
        }
      };
      written = true;
      await pipeline(response.body, capped, createWriteStream(options.destination), { signal });
      if (tooLarge) {
        response.body.destroy();
        await rm(options.destination, { force: true });
        return { type: "too-large", maxBytes: options.maxBytes };
      }
      const contentType = headerValue(response.headers["content-type"]);
      return { type: "saved", path: options.destination, bytes, ...(contentType ? { contentType } : {}) };
    }
  } catch (error) {
    if (written) await rm(options.destination, { force: true }).catch(() => undefined);
    const reason = signal.aborted && !options.signal.aborted ? "the download took too long" : describe(error);
    return { type: "failed", reason };
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const root = cause instanceof Error && (cause as { code?: string }).code === "ESKEIN_BLOCKED_ADDRESS" ? cause : error;
  return root instanceof Error ? root.message : String(root);
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
