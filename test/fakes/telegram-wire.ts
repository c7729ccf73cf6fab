/** The Bot API's wire format as the fake Telegram speaks it: request parameters, answers, errors. */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** A Bot API request's parameters: JSON, or multipart form data whose file parts are returned apart. */
export async function readPayload(
  request: IncomingMessage,
): Promise<{ payload: Record<string, unknown>; files: Map<string, { name: string; bytes: Buffer }> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const files = new Map<string, { name: string; bytes: Buffer }>();
  const contentType = request.headers["content-type"] ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    return { payload: body.length ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {}, files };
  }
  const payload: Record<string, unknown> = {};
  for (const part of multipartParts(body, contentType)) {
    if (part.filename === undefined) payload[part.name] = part.bytes.toString("utf8");
    else {
      files.set(part.name, { name: part.filename, bytes: part.bytes });
      payload[part.name] = `attach://${part.name}`;
    }
  }
  return { payload, files };
}

export async function shutDown(server: Server, hanging: Set<ServerResponse>): Promise<void> {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export function ok(response: ServerResponse, result: unknown): void {
  reply(response, 200, { ok: true, result });
}

export function fail(response: ServerResponse, status: number, description: string, retryAfter?: number): void {
  reply(response, status, {
    ok: false,
    error_code: status,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  });
}

export function reply(response: ServerResponse, status: number, body: unknown): void {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The parts of a multipart/form-data body (grammY's, which Node's FormData parser does not take). */
function multipartParts(body: Buffer, contentType: string): Array<{ name: string; filename?: string; bytes: Buffer }> {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ name: string; filename?: string; bytes: Buffer }> = [];
  let index = body.indexOf(delimiter);
  while (index !== -1) {
    const start = index + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const name = /[^e]name="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      const filename = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      // The content ends before the CRLF that precedes the next delimiter.
      const bytes = part.subarray(headerEnd + 4, part.length - 2);
      if (name !== undefined) parts.push({ name, ...(filename === undefined ? {} : { filename }), bytes });
    }
    index = next;
  }
  return parts;
}
