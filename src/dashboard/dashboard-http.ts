import type { IncomingMessage, ServerResponse } from "node:http";

/** The headers of every dashboard answer: a strict CSP (no inline script or style), no sniffing, no referrer, no framing. */
export const securityHeaders: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** The session cookie's name. */
export const sessionCookie = "skein_session";

/** Answers `body` as JSON, never cached. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...securityHeaders,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(text);
}

/** Answers a small HTML page (no script, no inline style). */
export function sendHtml(response: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    ...securityHeaders,
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(html);
}

/** The value of cookie `name` in the request, if any. */
export function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Whether the request comes from a page of this very origin: its `Origin` (else its `Referer`)
 * names the `Host` it was sent to. A request carrying neither (curl, a same-origin GET) passes;
 * the session cookie (SameSite=Strict) and the CSRF token still guard it.
 */
export function sameOrigin(request: IncomingMessage): boolean {
  const host = request.headers.host?.toLowerCase();
  const from = request.headers.origin ?? request.headers.referer;
  if (from === undefined) return true;
  try {
    const url = new URL(from);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host.toLowerCase() === host;
  } catch {
    return false; // `Origin: null` (a sandboxed frame, a file:// page) or garbage
  }
}

/** Why a request body could not be read. */
export class BodyError extends Error {
  override readonly name = "BodyError";
}

/** The request's JSON object body (at most `maxBytes`; empty is `{}`); throws a {@link BodyError} on anything else. */
export async function readJsonBody(request: IncomingMessage, maxBytes = 64 * 1024): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyError(`the request body is over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError("the request body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new BodyError("the request body must be a JSON object");
  return body as Record<string, unknown>;
}
