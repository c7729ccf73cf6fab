#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { mediaKindOf } from "./chunk-33PKEFY7.js";
import { BusError } from "./chunk-G76UX4CE.js";
import { apiError, ok } from "./chunk-MCKQ54WW.js";
import { sessionTranscript } from "./chunk-NSPUS42Y.js";
import { deliverChunks } from "./chunk-VH5YRSZ5.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
import { sessionKeyOf } from "./chunk-XSPF2MYQ.js";
import "./chunk-GZ7VATWC.js";
import { join as join2 } from "node:path";
var ChatEvents = class {
  #listeners = new Set();
  subscribe(listener) {
    return this.#listeners.add(listener), () => this.#listeners.delete(listener);
  }
  emit(event) {
    for (const listener of this.#listeners) listener(event);
  }
};
import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
var KEPT = 500,
  TITLE_LENGTH = 60,
  conversationIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
function newConversationId() {
  return `c-${randomBytes(8).toString("hex")}`;
}
function conversationFile(path) {
  return {
    read: () =>
      readFile(path, "utf8").catch((error) => {
        if (error.code !== "ENOENT") throw error;
      }),
    write: async (text) => {
      await mkdir(dirname(path), { recursive: !0, mode: 448 }), await writeFileAtomic(path, text);
    },
  };
}
function conversationsShared(state) {
  return { read: () => state.read("conversations"), write: (text) => state.write("conversations", text) };
}
var WebConversations = class {
  #medium;
  #loaded;
  #writing = Promise.resolve();
  constructor(medium) {
    this.#medium = medium;
  }
  async list() {
    return [...(await this.#load()).values()].sort((a, b) => b.last_activity.localeCompare(a.last_activity));
  }
  async touch(id, at, text) {
    const conversations = await this.#load(),
      title = conversations.get(id)?.title || titleOf(text ?? "");
    if ((conversations.set(id, { id, title, last_activity: at.toISOString() }), conversations.size > KEPT)) {
      const oldest = [...conversations.values()].sort((a, b) => a.last_activity.localeCompare(b.last_activity));
      for (const conversation of oldest.slice(0, conversations.size - KEPT)) conversations.delete(conversation.id);
    }
    const saved = JSON.stringify({ version: 1, conversations: [...conversations.values()] });
    (this.#writing = this.#writing.catch(() => {}).then(() => this.#medium.write(saved))), await this.#writing;
  }
  #load() {
    return (this.#loaded ??= this.#medium.read().then(parseList, () => new Map())), this.#loaded;
  }
};
function parseList(text) {
  const conversations = new Map();
  if (!text) return conversations;
  try {
    const parsed = JSON.parse(text);
    for (const entry of Array.isArray(parsed.conversations) ? parsed.conversations : []) {
      const { id, title, last_activity } = entry ?? {};
      typeof id == "string" &&
        conversationIdPattern.test(id) &&
        typeof last_activity == "string" &&
        conversations.set(id, { id, title: typeof title == "string" ? title : "", last_activity });
    }
  } catch {}
  return conversations;
}
function titleOf(text) {
  const line =
    text.trim().split(`
`)[0] ?? "";
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}\u2026` : line;
}
import { randomUUID } from "node:crypto";
import {
  copyFile,
  mkdir as mkdir2,
  readdir,
  readFile as readFile2,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
var MAX_PENDING_FILES = 10,
  KEEP_SENT_MS = 864e5,
  WebUploads = class {
    #root;
    #shared;
    constructor(root, shared) {
      (this.#root = root), (this.#shared = shared);
    }
    async save(conversation, file) {
      if (!conversationIdPattern.test(conversation)) return { type: "bad-conversation" };
      const folder = join(this.#root, conversation);
      if (
        (await mkdir2(folder, { recursive: !0, mode: 448 }),
        (await this.#pendingIds(conversation)).length >= MAX_PENDING_FILES)
      )
        return { type: "too-many", max: MAX_PENDING_FILES };
      const id = randomUUID(),
        name = plainFileName(file.name),
        meta = { name, size: file.data.byteLength, ...(file.mimeType && { mime_type: file.mimeType }) };
      return (
        await writeFile(join(folder, id), file.data, { mode: 384 }),
        await writeFile(join(folder, `${id}.json`), JSON.stringify(meta), { mode: 384 }),
        this.#forgetOldSent(conversation),
        { type: "saved", name, size: meta.size }
      );
    }
    async take(conversation) {
      const ids = await this.#pendingIds(conversation);
      if (!ids.length) return [];
      const folder = join(this.#root, conversation);
      await mkdir2(join(folder, "sent"), { recursive: !0, mode: 448 });
      const media = [];
      for (const id of ids) {
        const meta = await readMeta(join(folder, `${id}.json`));
        if (
          !meta ||
          !(await rename(join(folder, id), join(folder, "sent", id)).then(
            () => !0,
            () => !1,
          ))
        ) {
          await rm(join(folder, id), { force: !0 }), await rm(join(folder, `${id}.json`), { force: !0 });
          continue;
        }
        await rm(join(folder, `${id}.json`), { force: !0 }),
          media.push({
            kind: mediaKindOf(meta.mime_type),
            name: meta.name,
            size: meta.size,
            ...(meta.mime_type && { mimeType: meta.mime_type }),
            ref: `${conversation}/sent/${id}`,
          });
      }
      return media;
    }
    async share(media) {
      if (this.#shared)
        for (const attachment of media) {
          const source = this.#sentPath(attachment);
          source && (await this.#shared.put(attachment.ref, await readFile2(source)));
        }
    }
    async putBack(media) {
      for (const attachment of media) {
        const [conversation, , id] = (attachment.ref ?? "").split("/");
        if (!conversation || !isUuid(id)) continue;
        const folder = join(this.#root, conversation),
          meta = {
            name: attachment.name ?? "file",
            size: attachment.size ?? 0,
            ...(attachment.mimeType && { mime_type: attachment.mimeType }),
          };
        await rename(join(folder, "sent", id), join(folder, id)),
          await writeFile(join(folder, `${id}.json`), JSON.stringify(meta), { mode: 384 });
      }
    }
    async fetch(attachment, options) {
      const source = this.#sentPath(attachment);
      if (!source) return { type: "failed", reason: "not an upload of this chat" };
      const saved = (bytes) => ({
        type: "saved",
        path: options.destination,
        bytes,
        ...(attachment.mimeType && { contentType: attachment.mimeType }),
      });
      try {
        const { size } = await stat(source);
        return size > options.maxBytes
          ? { type: "too-large", maxBytes: options.maxBytes, declaredBytes: size }
          : (await copyFile(source, options.destination), saved(size));
      } catch (error) {
        const code = error.code;
        if (code !== "ENOENT") return { type: "failed", reason: `it could not be copied (${code})` };
      }
      const data = await this.#shared?.get(attachment.ref).catch(() => {});
      if (!data) return { type: "failed", reason: "the upload is gone" };
      if (data.byteLength > options.maxBytes)
        return { type: "too-large", maxBytes: options.maxBytes, declaredBytes: data.byteLength };
      try {
        return await writeFile(options.destination, data, { mode: 384 }), saved(data.byteLength);
      } catch (error) {
        return { type: "failed", reason: `it could not be copied (${error.code})` };
      }
    }
    #sentPath(attachment) {
      const [conversation, sent, id] = (attachment.ref ?? "").split("/");
      if (!(!conversation || !conversationIdPattern.test(conversation) || sent !== "sent" || !isUuid(id)))
        return join(this.#root, conversation, "sent", id);
    }
    async #pendingIds(conversation) {
      return (await readdir(join(this.#root, conversation)).catch(() => []))
        .filter((name) => name.endsWith(".json") && isUuid(name.slice(0, -5)))
        .map((name) => name.slice(0, -5))
        .sort();
    }
    async #forgetOldSent(conversation) {
      const folder = join(this.#root, conversation, "sent"),
        names = await readdir(folder).catch(() => []);
      for (const name of names) {
        const file = join(folder, name);
        (await stat(file).then(
          (info) => Date.now() - info.mtimeMs > KEEP_SENT_MS,
          () => !1,
        )) && (await rm(file, { force: !0 }).catch(() => {}));
      }
    }
  };
async function readMeta(path) {
  try {
    const meta = JSON.parse(await readFile2(path, "utf8"));
    return typeof meta.name != "string" || typeof meta.size != "number"
      ? void 0
      : { name: meta.name, size: meta.size, ...(typeof meta.mime_type == "string" && { mime_type: meta.mime_type }) };
  } catch {
    return;
  }
}
function isUuid(text) {
  return text !== void 0 && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text);
}
function plainFileName(name) {
  const plain = (name.split(/[/\\]/).at(-1) ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200);
  return plain === "" || plain === "." || plain === ".." ? "file" : plain;
}
var MAX_CHAT_TEXT = 16e3,
  MULTIPART_SLACK_BYTES = 64 * 1024,
  RequestError = class extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
    status;
  };
function chatRoutes(options) {
  async function say(body) {
    const { conversation: given, text } = body;
    if (typeof text != "string") throw new RequestError(400, "text must be a string");
    if (text.length > MAX_CHAT_TEXT) throw new RequestError(413, `text is longer than ${MAX_CHAT_TEXT} characters`);
    const conversation = conversationOf(given),
      said = await options.channel.say(conversation, text);
    if (said.type === "empty") throw new RequestError(400, "write something or attach a file first");
    return { status: 202, body: { conversation, message_id: said.messageId } };
  }
  async function upload(request, given) {
    const conversation = conversationOf(given),
      files = await readFiles(request, options.maxFileBytes);
    if (!files.length) throw new RequestError(400, "no file in the request");
    const saved = [];
    for (const file of files) {
      const result = await options.uploads.save(conversation, file);
      if (result.type === "too-many")
        throw new RequestError(409, `at most ${MAX_PENDING_FILES} files can wait for one message; send it first`);
      if (result.type === "bad-conversation") throw new RequestError(400, "not a conversation id");
      saved.push({ name: result.name, size: result.size });
    }
    return ok({ ok: !0, conversation, files: saved });
  }
  async function transcript(id) {
    if (!conversationIdPattern.test(id)) throw new RequestError(404, "no such conversation");
    const key = sessionKeyOf({ channel: options.channel.name, chatId: id });
    return ok({ conversation: id, key, messages: sessionTranscript(await options.loadSession(key), options.redact) });
  }
  return [
    {
      method: "GET",
      path: "/api/chat/conversations",
      handle: async () => {
        const conversations = await options.conversations.list();
        return ok({ conversations: conversations.map((entry) => ({ ...entry, title: options.redact(entry.title) })) });
      },
    },
    {
      method: "POST",
      path: "/api/chat/files",
      handle: ({ request, response, url }) =>
        answered(response, () => upload(request, url.searchParams.get("conversation"))),
    },
    {
      method: "POST",
      path: "/api/chat",
      handle: ({ response, json }) => answered(response, async () => say(await json())),
    },
    {
      method: "GET",
      path: "/api/chat/:id",
      handle: ({ response, params }) => answered(response, () => transcript(params.id ?? "")),
    },
  ];
}
async function answered(response, answer) {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof BusError) return apiError(503, error.message);
    if (!(error instanceof RequestError)) throw error;
    return response.setHeader("connection", "close"), apiError(error.status, error.message);
  }
}
function conversationOf(given) {
  if (given == null || given === "") return newConversationId();
  if (typeof given != "string" || !conversationIdPattern.test(given))
    throw new RequestError(400, "conversation must be 1-64 letters, digits, - or _");
  return given;
}
async function readBody(request, limit) {
  if (Number(request.headers["content-length"]) > limit)
    throw new RequestError(413, `the body is larger than ${limit} bytes`);
  let chunks = [],
    size = 0;
  for await (const chunk of request) {
    if (((size += chunk.byteLength), size > limit))
      throw new RequestError(413, `the body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
async function readFiles(request, maxBytes) {
  const type = request.headers["content-type"] ?? "",
    tooLarge = () => new RequestError(413, `a file is larger than the ${maxBytes}-byte limit`);
  if (/^multipart\/form-data\b/i.test(type)) {
    let body = await readBody(request, maxBytes + MULTIPART_SLACK_BYTES).catch((error) => {
        throw error instanceof RequestError && error.status === 413 ? tooLarge() : error;
      }),
      form;
    try {
      form = await new Response(body, { headers: { "content-type": type } }).formData();
    } catch {
      throw new RequestError(400, "the multipart body cannot be read");
    }
    const files = [];
    for (const [, value] of form)
      if (typeof value != "string") {
        if (value.size > maxBytes) throw tooLarge();
        files.push({
          name: value.name,
          data: new Uint8Array(await value.arrayBuffer()),
          ...(value.type && { mimeType: value.type }),
        });
      }
    return files;
  }
  const header = request.headers["x-file-name"];
  if (typeof header != "string" || header === "")
    throw new RequestError(400, "send multipart/form-data, or the file with an X-File-Name header");
  const data = await readBody(request, maxBytes).catch((error) => {
      throw error instanceof RequestError && error.status === 413 ? tooLarge() : error;
    }),
    mimeType = type.split(";")[0]?.trim();
  return [
    { name: decodedName(header), data, ...(mimeType && mimeType !== "application/octet-stream" && { mimeType }) },
  ];
}
function decodedName(header) {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
import { randomUUID as randomUUID2 } from "node:crypto";
var WEB_OPERATOR = { senderId: "operator", senderName: "operator" },
  WebChannel = class {
    name = "web";
    #options;
    #now;
    #state = { state: "stopped", since: Date.now() };
    #sent = 0;
    constructor(options) {
      (this.#options = options), (this.#now = options.now ?? (() => new Date()));
    }
    async start(_signal) {
      this.#state = { state: "connected", since: Date.now() };
    }
    async stop() {
      this.#state = { state: "stopped", since: Date.now() };
    }
    status() {
      return this.#state;
    }
    async say(conversation, text) {
      const { uploads } = this.#options,
        media = await uploads.take(conversation);
      if (!text.trim() && !media.length) return { type: "empty" };
      const receivedAt = this.#now(),
        message = {
          id: `web:${conversation}:${randomUUID2()}`,
          channel: this.name,
          chatId: conversation,
          ...WEB_OPERATOR,
          text,
          isDirect: !0,
          receivedAt: receivedAt.getTime(),
          ...(media.length && { media }),
        };
      try {
        await uploads.share(media), await this.#options.bus.publishInbound(message);
      } catch (error) {
        throw (await uploads.putBack(media), error);
      }
      return (
        await this.#options.conversations.touch(conversation, receivedAt, text || media[0]?.name).catch(() => {}),
        { type: "recorded", messageId: message.id }
      );
    }
    async send(message, options) {
      const files = (message.attachments ?? []).map((file) => `\u{1F4CE} ${file.name}`),
        text = [message.text, ...files].filter(Boolean).join(`

`),
        messageIds = await deliverChunks(
          [text],
          options,
          async (chunk) => (await this.#final(message.chatId, chunk), `web-out-${++this.#sent}`),
        );
      return { channel: this.name, chatId: message.chatId, messageIds };
    }
    openStream(target) {
      let conversation = target.chatId,
        shownText = "",
        shownStatus,
        markShown;
      return {
        shown: new Promise((resolve) => (markShown = resolve)),
        update: (textSoFar, status) => {
          textSoFar !== shownText &&
            (this.#emit(
              textSoFar.startsWith(shownText)
                ? { conversation, kind: "delta", text: textSoFar.slice(shownText.length) }
                : { conversation, kind: "delta", text: textSoFar, reset: !0 },
            ),
            (shownText = textSoFar)),
            status !== void 0 && status !== shownStatus && this.#emit({ conversation, kind: "status", text: status }),
            (shownStatus = status),
            textSoFar.trim() && markShown();
        },
        finish: async (finalText, delivery) => (
          await this.#final(conversation, finalText),
          await delivery?.onChunkDelivered?.(0),
          markShown(),
          [`web-out-${++this.#sent}`]
        ),
        fail: async (note) => (this.#emit({ conversation, kind: "error", text: note }), !0),
      };
    }
    async askApproval(prompt) {
      return (
        this.#emit({
          conversation: prompt.chatId,
          kind: "status",
          text: `${prompt.text}

Waiting for approval: decide on the Approvals page.`,
          approval: prompt.id,
        }),
        { messageId: `web-approval-${prompt.id}` }
      );
    }
    async settleApproval(prompt, _handle, text) {
      this.#emit({
        conversation: prompt.chatId,
        kind: "status",
        text:
          text
            .split(`
`)
            .at(-1) ?? text,
        approval: prompt.id,
      });
    }
    fetchAttachment(attachment, options) {
      return this.#options.uploads.fetch(attachment, options);
    }
    async #final(conversation, text) {
      this.#emit({ conversation, kind: "final", text }),
        await this.#options.conversations.touch(conversation, this.#now()).catch(() => {});
    }
    #emit(event) {
      this.#options.events.emit(event);
    }
  };
function openWebChat(options) {
  const root = join2(options.home, "web-chat"),
    events = new ChatEvents(),
    conversations = new WebConversations(
      options.sharedState
        ? conversationsShared(options.sharedState)
        : conversationFile(join2(root, "conversations.json")),
    ),
    uploads = new WebUploads(join2(root, "uploads"), options.sharedUploads),
    channel = new WebChannel({ bus: options.bus, events, conversations, uploads }),
    routes = chatRoutes({
      channel,
      conversations,
      uploads,
      loadSession: options.loadSession,
      redact: options.redact,
      maxFileBytes: options.maxFileBytes,
    });
  return { channel, events, routes };
}
export { openWebChat };
//# sourceMappingURL=open-web-chat-Y7MCEDNS.js.map
