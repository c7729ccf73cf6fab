import { type Api, GrammyError } from "grammy";
import type { Logger } from "pino";
import type { EditFailure, ReplyTarget, StreamTransport } from "../../src/channel-kit/reply-stream.js";
import { withRetry } from "../../src/util/retry.js";
import { classifyTelegramError, isEntityParseError } from "./errors.js";
import { MESSAGE_LIMIT, renderTelegramHtml, visibleText } from "./format.js";
import { sendTelegramMessage, type TelegramSendOptions, telegramChatId, telegramChunks } from "./outbound.js";

/** Telegram allows about one message a second in a chat, and 20 a minute in a group. */
export function telegramEditFloorMs(chatId: string): number {
  return chatId.startsWith("-") ? 3_000 : 1_000;
}

/**
 * A streamed reply's calls on Telegram: the preview is sent and edited as plain text (a
 * half-written Markdown construct can never fail to parse); the final edit is Telegram
 * HTML, or plain text when Telegram cannot parse it; the other chunks go out as `send` sends them.
 */
export function telegramStreamTransport(
  api: Api,
  target: ReplyTarget,
  options: TelegramSendOptions & { log: Logger },
): StreamTransport {
  const chatId = telegramChatId(target.chatId);
  const retry = {
    classify: classifyTelegramError,
    log: options.log,
    label: "telegram editMessageText",
    ...options.retry,
  };
  return {
    previewLimit: MESSAGE_LIMIT,
    async post(partialText) {
      const sent = await api.sendMessage(chatId, partialText, {
        ...(target.threadId ? { message_thread_id: Number(target.threadId) } : {}),
        ...(target.replyToId
          ? { reply_parameters: { message_id: Number(target.replyToId), allow_sending_without_reply: true } }
          : {}),
      });
      return String(sent.message_id);
    },
    async edit(messageId, partialText) {
      await api.editMessageText(chatId, Number(messageId), partialText);
    },
    chunks: telegramChunks,
    async editFinal(messageId, chunk) {
      const html = renderTelegramHtml(chunk);
      await withRetry(() => api.editMessageText(chatId, Number(messageId), html, { parse_mode: "HTML" }), retry).catch(
        (error: unknown) => {
          if (!isEntityParseError(error)) throw error;
          options.log.warn({ err: error }, "telegram rejected the formatted text; showing it as plain text");
          return withRetry(() => api.editMessageText(chatId, Number(messageId), visibleText(html)), retry);
        },
      );
    },
    showsAsPreview(chunk, previewText) {
      const html = renderTelegramHtml(chunk);
      return !html.includes("<") && visibleText(html) === previewText;
    },
    async sendFrom(finalText, fromChunk, delivery) {
      return sendTelegramMessage(api, { ...target, text: finalText }, options, { ...delivery, fromChunk });
    },
    classify: classifyTelegramEdit,
  };
}

/** What a failed sendMessage or editMessageText means for a stream. */
function classifyTelegramEdit(error: unknown): EditFailure {
  if (!(error instanceof GrammyError)) return { type: "failed" };
  if (error.error_code === 429)
    return { type: "rate-limited", retryAfterMs: (error.parameters.retry_after ?? 1) * 1000 };
  if (/message is not modified/i.test(error.description)) return { type: "not-modified" };
  if (/message to edit not found|message can't be edited|MESSAGE_ID_INVALID/i.test(error.description))
    return { type: "gone" };
  return { type: "failed" };
}
