import type { webApi } from "@slack/bolt";
import type { Logger } from "pino";
import type { EditFailure, ReplyTarget, StreamTransport } from "../../src/channel-kit/reply-stream.js";
import { escapeMrkdwn, MESSAGE_LIMIT } from "./format.js";
import { sendSlackMessage, slackChunks } from "./outbound.js";

/** Slack allows about one message a second in a channel; chat.update is Tier 3 (about 50 a minute). */
export const slackEditFloorMs = 1_200;

/** Slack errors that mean the preview was deleted or can no longer be edited. */
const goneErrors = new Set(["message_not_found", "cant_update_message", "edit_window_closed", "is_archived"]);

/**
 * A streamed reply's calls on Slack: the preview is posted in the reply's thread and
 * edited with chat.update as escaped plain text (Markdown markers show as written, so
 * a half-written construct never renders wrongly); the final edit is the mrkdwn chunk
 * `send` would post, and the other chunks go out as `send` sends them. `client` must not
 * wait out rate limits itself (`rejectRateLimitedCalls`): a 429 reaches the stream, which
 * skips edits for its Retry-After.
 */
export function slackStreamTransport(
  client: webApi.WebClient,
  sendClient: webApi.WebClient,
  target: ReplyTarget,
  options: { log: Logger },
): StreamTransport {
  const channel = target.chatId;
  return {
    previewLimit: MESSAGE_LIMIT,
    async post(partialText) {
      const posted = await client.chat.postMessage({
        channel,
        text: escapeMrkdwn(partialText),
        ...(target.threadId ? { thread_ts: target.threadId } : {}),
      });
      if (!posted.ts) throw new Error("chat.postMessage answered without a message ts");
      return posted.ts;
    },
    async edit(messageId, partialText) {
      await client.chat.update({ channel, ts: messageId, text: escapeMrkdwn(partialText) });
    },
    chunks: slackChunks,
    async editFinal(messageId, chunk) {
      // The chunk is mrkdwn already, which Slack never rejects: `text` is also the notification's plain fallback.
      await client.chat.update({ channel, ts: messageId, text: chunk });
    },
    showsAsPreview(chunk, previewText) {
      return chunk === escapeMrkdwn(previewText);
    },
    sendFrom(finalText, fromChunk, delivery) {
      return sendSlackMessage(sendClient, { ...target, text: finalText }, options, { ...delivery, fromChunk });
    },
    classify: classifySlackEdit,
  };
}

/** What a failed chat.postMessage or chat.update means for a stream. */
function classifySlackEdit(error: unknown): EditFailure {
  const failure = (error ?? {}) as { code?: string; retryAfter?: number; data?: { error?: string } };
  if (failure.code === "slack_webapi_rate_limited_error")
    return { type: "rate-limited", retryAfterMs: (failure.retryAfter ?? 1) * 1000 };
  if (failure.code !== "slack_webapi_platform_error") return { type: "failed" };
  const code = failure.data?.error ?? "";
  if (code === "ratelimited") return { type: "rate-limited", retryAfterMs: 1000 };
  if (goneErrors.has(code)) return { type: "gone" };
  return { type: "failed" };
}
