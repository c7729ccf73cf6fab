import { EventEmitter, once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { within } from "../support/within.js";
import { parseDiscordUpload } from "./discord-multipart.js";
import {
  ALICE,
  BOB,
  BOB_DM_CHANNEL_ID,
  BOT,
  compareSnowflakes,
  DM_CHANNEL_ID,
  type FakeUser,
  GENERAL_CHANNEL_ID,
  GUILD_ID,
  snowflakeAt,
  THREAD_ID,
  testGuild,
} from "./discord-world.js";
import { heldUntilResumed } from "./held-requests.js";

/**
 * A local Discord for tests, spoken to by the real discord.js client over real sockets:
 * the REST API (node:http, under `/api/v10`) and the gateway (ws, plain JSON frames) on one
 * port. Point the client at it with `rest: { api: fake.apiUrl }`: the gateway URL then comes
 * from `GET /gateway/bot`. It knows one bot user, one guild with a text channel and a
 * thread, and one DM channel; tests inject users' messages with {@link FakeDiscord.dm} and
 * {@link FakeDiscord.guildMessage} and read what the bot sent from {@link FakeDiscord.sent}.
 * {@link FakeDiscord.pressButton} sends an `INTERACTION_CREATE` for a button under a sent
 * message; interaction callbacks (`POST /interactions/:id/:token/callback`, no bot token, as on
 * Discord) are in {@link FakeDiscord.callbacks}, and edits of sent messages (a PATCH, or a type 7
 * callback) change them and are listed in {@link FakeDiscord.edits}.
 */

export {
  ALICE,
  BOB,
  BOB_DM_CHANNEL_ID,
  BOT,
  DM_CHANNEL_ID,
  type FakeUser,
  GENERAL_CHANNEL_ID,
  GUILD_ID,
  OTHER_BOT,
  ROLE_ID,
  snowflakeAt,
  THREAD_ID,
} from "./discord-world.js";

/** When a message may be dated by the test: `at` (epoch ms) backdates it, as if sent then. */
export interface MessageTime {
  at?: number;
}

/** A file attached to a message. */
export interface FakeAttachment {
  filename: string;
  size: number;
  content_type?: string;
  /** The file's content, served at the attachment's URL on the fake (without it the URL points nowhere). */
  bytes?: Buffer;
  /** Discord message flags (8192: a voice message). */
  flags?: number;
}

/** A message the bot posted, as the fake received it. */
export interface SentMessage {
  id: string;
  channelId: string;
  body: {
    content?: string;
    message_reference?: { message_id: string; fail_if_not_exists?: boolean };
    [key: string]: unknown;
  };
  /** When it arrived (epoch ms). */
  at?: number;
}

/** An edit of a message the bot posted (`PATCH /channels/:id/messages/:id`), as the fake received it. */
export interface EditedMessage {
  channelId: string;
  messageId: string;
  body: { content?: string; [key: string]: unknown };
  /** When it arrived (epoch ms). */
  at: number;
}

/** An injected REST answer for the next `POST /channels/:id/messages` (or message edit, see `failNextEdits`). */
export type InjectedFailure =
  | { type: "rate-limit"; retryAfterSeconds: number; global?: boolean }
  | { type: "server-error"; status?: number }
  | { type: "discord-error"; status: number; code: number; message: string };

export interface FakeDiscordOptions {
  /** The token the fake accepts (default `test-token`); others get 401 on REST. */
  token?: string;
  /** Accept the token on REST but close the gateway with 4004 on IDENTIFY. */
  gatewayRejectsToken?: boolean;
  /** Send the MESSAGE_CREATE content of guild messages that do not mention the bot (as with the MessageContent intent). */
  messageContentIntent?: boolean;
}

interface Frame {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}

const now = () => new Date().toISOString();

export class FakeDiscord extends EventEmitter {
  /** Messages the bot posted, in the order they arrived. */
  readonly sent: SentMessage[] = [];
  /** Edits of sent messages (PATCH or an UPDATE_MESSAGE callback), in the order they arrived. */
  readonly edits: EditedMessage[] = [];
  /** What each message the bot posted shows now, by id. */
  readonly #shown = new Map<string, string>();
  /** Ids of the bot's messages deleted with {@link FakeDiscord.deleteMessage}. */
  readonly #deleted = new Set<string>();
  readonly #editFailures: InjectedFailure[] = [];
  /** Channel ids the bot sent a typing indicator to, one entry per call. */
  readonly typing: string[] = [];
  /** Counts of gateway opcodes received (2 identify, 6 resume, 1 heartbeat). */
  readonly received = { identify: 0, resume: 0, heartbeat: 0 };
  /** The URL path and query of every gateway connection, in order (a resume goes to `/resume`). */
  readonly connections: string[] = [];
  /** Users whose DM the bot opened (`POST /users/@me/channels`), one entry per call. */
  readonly openedDms: string[] = [];
  /** Every REST request as `METHOD /path`. */
  readonly requests: string[] = [];
  /** Every user message ever created, per channel, oldest first: what `GET /channels/:id/messages` serves. */
  readonly #history = new Map<string, Array<Record<string, unknown> & { id: string }>>();
  /** While set, message posts wait for it (see {@link FakeDiscord.pauseSends}). */
  #sendsPaused: Promise<void> | undefined;
  #resumeSends: (() => void) | undefined;
  readonly #held = { count: 0 };
  /** Interaction callbacks the bot sent, in order. */
  readonly callbacks: Array<{ interactionId: string; body: { type: number; data?: Record<string, unknown> } }> = [];
  /** Each interaction's message id, by interaction id. */
  readonly #interactions = new Map<string, string>();
  readonly #failures: InjectedFailure[] = [];
  readonly #uploadFailures: InjectedFailure[] = [];
  readonly #sockets = new Set<WebSocket>();
  #socket: WebSocket | undefined;
  #sequence = 0;
  #refuseResumes = false;
  #lastMessage: unknown;
  #idSequence = 0;
  readonly #token: string;

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly origin: string,
    private readonly options: FakeDiscordOptions,
  ) {
    super();
    this.#token = options.token ?? "test-token";
  }

  /** Starts the fake on 127.0.0.1 on a free port. */
  /** Files the bot uploaded (multipart `files[n]`), in order. */
  readonly uploads: Array<{ channelId: string; messageId: string; name: string; bytes: Buffer }> = [];
  /** Attachment bytes by URL path (see {@link FakeAttachment.bytes}). */
  readonly #attachmentFiles = new Map<string, Buffer>();

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    let fake!: FakeDiscord;
    const server = createServer((request, response) => void fake.handleRest(request, response));
    const wss = new WebSocketServer({ server });
    wss.on("connection", (socket, request) => fake.handleGateway(socket, request));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeDiscord(server, wss, `127.0.0.1:${port}`, options);
    return fake;
  }

  /** REST base for discord.js `rest.api` and DISCORD_API_URL (calls go to `<apiUrl>/v10/...`). */
  get apiUrl(): string {
    return `http://${this.origin}/api`;
  }

  /** Makes the next message posts fail, one injected answer per post, in order. */
  failNextSends(...failures: InjectedFailure[]): void {
    this.#failures.push(...failures);
  }

  /** Makes the next uploads (multipart message posts) fail, one injected answer per upload, in order. */
  failNextUploads(...failures: InjectedFailure[]): void {
    this.#uploadFailures.push(...failures);
  }

  /** Makes the next message edits fail, one injected answer per edit, in order. */
  failNextEdits(...failures: InjectedFailure[]): void {
    this.#editFailures.push(...failures);
  }

  /** Deletes a message the bot posted, as a user with Manage Messages can: edits then answer Unknown Message. */
  deleteMessage(messageId: string): void {
    this.#deleted.add(messageId);
  }

  /** What a message the bot posted shows now, after its edits (undefined when deleted or unknown). */
  shownText(messageId: string): string | undefined {
    return this.#deleted.has(messageId) ? undefined : this.#shown.get(messageId);
  }

  /** Resolves with the first edit (made or to come) that matches. */
  async waitForEdit(matches: (edit: EditedMessage) => boolean): Promise<EditedMessage> {
    for (;;) {
      const found = this.edits.find(matches);
      if (found) return found;
      await once(this, "edited");
    }
  }

  /** Resolves once `count` messages in total have been posted by the bot. */
  async waitForSent(count: number): Promise<SentMessage[]> {
    const posted = async () => {
      while (this.sent.length < count) await once(this, "sent");
    };
    await within(posted(), `${count} posted messages`, () => this.sent.map((message) => message.body.content));
    return this.sent.slice(0, count);
  }

  /** Resolves once `count` typing indicators have been sent. */
  async waitForTyping(count: number): Promise<void> {
    const typed = async () => {
      while (this.typing.length < count) await once(this, "typing");
    };
    await within(typed(), `${count} typing indicators`, () => this.typing);
  }

  /** Injects a direct message from `author` to the bot (with files, optionally); returns its message id. */
  dm(text: string, author: FakeUser = ALICE, attachments: FakeAttachment[] = [], time: MessageTime = {}): string {
    const id = this.#id(time.at);
    this.#create({
      ...this.#message(id, DM_CHANNEL_ID, author, text, time.at),
      channel_type: 1,
      attachments: attachments.map(({ bytes, flags: _flags, ...file }) => {
        const attachmentId = this.#id();
        const url = bytes
          ? `http://${this.origin}/attachments/${DM_CHANNEL_ID}/${attachmentId}/${file.filename}`
          : `https://cdn.example/${file.filename}`;
        if (bytes) this.#attachmentFiles.set(new URL(url).pathname, bytes);
        return { id: attachmentId, url, proxy_url: url, ...file };
      }),
      ...(attachments.some((file) => file.flags) ? { flags: attachments.find((file) => file.flags)?.flags } : {}),
    });
    return id;
  }

  /** Answers every RESUME from now on with op 9 INVALID_SESSION (`d: false`), as Discord does for a session it lost. */
  refuseResumes(): void {
    this.#refuseResumes = true;
  }

  /** Closes the current gateway connection with `code`, as Discord does when it ends a session. */
  closeGateway(code: number, reason = ""): void {
    this.#socket?.close(code, reason);
  }

  /**
   * Injects a message in the guild's general channel (or a thread). `mentions` lists the
   * users the text mentions, `replyTo` makes it a reply to an earlier message by `replyTo.author`.
   */
  guildMessage(
    text: string,
    options: {
      author?: FakeUser;
      channelId?: string;
      mentions?: FakeUser[];
      mentionRoles?: string[];
      replyTo?: { id: string; author: FakeUser };
    } & MessageTime = {},
  ): string {
    const id = this.#id(options.at);
    const author = options.author ?? ALICE;
    const channelId = options.channelId ?? GENERAL_CHANNEL_ID;
    const mentions = options.mentions ?? [];
    const mentionsBot = mentions.some((user) => user.id === BOT.id) || options.replyTo?.author.id === BOT.id;
    const content = this.options.messageContentIntent === false && !mentionsBot ? "" : text;
    this.#create({
      ...this.#message(id, channelId, author, content, options.at),
      guild_id: GUILD_ID,
      channel_type: channelId === THREAD_ID ? 11 : 0,
      member: { roles: [], joined_at: now(), deaf: false, mute: false, flags: 0 },
      mentions: mentions.map((user) => ({
        ...user,
        member: { roles: [], joined_at: now(), deaf: false, mute: false, flags: 0 },
      })),
      mention_roles: options.mentionRoles ?? [],
      ...(options.replyTo && {
        message_reference: { type: 0, message_id: options.replyTo.id, channel_id: channelId, guild_id: GUILD_ID },
        referenced_message: this.#message(options.replyTo.id, channelId, options.replyTo.author, "earlier"),
      }),
    });
    return id;
  }

  /**
   * Stores a user message in its channel's history (where `GET /channels/:id/messages` finds
   * it) and dispatches it on the gateway when a client is connected: a message sent while
   * the bot is offline is only in the history, as on Discord, which does not redeliver it.
   */
  #create(message: Record<string, unknown> & { id: string; channel_id: string }): void {
    const history = this.#history.get(message.channel_id) ?? [];
    history.push(message);
    history.sort((a, b) => compareSnowflakes(a.id, b.id));
    this.#history.set(message.channel_id, history);
    this.dispatch("MESSAGE_CREATE", message);
  }

  /** Whether a gateway connection is open (messages created now reach the bot live). */
  get connected(): boolean {
    return this.#socket?.readyState === 1;
  }

  /**
   * Holds every message post until {@link FakeDiscord.resumeSends}: a held post counts as
   * accepted only if its client is still connected when sends resume (a client killed
   * meanwhile never got its message onto the platform).
   */
  pauseSends(): void {
    this.#sendsPaused ??= new Promise((resolve) => {
      this.#resumeSends = resolve;
    });
  }

  /** Posts waiting for {@link FakeDiscord.resumeSends} from a client still connected. */
  get heldSends(): number {
    return this.#held.count;
  }

  /** Lets held and later message posts through. */
  resumeSends(): void {
    this.#resumeSends?.();
    this.#sendsPaused = undefined;
    this.#resumeSends = undefined;
  }

  /** Sends a dispatch event on the current gateway connection. */
  dispatch(type: string, data: unknown): void {
    if (type === "MESSAGE_CREATE") this.#lastMessage = data;
    this.#send({ op: 0, t: type, s: ++this.#sequence, d: data });
  }

  /**
   * Sends an `INTERACTION_CREATE` (type 3, MESSAGE_COMPONENT) as `user` pressing the button
   * `customId` under the bot's message `sent` (in a DM as a `user`, in a guild as a `member`);
   * returns the interaction id.
   */
  pressButton(sent: SentMessage, customId: string, user: FakeUser = ALICE): string {
    const id = this.#id();
    this.#interactions.set(id, sent.id);
    const inGuild = sent.channelId !== DM_CHANNEL_ID;
    const member = { user, roles: [], joined_at: now(), deaf: false, mute: false, flags: 0, permissions: "0" };
    this.dispatch("INTERACTION_CREATE", {
      id,
      application_id: BOT.id,
      type: 3,
      token: `interaction-token-${id}`,
      version: 1,
      channel_id: sent.channelId,
      channel: { id: sent.channelId, type: inGuild ? 0 : 1 },
      ...(inGuild ? { guild_id: GUILD_ID, member } : { user }),
      message: {
        ...this.#message(sent.id, sent.channelId, BOT as unknown as FakeUser, String(sent.body.content ?? "")),
        components: sent.body.components ?? [],
      },
      data: { custom_id: customId, component_type: 2 },
      locale: "en-US",
      app_permissions: "0",
      entitlements: [],
      authorizing_integration_owners: { "0": GUILD_ID },
      context: inGuild ? 0 : 1,
    });
    return id;
  }

  #edit(messageId: string, body: Record<string, unknown>): SentMessage | undefined {
    const sent = this.sent.find((candidate) => candidate.id === messageId);
    if (!sent || this.#deleted.has(messageId)) return undefined;
    sent.body = { ...sent.body, ...body };
    this.edits.push({ channelId: sent.channelId, messageId, body, at: Date.now() });
    if (typeof body.content === "string") this.#shown.set(messageId, body.content);
    this.emit("edited", messageId);
    return sent;
  }

  /** Delivers the last injected message again, as Discord may after a resume. */
  redeliverLastMessage(): void {
    this.dispatch("MESSAGE_CREATE", this.#lastMessage);
  }

  /**
   * Forces a reconnect the way Discord does: op 7 RECONNECT (or a 4000 close). Resolves
   * when the client has resumed the session on a new connection.
   */
  async forceReconnect(how: "op7" | "close" = "op7"): Promise<void> {
    const resumed = once(this, "resumed");
    if (how === "op7") this.#send({ op: 7, d: null });
    else this.#socket?.close(4000, "unknown error");
    await resumed;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A real snowflake: created now (or at `at`), so that discord.js reads the right creation time from it. */
  #id(at = Date.now()): string {
    return snowflakeAt(at, ++this.#idSequence);
  }

  #message(id: string, channelId: string, author: FakeUser, content: string, at?: number) {
    return {
      id,
      channel_id: channelId,
      author,
      content,
      timestamp: at === undefined ? now() : new Date(at).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
      flags: 0,
    };
  }

  #send(frame: Frame): void {
    if (this.#socket?.readyState === 1) this.#socket.send(JSON.stringify(frame));
  }

  // ---- gateway ----

  private handleGateway(socket: WebSocket, request: IncomingMessage): void {
    this.#sockets.add(socket);
    this.#socket = socket;
    socket.on("close", () => this.#sockets.delete(socket));
    socket.on("message", (raw) => this.#onFrame(socket, JSON.parse(String(raw)) as Frame));
    this.connections.push(request.url ?? "");
    this.emit("connection", request.url);
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 } }));
  }

  #onFrame(socket: WebSocket, frame: Frame): void {
    if (frame.op === 1) {
      this.received.heartbeat++;
      socket.send(JSON.stringify({ op: 11 }));
    } else if (frame.op === 2) {
      this.received.identify++;
      const { token } = frame.d as { token: string };
      if (this.options.gatewayRejectsToken || token !== this.#token) {
        socket.close(4004, "Authentication failed.");
        return;
      }
      this.#sequence = 0;
      this.dispatch("READY", {
        v: 10,
        user: BOT,
        session_id: "fake-session",
        resume_gateway_url: `ws://${this.origin}/resume`,
        guilds: [{ id: GUILD_ID, unavailable: true }],
        application: { id: BOT.id, flags: 0 },
        private_channels: [],
      });
      this.dispatch(
        "GUILD_CREATE",
        testGuild((channelId) => this.#history.get(channelId)?.at(-1)?.id ?? null),
      );
      this.emit("identified");
    } else if (frame.op === 6) {
      this.received.resume++;
      if (this.#refuseResumes) {
        // The session is gone (Discord lost it, or it timed out): op 9, not resumable; the client must IDENTIFY anew.
        socket.send(JSON.stringify({ op: 9, d: false }));
        return;
      }
      this.dispatch("RESUMED", null);
      this.emit("resumed");
    }
  }

  // ---- REST ----

  private async handleRest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const served = this.#attachmentFiles.get((request.url ?? "").replace(/\?.*$/, ""));
    if (request.url?.startsWith("/attachments/")) {
      // The CDN: signed URLs, no bot token.
      if (!served) response.writeHead(404).end();
      else
        response
          .writeHead(200, { "content-type": "application/octet-stream", "content-length": served.length })
          .end(served);
      return;
    }
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = (request.url ?? "").replace(/\?.*$/, "").replace(/^\/api\/v10/, "");
    const method = request.method ?? "GET";
    this.requests.push(`${method} ${path}`);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };

    const callback = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path);
    if (callback && method === "POST") {
      // Interaction callbacks are authorised by the interaction's token, not the bot's.
      const [, interactionId, token] = callback as unknown as [string, string, string];
      const messageId = this.#interactions.get(interactionId);
      if (!messageId || token !== `interaction-token-${interactionId}`) {
        return json(404, { message: "Unknown interaction", code: 10062 });
      }
      const body = JSON.parse(raw) as { type: number; data?: Record<string, unknown> };
      this.#interactions.delete(interactionId); // answered once
      this.callbacks.push({ interactionId, body });
      if (body.type === 7) this.#edit(messageId, body.data ?? {});
      this.emit("callback", body);
      response.writeHead(204).end();
      return;
    }
    if (request.headers.authorization !== `Bot ${this.#token}`) {
      json(401, { message: "401: Unauthorized", code: 0 });
      return;
    }
    if (method === "GET" && path === "/gateway/bot") {
      json(200, {
        url: `ws://${this.origin}/gateway`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
      });
      return;
    }
    if (method === "GET" && path === "/users/@me") return json(200, BOT);
    if (method === "POST" && path === "/users/@me/channels") {
      // Opens the DM with a user, or finds the one that exists (discord.js `users.createDM`).
      const { recipient_id: recipient } = JSON.parse(raw) as { recipient_id?: string };
      const user = [ALICE, BOB].find((candidate) => candidate.id === recipient);
      if (!user) return json(404, { message: "Unknown User", code: 10013 });
      this.openedDms.push(user.id);
      const id = user === ALICE ? DM_CHANNEL_ID : BOB_DM_CHANNEL_ID;
      return json(200, { id, type: 1, recipients: [user], last_message_id: this.#history.get(id)?.at(-1)?.id ?? null });
    }
    const messagePath = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path);
    if (messagePath && method === "PATCH") return this.#editMessage(messagePath[1]!, messagePath[2]!, raw, json);
    const channel = /^\/channels\/(\d+)(\/messages|\/typing)?$/.exec(path);
    if (channel && method === "GET" && !channel[2]) {
      const id = channel[1]!;
      const last_message_id = this.#history.get(id)?.at(-1)?.id ?? null;
      if (id === DM_CHANNEL_ID) return json(200, { id, type: 1, recipients: [ALICE], last_message_id });
      if (id === BOB_DM_CHANNEL_ID && this.openedDms.includes(BOB.id))
        return json(200, { id, type: 1, recipients: [BOB], last_message_id });
      if (id === GENERAL_CHANNEL_ID)
        return json(200, { id, type: 0, name: "general", guild_id: GUILD_ID, last_message_id });
      if (id === THREAD_ID)
        return json(200, {
          ...testGuild((channelId) => this.#history.get(channelId)?.at(-1)?.id ?? null).threads[0],
          last_message_id,
        });
      return json(404, { message: "Unknown Channel", code: 10003 });
    }
    if (channel && method === "GET" && channel[2] === "/messages") {
      return json(200, this.#messagesAfter(channel[1]!, new URL(request.url ?? "", "http://fake").searchParams));
    }
    if (channel && method === "POST" && channel[2] === "/typing") {
      this.typing.push(channel[1]!);
      this.emit("typing");
      response.writeHead(204).end();
      return;
    }
    if (channel && method === "POST" && channel[2] === "/messages") {
      if (this.#sendsPaused && !(await heldUntilResumed(this.#sendsPaused, request, this.#held))) return;
      const contentType = request.headers["content-type"] ?? "";
      const failure =
        (contentType.startsWith("multipart/form-data") && this.#uploadFailures.shift()) || this.#failures.shift();
      if (failure) return this.#answerFailure(failure, json);

      let body: SentMessage["body"];
      const files: Array<{ name: string; bytes: Buffer }> = [];
      if (contentType.startsWith("multipart/form-data")) {
        const upload = await parseDiscordUpload(Buffer.concat(chunks), contentType);
        if (upload.type === "error") return json(upload.status, upload.body);
        body = upload.body;
        files.push(...upload.files.map(({ name, bytes }) => ({ name, bytes })));
      } else {
        body = JSON.parse(raw) as SentMessage["body"];
        if (!body.content && !body.embeds && !body.components && !body.sticker_ids && !body.poll)
          return json(400, { message: "Cannot send an empty message", code: 50006 });
      }
      const content = body.content ?? "";
      if (content.length > 2000) {
        return json(400, {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
          },
        });
      }
      const bobsDm = channel[1] === BOB_DM_CHANNEL_ID && this.openedDms.includes(BOB.id);
      if (!bobsDm && channel[1] !== DM_CHANNEL_ID && channel[1] !== GENERAL_CHANNEL_ID && channel[1] !== THREAD_ID) {
        return json(404, { message: "Unknown Channel", code: 10003 });
      }
      const sent: SentMessage = { id: this.#id(), channelId: channel[1]!, body, at: Date.now() };
      for (const file of files) this.uploads.push({ channelId: channel[1]!, messageId: sent.id, ...file });
      this.sent.push(sent);
      this.#shown.set(sent.id, content);
      this.emit("sent", sent);
      return json(200, {
        ...this.#message(sent.id, sent.channelId, BOT as unknown as FakeUser, content),
        ...(body.message_reference && { message_reference: body.message_reference }),
      });
    }
    json(404, { message: "404: Not Found", code: 0 });
  }

  /** Answers a request with an injected failure, as Discord would. */
  #answerFailure(
    failure: InjectedFailure,
    json: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) {
    if (failure.type === "rate-limit") {
      const seconds = String(failure.retryAfterSeconds);
      this.emit("rate-limited");
      return json(
        429,
        {
          message: "You are being rate limited.",
          retry_after: failure.retryAfterSeconds,
          global: failure.global ?? false,
        },
        {
          "retry-after": seconds,
          "x-ratelimit-limit": "5",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset-after": seconds,
          "x-ratelimit-bucket": "fake-bucket",
          "x-ratelimit-scope": "user",
          ...(failure.global && { "x-ratelimit-global": "true" }),
        },
      );
    }
    if (failure.type === "server-error") return json(failure.status ?? 502, { message: "Bad Gateway", code: 0 });
    return json(failure.status, { message: failure.message, code: failure.code });
  }

  /** `PATCH /channels/:id/messages/:id`: edits a message the bot posted (Unknown Message once it is deleted). */
  #editMessage(
    channelId: string,
    messageId: string,
    raw: string,
    json: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ) {
    const failure = this.#editFailures.shift();
    if (failure) return this.#answerFailure(failure, json);
    const body = JSON.parse(raw) as Record<string, unknown>;
    if (String(body.content ?? "").length > 2000) {
      return json(400, {
        message: "Invalid Form Body",
        code: 50035,
        errors: {
          content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
        },
      });
    }
    const edited = this.sent.some((message) => message.id === messageId && message.channelId === channelId)
      ? this.#edit(messageId, body)
      : undefined;
    if (!edited) return json(404, { message: "Unknown Message", code: 10008 });
    return json(200, {
      ...this.#message(edited.id, edited.channelId, BOT as unknown as FakeUser, String(edited.body.content ?? "")),
      components: edited.body.components ?? [],
      edited_timestamp: now(),
    });
  }

  /**
   * `GET /channels/:id/messages?after=&limit=` as Discord answers it: the `limit` (default
   * 50, at most 100) messages right after `after`, newest first.
   */
  #messagesAfter(channelId: string, query: URLSearchParams): unknown[] {
    const after = query.get("after") ?? "0";
    const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 50)));
    const newer = (this.#history.get(channelId) ?? []).filter((message) => compareSnowflakes(message.id, after) > 0);
    return newer.slice(0, limit).reverse();
  }
}
