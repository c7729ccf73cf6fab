import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { within } from "../support/within.js";
import { heldUntilResumed } from "./held-requests.js";
import { TelegramFiles } from "./telegram-files.js";
import { parseTelegramHtml } from "./telegram-html.js";
import { TelegramUpdates } from "./telegram-updates.js";
import { fail, now, ok, readPayload, reply, shutDown } from "./telegram-wire.js";

/**
 * A local Telegram Bot API server for tests, spoken to by the real grammY client over
 * a real socket: `/bot<token>/<method>` for getMe, deleteWebhook, setWebhook,
 * getUpdates (a long poll honouring offset and timeout), sendMessage (validating HTML
 * parse mode and the 4096-character limit like Telegram), sendChatAction,
 * editMessageText (of a message the bot sent: "message to edit not found" once deleted,
 * "message is not modified" for the same text and keyboard; an edit without `reply_markup`
 * removes the keyboard, as on Telegram), editMessageReplyMarkup, answerCallbackQuery,
 * getFile and `/file/bot<token>/<file_path>` (files added with {@link FakeTelegram.addFile},
 * optionally redirecting elsewhere), and sendPhoto, sendDocument, sendVoice (an Ogg file becomes a voice
 * message, anything else a document, as Telegram does) and sendMediaGroup as multipart uploads (recorded
 * in `uploads`). `pressButton` sends a `callback_query` update
 * as a user pressing an inline button.
 * Failures can be injected per method; every call is recorded with the time it arrived.
 */

export interface FakeUser {
  id: number;
  is_bot?: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface FakeChat {
  id: number;
  type: "private" | "group" | "supergroup";
  title?: string;
  is_forum?: boolean;
}

/** A recorded API call: the method and its JSON payload. */
export interface FakeCall {
  method: string;
  payload: Record<string, unknown>;
  /** `Date.now()` when the call arrived. */
  at: number;
}

/** An accepted editMessageText: the message and its new text. */
export interface EditedMessage {
  message_id: number;
  chat_id: number;
  text: string;
  parse_mode?: string;
  visibleText: string;
  at: number;
}

/** A message the bot sent, as accepted by the fake. */
export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  parse_mode?: string;
  /** The text as Telegram shows it (tags removed, entities decoded). */
  visibleText: string;
  payload: Record<string, unknown>;
  /** `Date.now()` when the fake accepted it. */
  at: number;
}

/** A file the bot uploaded (sendPhoto, sendDocument, sendVoice, sendMediaGroup). */
export interface UploadedFile {
  method: string;
  chat_id: number;
  /** `photo`, `document` or `voice`. */
  type: string;
  /** `message_thread_id`, when the upload named one. */
  thread?: number;
  name: string;
  bytes: Buffer;
  caption?: string;
}

export type InjectedFailure =
  | { type: "error"; status: number; description: string; retryAfter?: number }
  /** Never answers (until the client gives up). */
  | { type: "hang" }
  /** Closes the connection without an answer: a network error for the client. */
  | { type: "drop" };

/** What an incoming message may carry besides chat, sender and text. */
export type MessageExtras = Record<string, unknown>;

/** The file field of each one-file upload method. */
const singleTypes: Record<string, string> = { sendPhoto: "photo", sendDocument: "document", sendVoice: "voice" };

export const fakeBot: FakeUser = { id: 9_000, is_bot: true, first_name: "Skein", username: "skein_test_bot" };

