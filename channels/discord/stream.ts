import { DiscordAPIError, type RateLimitData, RateLimitError, type REST, Routes } from "discord.js";
import type { EditFailure, ReplyTarget, StreamTransport } from "../../src/channel-kit/reply-stream.js";
import { MESSAGE_LIMIT } from "./format.js";
import { type DiscordSendOptions, discordChunks, REPLY_MENTIONS, sendDiscordMessage } from "./outbound.js";

/** Discord allows about five message edits per 5 seconds in a channel. */
export const discordEditFloorMs = 1_000;

/** Discord's JSON error codes meaning the preview is gone or cannot be edited. */
const goneCodes = new Set([
  10008, // Unknown Message: deleted
  50005, // Cannot edit a message authored by another user
  50083, // Operation on an archived thread
]);

/** The route discord.js names message edits by (ids replaced with `:id`). */
const editRoute = "/channels/:id/messages/:id";

/**
 * discord.js REST `rejectOnRateLimit`: message edits throw a RateLimitError instead of
 * waiting in discord.js's queue, so that a stream skips edits (everything else still waits).
 */
export function rejectEditsOnRateLimit(data: RateLimitData): boolean {
  return data.method.toUpperCase() === "PATCH" && data.route === editRoute;
}

/**
 * A streamed reply's calls on Discord: the preview is created (replying to the user's
 * message) and edited with PATCH as the text written so far, its open code fence closed;
 * the final edit is the chunk `send` would post, and the other chunks go out as `send`
 * sends them. Edits are rejected on a rate limit (see {@link rejectEditsOnRateLimit}).
 */
export function discordStreamTransport(rest: REST, target: ReplyTarget, options: DiscordSendOptions): StreamTransport {
  const channelId = target.threadId ?? target.chatId;
  const edit = (messageId: string, content: string) =>
    rest.patch(Routes.channelMessage(channelId, messageId), { body: { content, allowed_mentions: REPLY_MENTIONS } });
  return {
    // Room for the fence closing a half-written code block.
    previewLimit: MESSAGE_LIMIT - 4,
    async post(partialText) {
      const body = {
        content: withFencesClosed(partialText),
        allowed_mentions: REPLY_MENTIONS,
        ...(target.replyToId && { message_reference: { message_id: target.replyToId, fail_if_not_exists: false } }),
      };
      const sent = (await rest.post(Routes.channelMessages(channelId), { body })) as { id: string };
      return sent.id;
    },
    async edit(messageId, partialText) {
      await edit(messageId, withFencesClosed(partialText));
    },
    chunks: discordChunks,
    async editFinal(messageId, chunk) {
      // Discord renders Markdown itself and never rejects it: the chunk is what `send` would post.
      await edit(messageId, chunk);
    },
    showsAsPreview(chunk, previewText) {
      return chunk === withFencesClosed(previewText);
    },
    sendFrom(finalText, fromChunk, delivery) {
      return sendDiscordMessage(rest, { ...target, text: finalText }, options, { ...delivery, fromChunk });
    },
    classify: classifyDiscordEdit,
  };
}

/** What a failed message create or edit means for a stream. */
function classifyDiscordEdit(error: unknown): EditFailure {
  if (error instanceof RateLimitError) return { type: "rate-limited", retryAfterMs: Math.max(error.retryAfter, 1) };
  if (!(error instanceof DiscordAPIError)) return { type: "failed" };
  if (error.status === 429) return { type: "rate-limited", retryAfterMs: 1_000 };
  if (typeof error.code === "number" && goneCodes.has(error.code)) return { type: "gone" };
  return { type: "failed" };
}

/** Partial Markdown with a code fence still open gets its closing fence, so the rest does not render as code. */
function withFencesClosed(text: string): string {
  const fences = text.split("\n").filter((line) => /^\s*```/.test(line)).length;
  return fences % 2 === 1 ? `${text}\n\`\`\`` : text;
}
