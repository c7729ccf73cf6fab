import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { within } from "../support/within.js";
import { heldUntilResumed } from "./held-requests.js";

/**
 * A local Slack for tests, spoken to by the real Bolt and WebClient over real sockets:
 * a Web API server (form-encoded or JSON calls, reached through `api_url`) and a
 * Socket Mode server (ws: `hello`, `events_api` envelopes, acks, `disconnect`).
 * Events for the HTTP Events API are POSTed with {@link postSignedEvent}; button presses
 * (`block_actions`, built with {@link blockActions}) with {@link postSignedInteraction}
 * over HTTP or {@link FakeSlack.sendSocketInteractive} over the socket. Files users shared
 * ({@link FakeSlack.addFile}) are served at their `url_private` to a bearer bot token; the
 * bot uploads with files.getUploadURLExternal, a POST of the bytes to the upload URL and
 * files.completeUploadExternal (recorded in `uploads`).
 */

/** A file the bot uploaded and completed into a channel. */
export interface SlackUpload {
  id: string;
  filename: string;
  bytes: Buffer;
  channel_id?: string;
  thread_ts?: string;
  initial_comment?: string;
}

/** One recorded Web API call. */
export interface FakeSlackCall {
  method: string;
  params: Record<string, unknown>;
  /** The bearer token the call carried. */
  token?: string;
}

/** A scripted answer for the next call of one method. */
export type ScriptedAnswer =
  /** `{ok: false, error}` with HTTP 200, as Slack reports platform errors. */
  | { error: string }
  /** An HTTP error status, e.g. 429 with Retry-After (seconds), or 500. */
  | { status: number; retryAfter?: number }
  /** The normal answer, given only once `after` settles (a slow call). */
  | { after: Promise<unknown> };

/** A message the bot posted, as the channel shows it now. */
export interface FakeSlackMessage {
  channel: string;
  ts: string;
  threadTs?: string;
  /** The text it shows now (after every chat.update). */
  text: string;
  /** Every text it showed, the posted one first, then one per chat.update, with when it arrived (ms). */
  history: Array<{ text: string; at: number }>;
  deleted: boolean;
}

export interface FakeUser {
  name: string;
  displayName?: string;
}

export interface FakeSlackOptions {
  botUserId?: string;
  botId?: string;
  teamId?: string;
  users?: Record<string, FakeUser>;
}

export class FakeSlack {
  readonly calls: FakeSlackCall[] = [];
  /** Messages the bot posted with chat.postMessage, in order, as they show now. */
  readonly messages: FakeSlackMessage[] = [];
  /** Tokens that auth.test and apps.connections.open answer with `invalid_auth`. */
  readonly invalidTokens = new Set<string>();
  /** Envelope ids acknowledged by the Socket Mode client. */
  readonly acks: string[] = [];
  /** The `ts` of each chat.postMessage answered, in call order (`postedTs[i]` answers `callsTo("chat.postMessage")[i]`). */
  readonly postedTs: string[] = [];
  readonly uploads: SlackUpload[] = [];
  /** Bearer tokens that downloaded a shared file. */
  readonly fileDownloads: Array<{ path: string; token?: string }> = [];
  readonly #shared = new Map<string, { bytes: Buffer; mimetype: string }>();
  /** Upload URLs handed out and not completed: the bytes posted to each. */
  readonly #pendingUploads = new Map<string, { filename: string; length: number; bytes?: Buffer }>();
  #fileCounter = 0;
  readonly botUserId: string;
  readonly botId: string;
  readonly teamId: string;
  readonly #users: Record<string, FakeUser>;
  readonly #scripts = new Map<string, ScriptedAnswer[]>();
  readonly #events = new EventEmitter();
  readonly #sockets = new Set<WebSocket>();
  readonly #wss = new WebSocketServer({ noServer: true });
  #current: WebSocket | undefined;
  /** Envelopes sent with {@link FakeSlack.deliverSocketEvent} and not acked yet, by envelope id. */
  readonly #unacked = new Map<string, Record<string, unknown>>();
  /** While set, chat.postMessage calls wait for it (see {@link FakeSlack.pauseSends}). */
  #sendsPaused: Promise<void> | undefined;
  #resumeSends: (() => void) | undefined;
  readonly #held = { count: 0 };
  #connections = 0;
  #tsCounter = 0;

