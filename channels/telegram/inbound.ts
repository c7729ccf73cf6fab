import { type Api, GrammyError } from "grammy";
import type { Message, MessageEntity, UserFromGetMe } from "grammy/types";
import type { InboundMessage, MediaAttachment } from "../../src/bus/messages.js";
import {
  type AttachmentSource,
  type DownloadOptions,
  type DownloadResult,
  downloadAttachment,
} from "../../src/channel-kit/attachment-download.js";

/**
 * Telegram messages turned into InboundMessages: direct chats, groups and forum topics,
 * the bot's mention detected and stripped, media listed for a download after the gates
 * (the caption is the text; the agent saves and describes each attachment).
 */

/**
 * The InboundMessage for a Telegram message, or undefined when there is nothing to
 * answer (a service message, the bot's own message, a command meant for another bot).
 */
export function toInboundMessage(
  message: Message,
  bot: UserFromGetMe,
  receivedAt = Date.now(),
): InboundMessage | undefined {
  const from = message.from;
  if (!from || from.id === bot.id) return undefined;
  const isDirect = message.chat.type === "private";
  const address = addressing(
    message.text ?? message.caption ?? "",
    message.entities ?? message.caption_entities ?? [],
    bot,
  );
  if (address.otherBot) return undefined;
  const media = attachmentsOf(message);
  const text = address.text;
  if (!text && media.length === 0) return undefined;

  const repliesToBot = message.reply_to_message?.from?.id === bot.id;
  const senderName = [from.first_name, from.last_name].filter(Boolean).join(" ");
  return {
    id: `telegram:${message.chat.id}:${message.message_id}`,
    channel: "telegram",
    chatId: String(message.chat.id),
    senderId: String(from.id),
    ...(senderName ? { senderName } : {}),
    ...(from.username ? { senderUsername: from.username } : {}),
    text,
    ...(message.is_topic_message && message.message_thread_id !== undefined
      ? { threadId: String(message.message_thread_id) }
      : {}),
    isDirect,
    ...(isDirect ? {} : { mentioned: address.mentioned || repliesToBot, replyToId: String(message.message_id) }),
    receivedAt,
    ...(media.length ? { media } : {}),
  };
}

/**
 * The text with the bot's mentions removed, and whether it was addressed to this bot or another
 * one. A leading `/command@botname` (how Telegram clients address a command in a group) is read
 * from the text itself, whatever entities came with it: this bot's name is taken off and counts
 * as a mention; another bot's name means the message is not for this bot.
 */
function addressing(text: string, entities: MessageEntity[], bot: UserFromGetMe) {
  const handle = bot.username.toLowerCase();
  const cuts: Array<{ start: number; end: number }> = [];
  let mentioned = false;
  let otherBot = false;
  const leading = /^\/[\w-]+@(\w+)/.exec(text);
  if (leading) {
    if (leading[1]!.toLowerCase() === handle) {
      mentioned = true;
      cuts.push({ start: leading[0].length - leading[1]!.length - 1, end: leading[0].length });
    } else {
      otherBot = true;
    }
  }
  for (const entity of entities) {
    // The leading command was read above; an entity inside it (a client marking its @name) adds nothing.
    if (leading && entity.offset < leading[0].length) continue;
    const value = text.slice(entity.offset, entity.offset + entity.length);
    if (entity.type === "mention" && value.toLowerCase() === `@${handle}`) {
      mentioned = true;
      cuts.push({ start: entity.offset, end: entity.offset + entity.length });
    } else if (entity.type === "text_mention" && entity.user.id === bot.id) {
      mentioned = true;
    } else if (entity.type === "bot_command" && value.toLowerCase().endsWith(`@${handle}`)) {
      mentioned = true;
      cuts.push({ start: entity.offset + value.length - handle.length - 1, end: entity.offset + entity.length });
    }
  }
  // Cut from the end so that earlier offsets stay valid.
  let result = text;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) result = result.slice(0, cut.start) + result.slice(cut.end);
  return { text: result.replace(/[ \t]{2,}/g, " ").trim(), mentioned, otherBot };
}

function attachmentsOf(message: Message): MediaAttachment[] {
  const media: MediaAttachment[] = [];
  const largestPhoto = message.photo?.at(-1);
  if (largestPhoto) media.push({ kind: "photo", ref: largestPhoto.file_id, ...sized(largestPhoto.file_size) });
  const files = [
    ["document", message.document],
    ["audio", message.audio],
    ["video", message.video],
    ["voice", message.voice],
  ] as const;
  for (const [kind, file] of files) {
    if (!file) continue;
    const name = "file_name" in file ? file.file_name : undefined;
    media.push({
      kind,
      ref: file.file_id,
      ...(name ? { name } : {}),
      ...(file.mime_type ? { mimeType: file.mime_type } : {}),
      ...sized(file.file_size),
    });
  }
  if (message.sticker)
    media.push({
      kind: "sticker",
      ref: message.sticker.file_id,
      ...(message.sticker.emoji ? { name: message.sticker.emoji } : {}),
    });
  return media;
}

function sized(size: number | undefined) {
  return size === undefined ? {} : { size };
}

/**
 * Where Telegram serves a file: `getFile` gives its `file_path`, downloaded from
 * `<api_root>/file/bot<token>/<file_path>` (the token is in the URL, so it is never logged).
 */
export async function telegramFileSource(
  api: Api,
  attachment: MediaAttachment,
  server: { apiRoot: string; token: string },
  signal?: AbortSignal,
): Promise<AttachmentSource> {
  const file = await api.getFile(attachment.ref ?? "", signal as Parameters<Api["getFile"]>[1]);
  if (!file.file_path) throw new Error("Telegram gave no file_path for this file");
  const name = file.file_path.split("/").at(-1);
  return {
    url: `${server.apiRoot}/file/bot${server.token}/${file.file_path}`,
    ...(name && !attachment.name ? { name } : {}),
  };
}

/** Downloads an attachment: getFile, then the file from the Bot API server (getFile refuses files over 20 MB). */
export async function fetchTelegramAttachment(
  api: Api,
  attachment: MediaAttachment,
  server: { apiRoot: string; token: string },
  options: DownloadOptions,
): Promise<DownloadResult> {
  let source: AttachmentSource;
  try {
    source = await telegramFileSource(api, attachment, server, options.signal);
  } catch (error) {
    if (error instanceof GrammyError && /too big/i.test(error.description))
      return { type: "too-large", maxBytes: options.maxBytes };
    return { type: "failed", reason: `getFile failed: ${(error as Error).message}` };
  }
  return downloadAttachment(source, options);
}
