import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { RecordResult } from "../bus/journal.js";
import type { InboundMessage } from "../bus/messages.js";
import type { HookConfig } from "../config/schema.js";
import { hostCheck, withHostCheck } from "../util/host-check.js";

/** The largest body a hook accepts (64 KB). */
const maxHookBodyBytes = 64 * 1024;

const minuteMs = 60_000;

export interface HookEndpointOptions {
  /** `hooks`: each hook by name. */
  hooks: Record<string, HookConfig>;
  /** Records a delivery durably (the bus's `publishInbound`); the caller gets 202 only after it resolves. */
  record: (message: InboundMessage) => Promise<RecordResult>;
  log: Logger;
  /** Epoch milliseconds now (injectable for tests). */
  now?: () => number;
}

/** Handles one HTTP request under `/hooks/`. */
export type HookRequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

type Answer = { code: number; body: Record<string, unknown>; headers?: Record<string, string> };

/**
 * `POST /hooks/<name>` with `Authorization: Bearer <token>` and a JSON or text body of at
 * most 64 KB: the delivery is recorded on the bus like an inbound message (so it is
 * answered once, even across a crash), then answered 202 with its id. Only the hook's
 * `deliver_to` and `mode` decide where it goes: no field of the body routes it. 400 for a
 * token in the query string (whatever the headers carry), 401 for a missing or wrong token
 * (compared in constant time; one hook's token opens no other), 404 for an unknown hook, 405
 * for another method (counted nowhere), 413 for a larger body, 415 for another content type,
 * 429 over the hook's `rate_per_minute`, 503 while skein is stopping. Nothing of a request is
 * read before its token is checked; the body and the URL's query are never echoed or logged.
 */
export function hookRequestHandler(options: HookEndpointOptions): HookRequestHandler {
  const now = options.now ?? Date.now;
  const recent = new Map<string, number[]>();

  const admit = (name: string, hook: HookConfig, request: IncomingMessage): Answer | undefined => {
    if (!tokenMatches(request.headers.authorization, hook.token))
      return { code: 401, body: { error: "missing or wrong bearer token" }, headers: { "www-authenticate": "Bearer" } };
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json" && !type.startsWith("text/"))
      return { code: 415, body: { error: "send application/json or text/plain" } };
    if (Number(request.headers["content-length"] ?? 0) > maxHookBodyBytes) return tooLarge();
    const at = now();
    const calls = (recent.get(name) ?? []).filter((time) => at - time < minuteMs);
    recent.set(name, calls);
    if (calls.length >= hook.rate_per_minute) {
      const retryAfter = Math.max(1, Math.ceil((calls[0]! + minuteMs - at) / 1000));
      return {
        code: 429,
        body: { error: `more than ${hook.rate_per_minute} requests a minute` },
        headers: { "retry-after": String(retryAfter) },
      };
    }
    calls.push(at);
    return undefined;
  };

  const deliver = async (name: string, hook: HookConfig, request: IncomingMessage): Promise<Answer> => {
    const body = await readBody(request);
    if (body === undefined) return tooLarge();
    const isJson = (request.headers["content-type"] ?? "").toLowerCase().includes("json");
    const text = hookText(body, isJson, hook.mode);
    if (text.type === "invalid") return { code: 400, body: { error: text.reason } };
    const id = `hook:${name}:${randomUUID()}`;
    try {
      await options.record({
        id,
        channel: hook.deliver_to.channel,
        chatId: hook.deliver_to.chat_id,
        senderId: `hook:${name}`,
        senderName: name,
        isDirect: false,
        text: text.text,
        receivedAt: now(),
        internal: true,
        trigger: { type: "hook", hook: name, mode: hook.mode },
      });
    } catch (error) {
      options.log.warn({ hook: name, err: error }, "a webhook delivery could not be recorded");
      return { code: 503, body: { error: "skein cannot take it now; try again" }, headers: { "retry-after": "5" } };
    }
    options.log.info({ hook: name, id, bytes: body.length }, "webhook delivery accepted");
    return { code: 202, body: { id } };
  };

  const tokens = new Set(Object.values(options.hooks).map((hook) => hook.token));

  return (request, response) => {
    const url = new URL(request.url ?? "/", "http://hooks");
    const name = hookName(url);
    const hook = name !== undefined && Object.hasOwn(options.hooks, name) ? options.hooks[name] : undefined;
    const answered = (async (): Promise<Answer> => {
      if (carriesToken(url, tokens))
        return {
          code: 400,
          body: { error: "a token in the URL is refused (URLs are logged); send it as Authorization: Bearer <token>" },
        };
      if (!hook || name === undefined) return { code: 404, body: { error: "no such hook" } };
      if (request.method !== "POST") return { code: 405, body: { error: "use POST" }, headers: { allow: "POST" } };
      return admit(name, hook, request) ?? (await deliver(name, hook, request));
    })();
    void answered
      .catch((error: unknown): Answer => {
        options.log.error({ hook: name, err: error }, "a webhook request failed");
        return { code: 500, body: { error: "internal error" } };
      })
      .then(({ code, body, headers }) => {
        const text = JSON.stringify(body);
        // An unread body must not keep the connection: the client is done.
        if (!request.complete) response.setHeader("connection", "close");
        response.writeHead(code, { "content-type": "application/json; charset=utf-8", ...headers });
        response.end(text);
      });
  };
}

