import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import type { Agent } from "undici";
import {
  type AddressPolicy,
  BlockedAddressError,
  blockedAddressReason,
  checkLiteralHost,
  guardedLookup,
} from "../../util/ssrf-guard.js";
import { type Tool, ToolError } from "../tool.js";
import { htmlToMarkdown } from "./html-to-markdown.js";
import { type SecretEgressGuard, secretRefusal } from "./secret-egress.js";

/** Response bodies are cut at this many bytes while they stream. */
export const MAX_BODY_BYTES = 1_048_576;
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TEXTUAL_TYPE = /^text\/|json|xml|javascript|ecmascript|yaml|csv|markdown|x-www-form-urlencoded/i;
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

interface WebFetchArgs {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WebFetchOptions {
  /** `tools.web_fetch.allow_private`: lifts the SSRF guard. */
  allowPrivate: boolean;
  /** DNS lookup to resolve host names (default `dns.lookup`). */
  lookup?: LookupFunction;
  /** Why an address is refused (default {@link blockedAddressReason}); tests let their loopback fake through. */
  addressPolicy?: AddressPolicy;
  /** Whether a request's URL, headers or body carry one of the daemon's secrets (refused; default: never). */
  leaksSecret?: SecretEgressGuard;
}

/**
 * A URL as an error quotes it: in full up to 300 characters, else its start and its length (a 1 MB URL
 * echoed whole would be a 64 KB result, kept in the conversation).
 */
function quoted(url: string): string {
  return url.length <= 300 ? url : `${url.slice(0, 300)}… (${url.length} characters)`;
}

function parseHttpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolError("InvalidArgs", `${what} is not a valid URL: ${quoted(text)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolError("InvalidArgs", `${what} must use http or https, not ${url.protocol.replace(/:$/, "")}`);
  }
  return url;
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function findBlocked(error: unknown): BlockedAddressError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof BlockedAddressError) return current;
  }
  return undefined;
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** `web_fetch`: one HTTP(S) request behind the SSRF guard, redirects followed and re-checked. */
export function webFetchTool(options: WebFetchOptions): Tool<WebFetchArgs> {
  let agent: Agent | undefined;
  const policy = options.addressPolicy ?? blockedAddressReason;
  const dispatcher = async (): Promise<Agent> => {
    const { Agent } = await import("undici");
    const lookup = options.lookup ?? (dnsLookup as LookupFunction);
    agent ??= new Agent({
      connect: { lookup: options.allowPrivate ? lookup : guardedLookup(lookup, policy) },
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    return agent;
  };

  return {
    name: "web_fetch",
    description:
      `Fetch a URL (http/https). Returns {status, content_type, body, url, bytes}; HTML is converted to Markdown; ` +
      `bodies are cut at ${MAX_BODY_BYTES} bytes.${options.allowPrivate ? "" : " Private and local addresses are refused."}`,
    parameters: {
      type: "object",
      properties: {
        url: { type: "string", minLength: 1, description: "The http:// or https:// URL" },
        method: {
          type: "string",
          enum: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
          description: 'HTTP method (default "GET")',
        },
        headers: { type: "object", additionalProperties: { type: "string" }, description: "Request headers" },
        body: { type: "string", description: "Request body (for POST, PUT, PATCH)" },
      },
      required: ["url"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    // Reading is harmless; any other method acts on the world, so it goes through tools.approval.
    needsApproval: (args) => !["GET", "HEAD"].includes((args.method ?? "GET").toUpperCase()),
    timeoutMs: 60_000,
    async execute(args, ctx) {
      const { request } = await import("undici");
      let url = parseHttpUrl(args.url, "url");
      // The URL as given and as parsed, once when they are the same text (a 1 MB URL is scanned once).
      const urls = url.href === args.url ? [args.url] : [args.url, url.href];
      const outgoing = [...urls, ...Object.entries(args.headers ?? {}).flat(), args.body ?? ""];
      if (options.leaksSecret?.(outgoing)) throw secretRefusal("web_fetch");
      let method = args.method ?? "GET";
      let body = args.body;
      let headers: Record<string, string> = { "user-agent": "skein-web-fetch/0.1", ...args.headers };
      try {
        for (let redirects = 0; ; redirects++) {
          if (!options.allowPrivate) checkLiteralHost(url.hostname, policy);
          const response = await request(url, {
            dispatcher: await dispatcher(),
            method: method as "GET",
            headers,
            ...(body === undefined ? {} : { body }),
            signal: ctx.signal,
          });
          const location = headerValue(response.headers.location);
          if (REDIRECT_STATUSES.has(response.statusCode) && location) {
            await response.body.dump();
            if (redirects === MAX_REDIRECTS) {
              throw new ToolError(
                "ExecutionFailed",
                `too many redirects (more than ${MAX_REDIRECTS}); last location: ${location}`,
              );
            }
            const next = parseHttpUrl(new URL(location, url).href, "redirect location");
            if (response.statusCode === 303 || (response.statusCode <= 302 && method === "POST")) {
              method = "GET";
              body = undefined;
            }
            if (next.origin !== url.origin) {
              headers = Object.fromEntries(
                Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
              );
            }
            url = next;
            continue;
          }

          const chunks: Buffer[] = [];
          let received = 0;
          let truncated = false;
          for await (const chunk of response.body as AsyncIterable<Buffer>) {
            const room = MAX_BODY_BYTES - received;
            received += chunk.length;
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room));
              truncated = true;
              break; // stops the download: the rest never arrives
            }
            chunks.push(chunk);
          }
          const contentType = headerValue(response.headers["content-type"]);
          const bytes = Buffer.concat(chunks);
          let text: string;
          if (contentType && !TEXTUAL_TYPE.test(contentType)) {
            text = `[binary content (${contentType}) not shown]`;
          } else {
            text = decode(bytes, contentType);
            if (/html/i.test(contentType)) text = (await htmlToMarkdown(text, { signal: ctx.signal })).text;
          }
          if (truncated) text += `\n\n[... truncated: the body exceeded ${MAX_BODY_BYTES} bytes]`;
          const finalUrl = redirects > 0 ? { final_url: url.href } : {};
          return {
            status: response.statusCode,
            content_type: contentType,
            body: text,
            url: args.url,
            bytes: received,
            ...finalUrl,
          };
        }
      } catch (error) {
        if (error instanceof ToolError) throw error;
        const blocked = findBlocked(error);
        if (blocked) throw new ToolError("PermissionDenied", blocked.message);
        if (ctx.signal.aborted) throw new ToolError("Timeout", `fetching ${quoted(url.href)} was cancelled`);
        const code = (error as { code?: string }).code;
        const reason = error instanceof Error ? error.message : String(error);
        throw new ToolError(
          "ExecutionFailed",
          `fetching ${quoted(url.href)} failed: ${reason}${code ? ` (${code})` : ""}`,
        );
      }
    },
  };
}
