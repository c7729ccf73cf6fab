import { type Api, InputFile } from "grammy";
import type { Logger } from "pino";
import type { OutboundAttachment, OutboundMessage } from "../../src/bus/messages.js";
import type { SendOptions } from "../../src/channel-kit/channel.js";
import { chunkText } from "../../src/channel-kit/chunk-text.js";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";
import { sendRefusable } from "../../src/channel-kit/refused-send.js";
import { type RetryOptions, withRetry } from "../../src/util/retry.js";
import { classifyTelegramError, isEntityParseError, telegramRefusal, toChannelError } from "./errors.js";
import { MESSAGE_LIMIT, renderTelegramHtml, telegramLength, visibleText } from "./format.js";

/**
 * The Bot API's `chat_id`: chat ids are integers on the wire (updates carry them so), while
 * skein keeps them as strings; `@channelusername` stays a string.
 */
export function telegramChatId(chatId: string): number | string {
  const id = Number(chatId);
  return /^-?\d+$/.test(chatId) && Number.isSafeInteger(id) ? id : chatId;
}

/** How {@link sendTelegramMessage} logs and retries. */
export interface TelegramSendOptions {
  log: Logger;
  /** Retry tuning for each chunk's sendMessage (tests make it fast). */
  retry?: Partial<Pick<RetryOptions, "attempts" | "baseDelayMs" | "maxDelayMs" | "sleep">>;
}

/** A reply's chunks, as Telegram gets them: Markdown pieces that fit once rendered. */
export function telegramChunks(text: string): string[] {
  return chunkText(text, { limit: MESSAGE_LIMIT, measure: telegramLength });
}

/**
 * Delivers one OutboundMessage: Markdown rendered to Telegram HTML, in chunks under the
 * limit, in order; a chunk Telegram cannot parse is re-sent as plain text; transient
 * failures are retried; a chunk that finally fails throws a ChannelError. `delivery` resumes
 * at a chunk and reports each one accepted (see {@link deliverChunks}).
 * Returns the Telegram message ids of the chunks sent, in order.
 */
export async function sendTelegramMessage(
  api: Api,
  message: OutboundMessage,
  options: TelegramSendOptions,
  delivery?: SendOptions,
): Promise<string[]> {
  const { log } = options;
  const chatId = message.chatId;
  const wireChatId = telegramChatId(chatId);
  const chunks = telegramChunks(message.text);
  // The chat goes into the label, not into a child logger: that would cost every send, not only a retry.
  const retry = (label: string) => ({
    classify: classifyTelegramError,
    log,
    label: `${label} to chat ${chatId}`,
    ...options.retry,
  });

  const ids = await deliverChunks(chunks, delivery, async (chunk, index) => {
    const common = {
      ...(message.threadId ? { message_thread_id: Number(message.threadId) } : {}),
      ...(index === 0 && message.replyToId
        ? { reply_parameters: { message_id: Number(message.replyToId), allow_sending_without_reply: true } }
        : {}),
    };
    const sendPiece = async (piece: string) => {
      const html = renderTelegramHtml(piece);
      const sent = await withRetry(
        () => api.sendMessage(wireChatId, html, { ...common, parse_mode: "HTML" }),
        retry("telegram sendMessage"),
      ).catch((error: unknown) => {
        if (!isEntityParseError(error)) throw error;
        log.warn({ chatId, err: error }, "telegram rejected the formatted text; sending it as plain text");
        return withRetry(
          () => api.sendMessage(wireChatId, visibleText(html), common),
          retry("telegram sendMessage (plain)"),
        );
      });
      return String(sent.message_id);
    };
    try {
      const ids = await sendRefusable(chunk, {
        send: sendPiece,
        classify: telegramRefusal,
        sendNotice: (text) => api.sendMessage(wireChatId, text),
        log,
        chatId,
        platform: "telegram",
      });
      return ids.at(-1);
    } catch (error) {
      const failure = toChannelError(error, `sending chunk ${index + 1} of ${chunks.length} to chat ${chatId}`);
      log.error({ chatId, err: error }, failure.message);
      throw failure;
    }
  });
  if (!message.attachments?.length) return ids;
  try {
    return [...ids, ...(await sendTelegramFiles(api, message, message.attachments, delivery))];
  } catch (error) {
    const failure = toChannelError(error, `sending files to chat ${chatId}`);
    log.error({ chatId, err: error }, failure.message);
    throw failure;
  }
}

/** Telegram's photo limit: larger images go as documents. */
const PHOTO_LIMIT = 10 * 1024 * 1024;

/**
 * Sends files after the text: voice notes as voice messages (sendVoice, the Ogg Opus as it is),
 * images as photos (sendPhoto), the rest as documents (sendDocument), several of a kind as albums
 * (sendMediaGroup, 2-10 each: Telegram does not mix photos and documents in one), each reported to
 * `delivery` once sent. Returns the ids of the messages made.
 */
async function sendTelegramFiles(
  api: Api,
  message: OutboundMessage,
  files: OutboundAttachment[],
  delivery?: SendOptions,
): Promise<string[]> {
  const chatId = telegramChatId(message.chatId);
  const thread = message.threadId ? { message_thread_id: Number(message.threadId) } : {};
  const ids: string[] = [];
  for (const file of files.filter((candidate) => candidate.voice)) {
    ids.push(String((await api.sendVoice(chatId, new InputFile(file.path, file.name), thread)).message_id));
    delivery?.onFileDelivered?.(file.name);
  }
  const photos = files.filter((file) => !file.voice && file.isImage && file.size <= PHOTO_LIMIT);
  const documents = files.filter((file) => !file.voice && !photos.includes(file));
  for (const [type, group] of [
    ["photo", photos],
    ["document", documents],
  ] as const) {
    for (let start = 0; start < group.length; start += 10) {
      const batch = group.slice(start, start + 10);
      const input = (file: OutboundAttachment) => new InputFile(file.path, file.name);
      if (batch.length === 1) {
        const file = batch[0] as OutboundAttachment;
        const sent =
          type === "photo"
            ? await api.sendPhoto(chatId, input(file), thread)
            : await api.sendDocument(chatId, input(file), thread);
        ids.push(String(sent.message_id));
      } else {
        const sent =
          type === "photo"
            ? await api.sendMediaGroup(
                chatId,
                batch.map((file) => ({ type: "photo" as const, media: input(file) })),
                thread,
              )
            : await api.sendMediaGroup(
                chatId,
                batch.map((file) => ({ type: "document" as const, media: input(file) })),
                thread,
              );
        ids.push(...sent.map((item) => String(item.message_id)));
      }
      for (const file of batch) delivery?.onFileDelivered?.(file.name);
    }
  }
  return ids;
}