  private constructor(
    private readonly server: Server,
    /** Web API base URL with a trailing slash, for `api_url` / SLACK_API_URL. */
    readonly apiUrl: string,
    options: FakeSlackOptions,
  ) {
    this.botUserId = options.botUserId ?? "UBOT";
    this.botId = options.botId ?? "BBOT";
    this.teamId = options.teamId ?? "T1";
    this.#users = options.users ?? {};
    this.#events.setMaxListeners(0);
  }

  static async start(options: FakeSlackOptions = {}): Promise<FakeSlack> {
    let fake!: FakeSlack;
    const server = createServer((request, response) => void fake.handle(request, response));
    server.on("upgrade", (request, socket, head) => fake.upgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeSlack(server, `http://127.0.0.1:${port}/api/`, options);
    return fake;
  }

  /** A file a user shared, as a message event's `files` entry carries it (served at its `url_private`). */
  addFile(bytes: Buffer, name: string, mimetype: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const id = `F${++this.#fileCounter}`;
    const path = `/files-pri/${this.teamId}-${id}/${name}`;
    this.#shared.set(path, { bytes, mimetype });
    const origin = this.apiUrl.replace(/\/api\/$/, "");
    return { id, name, mimetype, size: bytes.length, url_private: `${origin}${path}`, ...extra };
  }

  /** Queues answers for the next calls of `method`, used in order before the normal answer. */
  script(method: string, ...answers: ScriptedAnswer[]): this {
    this.#scripts.set(method, [...(this.#scripts.get(method) ?? []), ...answers]);
    return this;
  }

  /** Parameters of every call of `method` so far. */
  callsTo(method: string): Array<Record<string, unknown>> {
    return this.calls.filter((call) => call.method === method).map((call) => call.params);
  }

  /** Resolves with the first `count` calls of `method` once that many were made. */
  waitForCalls(method: string, count: number): Promise<Array<Record<string, unknown>>> {
    return this.#waitFor("call", `${count} ${method} calls`, () => {
      const calls = this.callsTo(method);
      return calls.length >= count ? calls.slice(0, count) : undefined;
    });
  }

  /** Resolves once the Socket Mode server has greeted its `count`th connection with `hello`. */
  waitForConnections(count: number): Promise<number> {
    return this.#waitFor("connection", `${count} Socket Mode connections`, () =>
      this.#connections >= count ? this.#connections : undefined,
    );
  }

  /** Resolves once the client acknowledged this envelope. */
  waitForAck(envelopeId: string): Promise<string> {
    return this.#waitFor("ack", `the ack of envelope ${envelopeId}`, () =>
      this.acks.includes(envelopeId) ? envelopeId : undefined,
    );
  }

  /** Sends an `events_api` envelope over the current Socket Mode connection; returns its envelope id. */
  sendSocketEvent(event: Record<string, unknown>): string {
    if (!this.#current) throw new Error("no Socket Mode connection");
    const envelopeId = randomUUID();
    this.#current.send(
      JSON.stringify({
        envelope_id: envelopeId,
        type: "events_api",
        accepts_response_payload: false,
        retry_attempt: 0,
        retry_reason: "",
        payload: this.eventCallback(event),
      }),
    );
    return envelopeId;
  }

  /**
   * Delivers an event over Socket Mode the way Slack does: the envelope is sent now if a
   * client is connected, and again (with a higher `retry_attempt`) to every new connection
   * until the client acks it. Returns its envelope id.
   */
  deliverSocketEvent(event: Record<string, unknown>): string {
    const envelopeId = randomUUID();
    this.#unacked.set(envelopeId, {
      envelope_id: envelopeId,
      type: "events_api",
      accepts_response_payload: false,
      retry_attempt: 0,
      retry_reason: "",
      payload: this.eventCallback(event),
    });
    this.#sendUnacked(envelopeId);
    return envelopeId;
  }

  /** Envelopes delivered with {@link FakeSlack.deliverSocketEvent} and not acked yet. */
  get unackedEvents(): number {
    return this.#unacked.size;
  }

  #sendUnacked(envelopeId: string): void {
    const envelope = this.#unacked.get(envelopeId);
    if (!envelope || this.#current?.readyState !== 1) return;
    this.#current.send(JSON.stringify(envelope));
    envelope.retry_attempt = Number(envelope.retry_attempt) + 1;
    envelope.retry_reason = "timeout";
  }

  /**
   * Holds every chat.postMessage until {@link FakeSlack.resumeSends}: a held post counts as
   * made (is recorded in `calls`) only if its client is still connected when sends resume.
   */
  pauseSends(): void {
    this.#sendsPaused ??= new Promise((resolve) => {
      this.#resumeSends = resolve;
    });
  }

  /** Posts waiting for {@link FakeSlack.resumeSends} from a client still connected. */
  get heldSends(): number {
    return this.#held.count;
  }

  /** Lets held and later chat.postMessage calls through. */
  resumeSends(): void {
    this.#resumeSends?.();
    this.#sendsPaused = undefined;
    this.#resumeSends = undefined;
  }

  /** Sends an `interactive` envelope (a `block_actions` payload) over the current Socket Mode connection. */
  sendSocketInteractive(payload: Record<string, unknown>): string {
    if (!this.#current) throw new Error("no Socket Mode connection");
    const envelopeId = randomUUID();
    this.#current.send(
      JSON.stringify({ envelope_id: envelopeId, type: "interactive", accepts_response_payload: false, payload }),
    );
    return envelopeId;
  }

  /** Asks the Socket Mode client to reconnect, as Slack does when it recycles a connection. */
  sendSocketDisconnect(reason = "refresh_requested"): void {
    this.#current?.send(JSON.stringify({ type: "disconnect", reason, debug_info: { host: "fake" } }));
  }

  /** The `event_callback` body Slack delivers an event in. */
  eventCallback(event: Record<string, unknown>): Record<string, unknown> {
    return {
      token: "verification-token",
      team_id: this.teamId,
      api_app_id: "A1",
      event: { event_ts: event.ts, ...event },
      type: "event_callback",
      event_id: `Ev${randomUUID().slice(0, 8)}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ team_id: this.teamId, user_id: this.botUserId, is_bot: true, is_enterprise_install: false }],
    };
  }

  /** The message posted with this ts, or undefined. */
  message(ts: string): FakeSlackMessage | undefined {
    return this.messages.find((message) => message.ts === ts);
  }

  /** What the message with this ts shows now (undefined when deleted or never posted). */
  shownText(ts: string): string | undefined {
    const message = this.message(ts);
    return message && !message.deleted ? message.text : undefined;
  }

  /** Deletes a posted message, as a user or admin can: chat.update then answers `message_not_found`. */
  deleteMessage(ts: string): void {
    const message = this.message(ts);
    if (message) message.deleted = true;
  }

  /** Resolves with the first `count` posted messages once that many were posted. */
  waitForMessages(count: number): Promise<FakeSlackMessage[]> {
    return this.#waitFor("call", `${count} posted messages`, () =>
      this.messages.length >= count ? this.messages.slice(0, count) : undefined,
    );
  }

  /** A fresh message timestamp, as Slack makes them (`seconds.micros`). */
  nextTs(): string {
    this.#tsCounter += 1;
    // A ts is the message's time, as Slack's are (skein reads it as the time the message was sent).
    return `${Math.floor(Date.now() / 1000)}.${String(this.#tsCounter).padStart(6, "0")}`;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.terminate();
    this.#wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(request: IncomingMessage, socket: import("node:stream").Duplex, head: Buffer): void {
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      this.#sockets.add(ws);
      this.#current = ws;
      ws.on("close", () => {
        this.#sockets.delete(ws);
        if (this.#current === ws) this.#current = undefined;
      });
      ws.on("message", (data) => {
        const frame = JSON.parse(String(data)) as { envelope_id?: string };
        if (frame.envelope_id) {
          this.#unacked.delete(frame.envelope_id);
          this.acks.push(frame.envelope_id);
          this.#events.emit("ack");
        }
      });
      ws.send(
        JSON.stringify({
          type: "hello",
          num_connections: 1,
          debug_info: { host: "fake" },
          connection_info: { app_id: "A1" },
        }),
      );
      this.#connections += 1;
      for (const envelopeId of this.#unacked.keys()) this.#sendUnacked(envelopeId);
      this.#events.emit("connection");
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/files-pri/")) return this.#serveFile(request, response, url.pathname);
    if (url.pathname.startsWith("/upload/")) return this.#receiveUpload(request, response, url.pathname.slice(8));
    const method = url.pathname.replace(/^\/api\//, "");
    const body = await readBody(request);
    if (
      this.#sendsPaused &&
      url.pathname.endsWith("/chat.postMessage") &&
      !(await heldUntilResumed(this.#sendsPaused, request, this.#held))
    )
      return;
    const params = parseParams(body, request.headers["content-type"]);
    const token =
      /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? (params.token as string | undefined);
    this.calls.push({ method, params, ...(token ? { token } : {}) });
    this.#events.emit("call");
    let scripted = this.#scripts.get(method)?.shift();
    if (scripted && "after" in scripted) {
      await scripted.after;
      scripted = undefined;
    }
    if (scripted && "status" in scripted) {
      const headers = scripted.retryAfter !== undefined ? { "retry-after": String(scripted.retryAfter) } : {};
      response.writeHead(scripted.status, headers).end();
      return;
    }
    const answer = scripted ? { ok: false, error: scripted.error } : this.answer(method, params, token);
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }

  private answer(method: string, params: Record<string, unknown>, token: string | undefined): Record<string, unknown> {
    if (method === "auth.test" || method === "apps.connections.open") {
      if (!token || this.invalidTokens.has(token)) return { ok: false, error: "invalid_auth" };
    }
    switch (method) {
      case "auth.test":
        return {
          ok: true,
          url: "https://fake.slack.com/",
          team: "Fake",
          user: "skein",
          team_id: this.teamId,
          user_id: this.botUserId,
          bot_id: this.botId,
        };
      case "apps.connections.open": {
        const { port } = this.server.address() as AddressInfo;
        return { ok: true, url: `ws://127.0.0.1:${port}/socket?ticket=${randomUUID()}` };
      }
      case "chat.postMessage": {
        const ts = this.nextTs();
        this.postedTs.push(ts);
        const text = String(params.text ?? "");
        this.messages.push({
          channel: String(params.channel),
          ts,
          ...(params.thread_ts ? { threadTs: String(params.thread_ts) } : {}),
          text,
          history: [{ text, at: Date.now() }],
          deleted: false,
        });
        // Waiters for posted messages look again now that the message is there, not only at the call.
        this.#events.emit("call");
        return {
          ok: true,
          channel: params.channel,
          ts,
          message: { type: "message", text: params.text, user: this.botUserId, bot_id: this.botId, ts },
        };
      }
      case "chat.update": {
        const message = this.message(String(params.ts));
        // A message this fake never posted (a test's own ts) is taken as one it did not record.
        if (!message) return { ok: true, channel: params.channel, ts: params.ts, text: params.text };
        if (message.deleted || message.channel !== params.channel) return { ok: false, error: "message_not_found" };
        message.text = String(params.text ?? "");
        message.history.push({ text: message.text, at: Date.now() });
        this.#events.emit("call");
        return {
          ok: true,
          channel: message.channel,
          ts: message.ts,
          text: message.text,
          message: { type: "message", text: message.text, user: this.botUserId, bot_id: this.botId },
        };
      }
      case "files.getUploadURLExternal": {
        const length = Number(params.length);
        if (!params.filename || !Number.isInteger(length) || length < 1)
          return { ok: false, error: "invalid_arguments" };
        const id = `F${++this.#fileCounter}`;
        this.#pendingUploads.set(id, { filename: String(params.filename), length });
        const origin = this.apiUrl.replace(/\/api\/$/, "");
        return { ok: true, upload_url: `${origin}/upload/${id}`, file_id: id };
      }
      case "files.completeUploadExternal": {
        const files = (typeof params.files === "string" ? JSON.parse(params.files) : params.files) as Array<{
          id: string;
          title?: string;
        }>;
        const completed: SlackUpload[] = [];
        for (const file of files) {
          const pending = this.#pendingUploads.get(file.id);
          if (!pending?.bytes) return { ok: false, error: "file_not_found" };
          this.#pendingUploads.delete(file.id);
          completed.push({
            id: file.id,
            filename: pending.filename,
            bytes: pending.bytes,
            ...(params.channel_id ? { channel_id: String(params.channel_id) } : {}),
            ...(params.thread_ts ? { thread_ts: String(params.thread_ts) } : {}),
            ...(params.initial_comment ? { initial_comment: String(params.initial_comment) } : {}),
          });
        }
        this.uploads.push(...completed);
        return { ok: true, files: completed.map((file) => ({ id: file.id, name: file.filename })) };
      }
      case "chat.postEphemeral":
        return { ok: true, message_ts: this.nextTs() };
      case "reactions.add":
      case "reactions.remove":
        return { ok: true };
      case "users.info": {
        const id = String(params.user);
        const user = this.#users[id];
        if (!user) return { ok: false, error: "user_not_found" };
        return {
          ok: true,
          user: {
            id,
            name: user.name,
            real_name: user.name,
            profile: { display_name: user.displayName ?? "", real_name: user.name },
          },
        };
      }
      default:
        return { ok: false, error: "unknown_method" };
    }
  }

  async #serveFile(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    this.fileDownloads.push({ path, ...(token ? { token } : {}) });
    const file = this.#shared.get(path);
    // Without a token Slack answers with its sign-in page, never the file.
    if (!token || this.invalidTokens.has(token) || !file) {
      response.writeHead(token ? 404 : 302, token ? {} : { location: "https://fake.slack.com/signin" }).end();
      return;
    }
    response.writeHead(200, { "content-type": file.mimetype, "content-length": file.bytes.length }).end(file.bytes);
  }

  /** The bytes of an upload: the raw body, or the first file of a multipart body. */
  async #receiveUpload(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const pending = this.#pendingUploads.get(id);
    if (!pending) {
      response.writeHead(404).end();
      return;
    }
    let bytes = Buffer.concat(chunks);
    const contentType = request.headers["content-type"] ?? "";
    if (contentType.startsWith("multipart/form-data")) {
      const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
      const file = [...form.values()].find((value) => typeof value !== "string");
      bytes = file && typeof file !== "string" ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    }
    pending.bytes = bytes;
    response.writeHead(200, { "content-type": "text/plain" }).end(`OK - ${bytes.length}`);
  }

  #waitFor<T>(event: string, what: string, check: () => T | undefined): Promise<T> {
    const seen = () => ({
      calls: this.calls.map((call) => call.method),
      acks: this.acks,
      connections: this.#connections,
    });
    const happened = new Promise<T>((resolve) => {
      const listener = (): void => {
        const result = check();
        if (result === undefined) return;
        this.#events.off(event, listener);
        resolve(result);
      };
      this.#events.on(event, listener);
      listener();
    });
    return within(happened, what, seen);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function parseParams(body: string, contentType: string | undefined): Record<string, unknown> {
  if (body === "") return {};
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    params[key] = value;
  }
  return params;
}