/** The hook named by `/hooks/<name>`, or undefined for a malformed escape. */
function hookName(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname.slice("/hooks/".length));
  } catch {
    return undefined;
  }
}

/** Query parameters that look like a credential, whatever the hook. */
const tokenParameters = new Set(["token", "access_token", "auth_token", "hook_token", "key", "api_key"]);

/** Whether the query string carries a token: a credential-like parameter, or any hook's token as a value. */
function carriesToken(url: URL, tokens: ReadonlySet<string>): boolean {
  for (const [key, value] of url.searchParams)
    if (tokenParameters.has(key.toLowerCase()) || tokens.has(value.trim())) return true;
  return false;
}

/** The text a hook delivers: `notify` sends the body's text (or its JSON field `text`), `agent` hands over the whole body. */
function hookText(
  body: Buffer,
  isJson: boolean,
  mode: HookConfig["mode"],
): { type: "text"; text: string } | { type: "invalid"; reason: string } {
  const raw = body.toString("utf8");
  if (!isJson) return raw.trim() ? { type: "text", text: raw } : { type: "invalid", reason: "the body is empty" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { type: "invalid", reason: "the body is not valid JSON" };
  }
  if (mode === "agent") return { type: "text", text: JSON.stringify(parsed, null, 2) };
  const field = (parsed as { text?: unknown } | null)?.text;
  if (typeof field === "string" && field.trim()) return { type: "text", text: field };
  return { type: "invalid", reason: 'a notify hook needs a JSON field "text" (or a text/plain body)' };
}

/** The body, or undefined once it grows past {@link maxHookBodyBytes}. */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxHookBodyBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): Answer {
  return { code: 413, body: { error: `the body is larger than ${maxHookBodyBytes} bytes` } };
}

/** Compares the bearer token in constant time (both sides hashed to the same length first). */
function tokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? "");
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match?.[1]?.trim() ?? ""), digest(token)) && match !== null;
}

/** A server of its own for the hooks, when `gateway.port` is not the health port. */
export async function startHookServer(options: {
  host: string;
  port: number;
  handler: HookRequestHandler;
  /** `gateway.hosts`: public names answered besides IP literals and `localhost` (others get 421). */
  hosts?: readonly string[];
}): Promise<{ port: number; close(): Promise<void> }> {
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url ?? "/", "http://hooks").pathname.startsWith("/hooks/")) options.handler(request, response);
    else response.writeHead(404, { "content-type": "application/json" }).end('{"error":"no such endpoint"}');
  };
  const server = createServer(withHostCheck(hostCheck(options.hosts), listener));
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