export class FakeTelegram {
  readonly calls: FakeCall[] = [];
  readonly sent: SentMessage[] = [];
  readonly edits: EditedMessage[] = [];
  readonly uploads: UploadedFile[] = [];
  /** Bytes of user files written to downloads (a download cut short counts what was written before). */
  bytesServed = 0;
  readonly #files = new TelegramFiles();
  readonly #updates = new TelegramUpdates();
  /** What each message the bot sent shows now, by `chat_id:message_id` (deleted ones are gone). */
  /** What each message of the bot shows now: its visible text, parse mode and keyboard. */
  readonly #current = new Map<string, { text: string; parse_mode?: string; reply_markup?: unknown }>();
  readonly #events = new EventEmitter();
  /** Every update ever queued, for redelivery. */
  readonly #failures = new Map<string, InjectedFailure[]>();
  /** How many getUpdates answers carried each update, by update id. */
  readonly #hanging = new Set<ServerResponse>();
  /** While set, sendMessage calls wait for it (see {@link FakeTelegram.pauseSends}). */
  #sendsPaused: Promise<void> | undefined;
  #resumeSends: (() => void) | undefined;
  #pauseAfter = Number.POSITIVE_INFINITY;
  readonly #held = { count: 0 };
  #nextMessageId = 1;
  #nextCallbackId = 5_000;
  #webhookUrl = "";

  private constructor(
    private readonly server: Server,
    /** For `client.apiRoot` / TELEGRAM_API_ROOT: no trailing slash. */
    readonly apiRoot: string,
    readonly token: string,
  ) {
    this.#events.setMaxListeners(100);
  }

