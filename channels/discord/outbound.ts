import { readFile } from "node:fs/promises";
import type { REST } from "discord.js";
import { Routes } from "discord.js";
import type { Logger } from "pino";
import type { OutboundMessage } from "../../src/bus/messages.js";
import type { SendOptions } from "../../src/channel-kit/channel.js";
import { chunkText } from "../../src/channel-kit/chunk-text.js";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";
import { sendRefusable } from "../../src/channel-kit/refused-send.js";
import { withRetry } from "../../src/util/retry.js";
import { classifyFailure, discordRefusal, toChannelError } from "./errors.js";
import { MESSAGE_LIMIT, toDiscordMarkdown } from "./format.js";
import { multipartBody } from "./multipart-body.js";

/**
 * `allowed_mentions` of everything skein posts: mentions come from the platform, never from
 * model text (no @everyone, @here, roles or users). {@link REPLY_MENTIONS} lets a reply
 * notify the author of the message it answers.
 */
export const NO_MENTIONS = { parse: [] };
export const REPLY_MENTIONS = { parse: [], replied_user: true };

/** How {@link sendDiscordMessage} logs and retries. */
export interface DiscordSendOptions {
  log: Logger;
  /** Tries per chunk after discord.js's own retries gave up (network, 5xx; default 3). */
  attempts?: number;
}

/** The Discord Markdown chunks a reply is sent in, each under Discord's limit. */
export function discordChunks(markdown: string): string[] {
  return chunkText(toDiscordMarkdown(markdown), { limit: MESSAGE_LIMIT });
}

/**
 * Delivers one OutboundMessage: Markdown made Discord-safe, in chunks under the limit, in
 * order, the first one replying to `replyToId`; a thread, when given, is where it goes.
 * discord.js's REST client waits out 429s itself; network errors and 5xx are retried here;
 * a chunk that finally fails throws a ChannelError. `delivery` resumes at a chunk and reports
 * each one accepted (see {@link deliverChunks}). Returns the Discord message ids of the chunks sent, in order.
 */
export async function sendDiscordMessage(
  rest: REST,
  message: OutboundMessage,
  options: DiscordSendOptions,
  delivery?: SendOptions,
): Promise<string[]> {
  const { log } = options;
  // A thread is a channel of its own: a threadId, when given, is where the reply goes.
  const channelId = message.threadId ?? message.chatId;
  const chunks = discordChunks(message.text);
  const ids = await deliverChunks(chunks, delivery, async (content, index) => {
    const bodyOf = (text: string) => ({
      content: text,
      allowed_mentions: REPLY_MENTIONS,
      ...(index === 0 &&
        message.replyToId && { message_reference: { message_id: message.replyToId, fail_if_not_exists: false } }),
    });
    const post = (body: object) =>
      withRetry(() => rest.post(Routes.channelMessages(channelId), { body }) as Promise<{ id: string }>, {
        classify: classifyFailure,
        attempts: options.attempts ?? 3,
        log,
      });
    try {
      const ids = await sendRefusable(content, {
        send: async (text) => (await post(bodyOf(text))).id,
        classify: discordRefusal,
        sendNotice: (text) => post({ content: text, allowed_mentions: NO_MENTIONS }),
        log,
        chatId: channelId,
        platform: "discord",
      });
      return ids.at(-1);
    } catch (error) {
      const failure = toChannelError(error, `send a message to channel ${channelId}`);
      log.error(
        { err: failure, chatId: channelId, chunk: index + 1, chunks: chunks.length },
        "discord delivery failed",
      );
      throw failure;
    }
  });
  if (!message.attachments?.length) return ids;
  try {
    // One message with every file as multipart `files[n]` and their descriptions in `payload_json`.
    const files = await Promise.all(
      message.attachments.map(async (file) => ({ name: file.name, data: await readFile(file.path) })),
    );
    const payload = {
      attachments: files.map((file, id) => ({ id, filename: file.name })),
      allowed_mentions: NO_MENTIONS,
    };
    const { body, contentType } = await multipartBody(payload, files);
    const sent = (await rest.post(Routes.channelMessages(channelId), {
      body,
      passThroughBody: true,
      headers: { "Content-Type": contentType },
    })) as { id: string };
    for (const file of files) delivery?.onFileDelivered?.(file.name);
    return [...ids, sent.id];
  } catch (error) {
    const failure = toChannelError(error, `upload files to channel ${channelId}`);
    log.error({ err: failure, chatId: channelId }, "discord file upload failed");
    throw failure;
  }
}
