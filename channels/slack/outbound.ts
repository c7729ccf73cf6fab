import type { webApi } from "@slack/bolt";
import type { Logger } from "pino";
import type { OutboundMessage } from "../../src/bus/messages.js";
import type { SendOptions } from "../../src/channel-kit/channel.js";
import { chunkText } from "../../src/channel-kit/chunk-text.js";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";
import { sendRefusable } from "../../src/channel-kit/refused-send.js";
import { slackRefusal, toChannelError } from "./errors.js";
import { MESSAGE_LIMIT, markdownToMrkdwn } from "./format.js";

/** How {@link sendSlackMessage} logs. Retries are the WebClient's own (its `retryConfig`). */
export interface SlackSendOptions {
  log: Logger;
}

/** The mrkdwn chunks a reply is sent in, each under Slack's limit. */
export function slackChunks(markdown: string): string[] {
  return chunkText(markdownToMrkdwn(markdown), { limit: MESSAGE_LIMIT });
}

/**
 * Delivers one OutboundMessage: Markdown rendered to mrkdwn, in chunks under the limit, in
 * order, in the message's thread when it has one; a chunk that finally fails throws a ChannelError.
 * `delivery` resumes at a chunk and reports each one accepted (see {@link deliverChunks}).
 * Returns the Slack message timestamps (`ts`) of the chunks sent, in order.
 */
export async function sendSlackMessage(
  client: webApi.WebClient,
  message: OutboundMessage,
  options: SlackSendOptions,
  delivery?: SendOptions,
): Promise<string[]> {
  const chatId = message.chatId;
  const chunks = slackChunks(message.text);
  const ids = await deliverChunks(chunks, delivery, async (chunk, index) => {
    try {
      // The WebClient's retry policy (retryConfig) is the one retry layer: it waits out
      // 429s for their Retry-After and backs off on 5xx and network errors.
      const ids = await sendRefusable(chunk, {
        send: async (text) =>
          (
            await client.chat.postMessage({
              channel: chatId,
              text,
              ...(message.threadId ? { thread_ts: message.threadId } : {}),
            })
          ).ts,
        classify: slackRefusal,
        sendNotice: (text) => client.chat.postMessage({ channel: chatId, text, mrkdwn: false }),
        log: options.log,
        chatId,
        platform: "slack",
      });
      return ids.at(-1);
    } catch (error) {
      const failure = toChannelError(error, `chat.postMessage to ${chatId}`);
      options.log.error({ chatId, err: error, chunk: index + 1, chunks: chunks.length }, failure.message);
      throw failure;
    }
  });
  if (!message.attachments?.length) return ids;
  try {
    // files.getUploadURLExternal for each, the bytes to its upload URL, then files.completeUploadExternal into the chat.
    await client.filesUploadV2({
      channel_id: chatId,
      ...(message.threadId ? { thread_ts: message.threadId } : {}),
      file_uploads: message.attachments.map((file) => ({ file: file.path, filename: file.name })),
    });
    for (const file of message.attachments) delivery?.onFileDelivered?.(file.name);
  } catch (error) {
    const failure = toChannelError(error, `uploading files to ${chatId}`);
    options.log.error({ chatId, err: error }, failure.message);
    throw failure;
  }
  return ids;
}