  /** Starts a server on 127.0.0.1 on a free port, accepting `token`. */
  static async start(token = "123456:TEST-token"): Promise<FakeTelegram> {
    let fake!: FakeTelegram;
    const server = createServer((request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeTelegram(server, `http://127.0.0.1:${port}`, token);
    return fake;
  }

  /** Makes the next call(s) of `method` fail, in order. */
  failNext(method: string, ...failures: InjectedFailure[]): this {
    this.#failures.set(method, [...(this.#failures.get(method) ?? []), ...failures]);
    return this;
  }

  /** Queues an update (given without `update_id`), waking a held long poll. Returns its update_id. */
  queueUpdate(update: Record<string, unknown>): number {
    return this.#updates.queue(update);
  }

  /** Queues the same update again (same update_id): a redelivery. */
  redeliver(updateId: number): void {
    this.#updates.redeliver(updateId);
  }

  /** Queues a message from `from` in `chat`; returns the message (its `message_id`, for replies) and the update id. */
  userMessage(
    chat: FakeChat,
    from: FakeUser,
    text: string | undefined,
    extras: MessageExtras = {},
  ): { message: Record<string, unknown>; updateId: number } {
    const message = {
      message_id: this.#nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat,
      from,
      text,
      ...extras,
    };
    const updateId = this.queueUpdate({ message });
    return { message, updateId };
  }

  /**
   * Queues a `callback_query` update: `from` pressed the inline button carrying `data` under
   * the bot's message `sent` (as Telegram sends it: the message as it shows now, with its
   * current keyboard; a user may still press a button an edit has just removed).
   */
  pressButton(sent: SentMessage, from: FakeUser, data: string): number {
    const chat: FakeChat = { id: sent.chat_id, type: sent.chat_id < 0 ? "supergroup" : "private" };
    const current = this.#current.get(`${sent.chat_id}:${sent.message_id}`);
    const message = {
      message_id: sent.message_id,
      date: now(),
      chat,
      from: fakeBot,
      text: current?.text ?? sent.visibleText,
      ...(current?.reply_markup ? { reply_markup: current.reply_markup } : {}),
    };
    return this.queueUpdate({
      callback_query: { id: String(this.#nextCallbackId++), from, message, chat_instance: String(sent.chat_id), data },
    });
  }

  /**
   * A file a user sent, for a message's `photo`, `voice` or `document`: getFile gives `path`,
   * the file route serves `bytes` (or redirects to `redirectTo`). Returns its id and size.
   */
  addFile(
    bytes: Buffer,
    options: { path?: string; redirectTo?: string } = {},
  ): { file_id: string; file_unique_id: string; file_size: number } {
    return this.#files.add(bytes, options);
  }

  /** Resolves with the first recorded call (past or future) of `method` matching `predicate`. */
  waitForCall(method: string, predicate: (call: FakeCall) => boolean = () => true, after = 0): Promise<FakeCall> {
    const called = new Promise<FakeCall>((resolve) => {
      const check = (call: FakeCall) => {
        if (call.method !== method || !predicate(call)) return false;
        this.#events.off("call", onCall);
        resolve(call);
        return true;
      };
      const onCall = (call: FakeCall) => void check(call);
      this.#events.on("call", onCall);
      for (const call of this.calls.slice(after)) if (check(call)) return;
    });
    const seen = () => this.calls.slice(after).map((call) => call.method);
    return within(called, `a matching ${method} call`, seen);
  }

  /** Resolves once `count` messages were sent (in total, since start). */
  waitForSent(count: number): Promise<SentMessage[]> {
    const sent = new Promise<SentMessage[]>((resolve) => {
      const check = () => {
        if (this.sent.length < count) return;
        this.#events.off("sent", check);
        resolve(this.sent.slice(0, count));
      };
      this.#events.on("sent", check);
      check();
    });
    return within(sent, `${count} sent messages`, () => this.sent.map((message) => message.text));
  }

  /**
   * Holds every sendMessage until {@link FakeTelegram.resumeSends}: a held message counts as
   * accepted only if its client is still connected when sends resume (one killed meanwhile
   * never got it onto the platform).
   */
  pauseSends(): void {
    this.#sendsPaused ??= new Promise((resolve) => {
      this.#resumeSends = resolve;
    });
  }

  /** Pauses sends (see {@link FakeTelegram.pauseSends}) as soon as `count` messages in total were accepted. */
  pauseSendsAfter(count: number): void {
    this.#pauseAfter = count;
    if (this.sent.length >= count) this.pauseSends();
  }

  /** Lets held and later sendMessage calls through (a {@link FakeTelegram.pauseSendsAfter} is over too). */
  resumeSends(): void {
    this.#pauseAfter = Number.POSITIVE_INFINITY;
    this.#resumeSends?.();
    this.#sendsPaused = undefined;
    this.#resumeSends = undefined;
  }

  /** Sends waiting for {@link FakeTelegram.resumeSends} from a client still connected. */
  get heldSends(): number {
    return this.#held.count;
  }

  /**
   * Long polls cut short by another one with the same token (each answered 409 Conflict, as on
   * Telegram): more than one poller at a time. Zero while a single process polls.
   */
  get conflicts(): number {
    return this.#updates.conflicts;
  }

  /** How many getUpdates answers carried update `updateId` (more than one: it was redelivered). */
  timesHandedOut(updateId: number): number {
    return this.#updates.timesHandedOut(updateId);
  }

  /** Update ids not yet confirmed by a later getUpdates offset (Telegram still holds them). */
  get unconfirmedUpdates(): number {
    return this.#updates.unconfirmed;
  }

  /** The user deletes a message the bot sent: editing it then fails as on Telegram. */
  deleteMessage(chatId: number, messageId: number): void {
    this.#current.delete(`${chatId}:${messageId}`);
  }

  /** The inline keyboard a message of the bot shows now, if any. */
  shownKeyboard(chatId: number, messageId: number): unknown {
    return this.#current.get(`${chatId}:${messageId}`)?.reply_markup;
  }

  /** The text a message of the bot shows now (its visible text), or undefined once deleted. */
  shownText(chatId: number, messageId: number): string | undefined {
    return this.#current.get(`${chatId}:${messageId}`)?.text;
  }

  callsOf(method: string): FakeCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async close(): Promise<void> {
    this.#updates.close();
    await shutDown(this.server, this.#hanging);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.url ?? "");
    if (download) {
      const [, token, path] = download as unknown as [string, string, string];
      if (token !== this.token) return void response.writeHead(404).end();
      return this.#files.serve(response, decodeURIComponent(path), (bytes) => {
        this.bytesServed += bytes;
      });
    }
    const { payload, files } = await readPayload(request);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? "");
    if (!match) return reply(response, 404, { ok: false, error_code: 404, description: "Not Found" });
    const [, token, method] = match as unknown as [string, string, string];
    const call = { method, payload, at: Date.now() };
    this.calls.push(call);
    this.#events.emit("call", call);
    if (token !== this.token) return reply(response, 401, { ok: false, error_code: 401, description: "Unauthorized" });

    const failure = this.#failures.get(method)?.shift();
    if (failure?.type === "hang") {
      this.#hanging.add(response);
      response.on("close", () => this.#hanging.delete(response));
      return;
    }
    if (failure?.type === "drop") {
      response.socket?.destroy();
      return;
    }
    if (failure?.type === "error") {
      return fail(response, failure.status, failure.description, failure.retryAfter);
    }

    switch (method) {
      case "getMe":
        return ok(response, {
          ...fakeBot,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "deleteWebhook":
        this.#webhookUrl = "";
        return ok(response, true);
      case "setWebhook":
        this.#webhookUrl = String(payload.url ?? "");
        return ok(response, true);
      case "getWebhookInfo":
        return ok(response, { url: this.#webhookUrl, has_custom_certificate: false, pending_update_count: 0 });
      case "getUpdates":
        return this.#updates.getUpdates(response, payload);
      case "sendChatAction":
      case "answerCallbackQuery":
      case "setMyCommands":
        return ok(response, true);
      case "editMessageReplyMarkup":
        return this.#editReplyMarkup(response, payload);
      case "sendMessage":
        if (this.#sendsPaused && !(await heldUntilResumed(this.#sendsPaused, request, this.#held))) return;
        return this.#sendMessage(response, method, payload);
      case "editMessageText":
        return this.#sendMessage(response, method, payload);
      case "getFile":
        return this.#files.getFile(response, payload);
      case "sendPhoto":
      case "sendDocument":
      case "sendVoice":
      case "sendMediaGroup":
        return this.#sendFiles(response, method, payload, files);
      default:
        return fail(response, 404, "Not Found: method not found");
    }
  }

  #editReplyMarkup(response: ServerResponse, payload: Record<string, unknown>): void {
    const chatId = Number(payload.chat_id);
    const messageId = Number(payload.message_id);
    const current = this.#current.get(`${chatId}:${messageId}`);
    if (!current) {
      fail(response, 400, "Bad Request: message to edit not found");
      return;
    }
    const { reply_markup: _removed, ...rest } = current;
    this.#current.set(
      `${chatId}:${messageId}`,
      payload.reply_markup ? { ...rest, reply_markup: payload.reply_markup } : rest,
    );
    ok(response, {
      message_id: messageId,
      date: now(),
      chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private" },
    });
  }

  /** sendPhoto (at most 10 MB), sendDocument and sendVoice (50 MB) and sendMediaGroup (2-10 items, `attach://` references). */
  #sendFiles(
    response: ServerResponse,
    method: string,
    payload: Record<string, unknown>,
    files: Map<string, { name: string; bytes: Buffer }>,
  ): void {
    const chatId = Number(payload.chat_id);
    const items: Array<{ type: string; media: string; caption?: string }> =
      method === "sendMediaGroup"
        ? (JSON.parse(String(payload.media ?? "[]")) as Array<{ type: string; media: string; caption?: string }>)
        : [
            {
              type: singleTypes[method] ?? "document",
              media: String(payload[singleTypes[method] ?? "document"] ?? ""),
              ...(typeof payload.caption === "string" ? { caption: payload.caption } : {}),
            },
          ];
    if (method === "sendMediaGroup" && (items.length < 2 || items.length > 10)) {
      fail(response, 400, "Bad Request: wrong number of media in the group");
      return;
    }
    const accepted: UploadedFile[] = [];
    for (const item of items) {
      const field = item.media.startsWith("attach://") ? item.media.slice("attach://".length) : undefined;
      const file = field ? files.get(field) : undefined;
      if (!file) {
        fail(response, 400, "Bad Request: there is no file in the request");
        return;
      }
      const limit = item.type === "photo" ? 10 * 1024 * 1024 : 50 * 1024 * 1024;
      if (file.bytes.length > limit) {
        fail(response, 413, "Request Entity Too Large");
        return;
      }
      // Telegram shows a voice message only for Ogg Opus (this fake: an Ogg file); anything else it sends as a document.
      const type =
        item.type === "voice" && !file.bytes.subarray(0, 4).equals(Buffer.from("OggS")) ? "document" : item.type;
      accepted.push({
        method,
        chat_id: chatId,
        type,
        name: file.name,
        bytes: file.bytes,
        ...(item.caption ? { caption: item.caption } : {}),
        ...(payload.message_thread_id !== undefined && { thread: Number(payload.message_thread_id) }),
      });
    }
    this.uploads.push(...accepted);
    const messages = accepted.map((upload) => ({
      message_id: this.#nextMessageId++,
      date: now(),
      chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private" },
      from: fakeBot,
      ...(upload.caption ? { caption: upload.caption } : {}),
      ...(upload.type === "photo"
        ? { photo: [{ file_id: `sent-${upload.name}`, file_unique_id: upload.name, width: 1, height: 1 }] }
        : upload.type === "voice"
          ? {
              voice: {
                file_id: `sent-${upload.name}`,
                file_unique_id: upload.name,
                duration: 1,
                mime_type: "audio/ogg",
              },
            }
          : { document: { file_id: `sent-${upload.name}`, file_unique_id: upload.name, file_name: upload.name } }),
    }));
    ok(response, method === "sendMediaGroup" ? messages : messages[0]);
    this.#events.emit("uploaded");
  }

  #sendMessage(response: ServerResponse, method: string, payload: Record<string, unknown>): void {
    const text = String(payload.text ?? "");
    let visibleText = text;
    if (payload.parse_mode === "HTML") {
      const parsed = parseTelegramHtml(text);
      if ("error" in parsed) {
        fail(response, 400, `Bad Request: can't parse entities: ${parsed.error}`);
        return;
      }
      visibleText = parsed.text;
    } else if (payload.parse_mode !== undefined) {
      fail(response, 400, `Bad Request: unsupported parse_mode ${String(payload.parse_mode)}`);
      return;
    }
    if (visibleText.trim() === "") {
      fail(response, 400, "Bad Request: message text is empty");
      return;
    }
    if (visibleText.length > 4096) {
      fail(response, 400, "Bad Request: message is too long");
      return;
    }
    const chatId = Number(payload.chat_id);
    const parseMode = typeof payload.parse_mode === "string" ? payload.parse_mode : undefined;
    if (method === "editMessageText") {
      const messageId = Number(payload.message_id);
      const key = `${chatId}:${messageId}`;
      const current = this.#current.get(key);
      if (!current) {
        fail(response, 400, "Bad Request: message to edit not found");
        return;
      }
      const markup = payload.reply_markup;
      if (
        current.text === visibleText &&
        current.parse_mode === parseMode &&
        JSON.stringify(current.reply_markup) === JSON.stringify(markup)
      ) {
        fail(
          response,
          400,
          "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
        );
        return;
      }
      this.#current.set(key, {
        text: visibleText,
        ...(parseMode ? { parse_mode: parseMode } : {}),
        ...(markup ? { reply_markup: markup } : {}),
      });
      this.edits.push({
        message_id: messageId,
        chat_id: chatId,
        text,
        visibleText,
        at: Date.now(),
        ...(parseMode ? { parse_mode: parseMode } : {}),
      });
      ok(response, { message_id: messageId, date: now(), chat: { id: chatId, type: "private" }, text: visibleText });
      this.#events.emit("edited");
      return;
    }
    const sent: SentMessage = {
      message_id: this.#nextMessageId++,
      chat_id: chatId,
      text,
      visibleText,
      payload,
      at: Date.now(),
      ...(typeof payload.parse_mode === "string" ? { parse_mode: payload.parse_mode } : {}),
    };
    this.sent.push(sent);
    if (this.sent.length >= this.#pauseAfter) this.pauseSends();
    this.#current.set(`${chatId}:${sent.message_id}`, {
      text: visibleText,
      ...(parseMode ? { parse_mode: parseMode } : {}),
      ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
    });
    ok(response, {
      message_id: sent.message_id,
      date: now(),
      chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private" },
      from: fakeBot,
      text: visibleText,
    });
    this.#events.emit("sent");
  }
}
