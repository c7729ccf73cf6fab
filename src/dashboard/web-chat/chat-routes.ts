import type { IncomingMessage, ServerResponse } from "node:http";
import { BusError } from "../../bus/bus-error.js";
import { sessionKeyOf } from "../../bus/messages.js";
import type { ChatMessage } from "../../providers/provider.js";
import { type ApiAnswer, type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import { sessionTranscript } from "../session-transcript.js";
import type { WebChannel } from "./web-channel.js";
import { conversationIdPattern, newConversationId, type WebConversations } from "./web-conversations.js";
import { MAX_PENDING_FILES, type UploadedFile, type WebUploads } from "./web-uploads.js";

/** The longest message the operator may send, in characters (its JSON fits the API's 64 KiB body). */
export const MAX_CHAT_TEXT = 16_000;
/** A multipart body may exceed its file by this much (boundaries, part headers). */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** What the web chat's endpoints work with. */
export interface ChatRoutesOptions {
  channel: WebChannel;
  conversations: WebConversations;
  uploads: WebUploads;
  /** A conversation's stored messages (the session store's `load`). */
  loadSession: (key: string) => Promise<ChatMessage[]>;
  /** Takes the config's secrets out of every text answered. */
  redact: (text: string) => string;
  /** `agents.defaults.max_attachment_bytes`: the cap of an uploaded file, as of any channel's attachment. */
  maxFileBytes: number;
}

/** A request refused: its status and the error the browser is told. */
class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The web chat's endpoints, joined to the dashboard's API (`Dashboard.addRoutes`), which has
 * checked the session, CSRF token, Host and Origin before they run:
 * - `GET /api/chat/conversations` -> `{ conversations: [{ id, title, last_activity }] }`;
 * - `POST /api/chat` `{ conversation?, text }` -> 202 `{ conversation, message_id }` once the
 *   message is journaled (a new conversation without `conversation`);
 * - `POST /api/chat/files?conversation=<id>` (multipart/form-data, or the raw file with
 *   `X-File-Name`) -> `{ ok: true, conversation, files: [{ name, size }] }`: the files go with
 *   the conversation's next message;
 * - `GET /api/chat/<id>` -> `{ conversation, key, messages }`, the transcript.
 */
export function chatRoutes(options: ChatRoutesOptions): ApiRoute[] {
  async function say(body: Record<string, unknown>): Promise<ApiAnswer> {
    const { conversation: given, text } = body;
    if (typeof text !== "string") throw new RequestError(400, "text must be a string");
    if (text.length > MAX_CHAT_TEXT) throw new RequestError(413, `text is longer than ${MAX_CHAT_TEXT} characters`);
    const conversation = conversationOf(given);
    const said = await options.channel.say(conversation, text);
    if (said.type === "empty") throw new RequestError(400, "write something or attach a file first");
    return { status: 202, body: { conversation, message_id: said.messageId } };
  }

  async function upload(request: IncomingMessage, given: string | null): Promise<ApiAnswer> {
    const conversation = conversationOf(given);
    const files = await readFiles(request, options.maxFileBytes);
    if (!files.length) throw new RequestError(400, "no file in the request");
    const saved: Array<{ name: string; size: number }> = [];
    for (const file of files) {
      const result = await options.uploads.save(conversation, file);
      if (result.type === "too-many")
        throw new RequestError(409, `at most ${MAX_PENDING_FILES} files can wait for one message; send it first`);
      if (result.type === "bad-conversation") throw new RequestError(400, "not a conversation id");
      saved.push({ name: result.name, size: result.size });
    }
    return ok({ ok: true, conversation, files: saved });
  }

  async function transcript(id: string): Promise<ApiAnswer> {
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

/** `answer()`, with a refused request (and a bus that takes no more messages) as an error answer. */
async function answered(response: ServerResponse, answer: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof BusError) return apiError(503, error.message);
    if (!(error instanceof RequestError)) throw error;
    // A body left unread (too large) is not waited for.
    response.setHeader("connection", "close");
    return apiError(error.status, error.message);
  }
}

/** The conversation a request names (checked), or a new one. */
function conversationOf(given: unknown): string {
  if (given === undefined || given === null || given === "") return newConversationId();
  if (typeof given !== "string" || !conversationIdPattern.test(given))
    throw new RequestError(400, "conversation must be 1-64 letters, digits, - or _");
  return given;
}

/** The request's body, at most `limit` bytes (else a 413). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"]);
  if (declared > limit) throw new RequestError(413, `the body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) throw new RequestError(413, `the body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The files of an upload: every file part of a multipart/form-data body, or the raw body named by `X-File-Name`. */
async function readFiles(request: IncomingMessage, maxBytes: number): Promise<UploadedFile[]> {
  const type = request.headers["content-type"] ?? "";
  const tooLarge = () => new RequestError(413, `a file is larger than the ${maxBytes}-byte limit`);
  if (/^multipart\/form-data\b/i.test(type)) {
    const body = await readBody(request, maxBytes + MULTIPART_SLACK_BYTES).catch((error: unknown) => {
      throw error instanceof RequestError && error.status === 413 ? tooLarge() : error;
    });
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": type } }).formData();
    } catch {
      throw new RequestError(400, "the multipart body cannot be read");
    }
    const files: UploadedFile[] = [];
    for (const [, value] of form) {
      if (typeof value === "string") continue;
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
  if (typeof header !== "string" || header === "")
    throw new RequestError(400, "send multipart/form-data, or the file with an X-File-Name header");
  const data = await readBody(request, maxBytes).catch((error: unknown) => {
    throw error instanceof RequestError && error.status === 413 ? tooLarge() : error;
  });
  const mimeType = type.split(";")[0]?.trim();
  return [
    { name: decodedName(header), data, ...(mimeType && mimeType !== "application/octet-stream" && { mimeType }) },
  ];
}

/** `X-File-Name` may be percent-encoded (a header carries no other non-ASCII safely). */
function decodedName(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
