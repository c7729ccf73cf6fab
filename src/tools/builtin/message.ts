import { stat } from "node:fs/promises";
import path from "node:path";
import type { OutboundAttachment } from "../../bus/messages.js";
import { type Tool, ToolError, toolResult } from "../tool.js";
import { confinementRefusal } from "./confinement.js";
import { awaitDelivery, DELIVERY_WAIT_MS, DeliveryProgress } from "./message-delivery.js";
import { type MessageTargetRule, targetRefusal } from "./message-targets.js";
import { resolveExisting } from "./workspace-path.js";

interface MessageArgs {
  channel: string;
  chat_id: string;
  content: string;
  thread_id?: string;
  files?: string[];
}

export interface MessageToolOptions {
  /** Where `files` are read from; without it, files cannot be sent. */
  workspace?: string;
  /** How long to wait for a delivery before answering `queued` (default {@link DELIVERY_WAIT_MS}). */
  deliveryWaitMs?: number;
}

/** The largest file each platform takes from a bot (Telegram: sendDocument; Discord: without a boosted server). */
export const UPLOAD_LIMITS: Record<string, number> = {
  telegram: 50 * 1024 * 1024,
  slack: 1024 * 1024 * 1024,
  discord: 10 * 1024 * 1024,
};

/** At most this many files in one message (Telegram's and Discord's limit). */
export const MAX_FILES = 10;

const IMAGE_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp"]);

/** `files` as attachments: each inside the workspace, a regular file, under the channel's size limit. */
async function attachmentsOf(workspace: string, files: string[], channel: string): Promise<OutboundAttachment[]> {
  if (files.length > MAX_FILES) throw new ToolError("InvalidArgs", `at most ${MAX_FILES} files per message`);
  const limit = UPLOAD_LIMITS[channel];
  const attachments: OutboundAttachment[] = [];
  for (const requested of files) {
    const absolute = await resolveExisting(workspace, requested);
    const info = await stat(absolute);
    if (!info.isFile()) throw new ToolError("InvalidPath", `"${requested}" is not a regular file`);
    if (limit !== undefined && info.size > limit)
      throw new ToolError(
        "ExecutionFailed",
        `"${requested}" is ${info.size} bytes; ${channel} takes files of at most ${limit} bytes (make it smaller, e.g. compress it or lower an image's resolution)`,
      );
    const name = path.basename(absolute);
    attachments.push({
      path: absolute,
      name,
      size: info.size,
      isImage: IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase()),
    });
  }
  return attachments;
}

/**
 * `message`: sends a message to any running channel through the outbound port (cross-channel
 * notifications). It answers once the platform holds the message, or with a tool error that
 * says what was and was not delivered; a delivery still under way after `deliveryWaitMs`
 * (a long rate limit) is answered as `queued`, and its failure, if it comes, is reported
 * back into the session that sent it.
 */
export function messageTool(
  targetRule: MessageTargetRule = async () => undefined,
  options: MessageToolOptions = {},
): Tool<MessageArgs> {
  return {
    name: "message",
    description:
      'Send a message to a chat on any running channel (e.g. "telegram", "slack", "discord"). Answers once it is delivered, or with an error saying what was and was not delivered.',
    parameters: {
      type: "object",
      properties: {
        channel: { type: "string", minLength: 1, description: "Target channel name" },
        chat_id: { type: "string", minLength: 1, description: "Target chat, channel or conversation id" },
        content: { type: "string", minLength: 1, description: "Message text (Markdown)" },
        thread_id: { type: "string", minLength: 1, description: "Thread to post in, where the platform has threads" },
        files: {
          type: "array",
          items: { type: "string", minLength: 1 },
          maxItems: MAX_FILES,
          description:
            "Workspace paths of files to attach (a chart you made, a report): images are sent as pictures, anything else as a document",
        },
      },
      required: ["channel", "chat_id", "content"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      const running = ctx.outbound.channels();
      if (!running.includes(args.channel)) {
        throw new ToolError(
          "ExecutionFailed",
          `channel "${args.channel}" is not running; running channels: ${running.length ? running.join(", ") : "none"}`,
          { running_channels: running },
        );
      }
      const target = { channel: args.channel, chatId: args.chat_id };
      const refusal = confinementRefusal(ctx, target) ?? (await targetRefusal(targetRule, target, ctx));
      if (refusal) throw new ToolError("PermissionDenied", refusal);
      const files = args.files ?? [];
      if (files.length > 0 && !options.workspace)
        throw new ToolError("ExecutionFailed", "files cannot be sent here (no workspace)");
      const attachments = files.length > 0 ? await attachmentsOf(options.workspace ?? "", files, args.channel) : [];
      const progress = new DeliveryProgress(attachments.map((file) => file.name));
      const delivery = ctx.outbound.send(
        {
          channel: args.channel,
          chatId: args.chat_id,
          text: args.content,
          ...(args.thread_id ? { threadId: args.thread_id } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        },
        progress.report,
      );
      const outcome = await awaitDelivery(delivery, ctx.signal, options.deliveryWaitMs ?? DELIVERY_WAIT_MS);
      if (outcome.type === "failed") {
        ctx.log.warn(
          { err: outcome.error, channel: args.channel, chatId: args.chat_id },
          "message tool delivery failed",
        );
        throw progress.failure({ channel: args.channel, chatId: args.chat_id }, outcome.error);
      }
      if (outcome.type === "pending") {
        delivery.catch((error: unknown) => {
          ctx.log.warn({ err: error, channel: args.channel, chatId: args.chat_id }, "message tool delivery failed");
          const failure = progress.failure({ channel: args.channel, chatId: args.chat_id }, error);
          ctx.reportBack(toolResult({ error: failure.message, ...failure.data }, { isError: true }));
        });
      }
      return {
        status: outcome.type === "delivered" ? "sent" : "queued",
        channel: args.channel,
        chat_id: args.chat_id,
        content_length: args.content.length,
        ...(attachments.length > 0 ? { files: attachments.map((file) => file.name) } : {}),
      };
    },
  };
}
