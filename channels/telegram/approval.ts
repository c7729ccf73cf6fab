import type { Api, Context } from "grammy";
import type { Logger } from "pino";
import {
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPrompt,
  approvalButtonData,
  buttonsOf,
  DECISION_ROOM,
  PromptTooLong,
  parseApprovalButton,
} from "../../src/channel-kit/approval.js";
import { telegramChatId } from "./outbound.js";

/** The most a Telegram message holds, in UTF-16 code units. */
const TELEGRAM_TEXT_LIMIT = 4096;

/** The prompt's buttons as an inline keyboard, one button per row (the labels are long). */
function keyboardFor(prompt: ApprovalPrompt) {
  return {
    inline_keyboard: buttonsOf(prompt).map(({ choice, label }) => [
      { text: label, callback_data: approvalButtonData(prompt.id, choice) },
    ]),
  };
}

/**
 * Posts an approval prompt as plain text (no `parse_mode`: nothing in the arguments becomes
 * HTML or Markdown) with an inline keyboard; in a group, as a reply to the turn's message.
 * A prompt longer than one message is refused ({@link PromptTooLong}), never cut.
 */
export async function postTelegramApproval(api: Api, prompt: ApprovalPrompt): Promise<ApprovalHandle> {
  const limit = TELEGRAM_TEXT_LIMIT - DECISION_ROOM;
  if (prompt.text.length > limit) throw new PromptTooLong(prompt.text.length, limit);
  const sent = await api.sendMessage(telegramChatId(prompt.chatId), prompt.text, {
    reply_markup: keyboardFor(prompt),
    ...(prompt.threadId ? { message_thread_id: Number(prompt.threadId) } : {}),
    ...(prompt.replyToId
      ? { reply_parameters: { message_id: Number(prompt.replyToId), allow_sending_without_reply: true } }
      : {}),
  });
  return { messageId: String(sent.message_id) };
}

/** Replaces a prompt's text; an edit without `reply_markup` also removes its keyboard. */
export async function settleTelegramApproval(
  api: Api,
  prompt: ApprovalPrompt,
  handle: ApprovalHandle,
  text: string,
): Promise<void> {
  await api.editMessageText(telegramChatId(prompt.chatId), Number(handle.messageId), text);
}

/**
 * Handles a `callback_query` from an approval button: the decision goes to the core at once,
 * the press is answered (an alert for someone who may not decide, or for a stale prompt) and a
 * decided prompt is edited to show the decision and who made it.
 */
export async function handleTelegramPress(
  context: Context,
  approvals: ApprovalDecisions | undefined,
  log: Logger,
): Promise<void> {
  const query = context.callbackQuery;
  const button = query?.data ? parseApprovalButton(query.data) : undefined;
  if (!query || !button || !approvals) {
    await context.answerCallbackQuery();
    return;
  }
  const from = query.from;
  const answer = await approvals.press({
    channel: "telegram",
    chatId: String(query.message?.chat.id ?? ""),
    ...(query.message ? { messageId: String(query.message.message_id) } : {}),
    id: button.id,
    choice: button.choice,
    by: { userId: String(from.id), name: from.username ? `@${from.username}` : from.first_name },
  });
  if (answer.type !== "decided") {
    await context.answerCallbackQuery({ text: answer.text, show_alert: true });
    return;
  }
  await context.answerCallbackQuery();
  const message = query.message;
  if (!message) return;
  await context.api
    .editMessageText(message.chat.id, message.message_id, answer.text)
    .catch((error: unknown) => log.warn({ err: error }, "telegram: showing the approval decision failed"));
}
