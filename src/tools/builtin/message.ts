import { type Tool, ToolError, toolResult } from "../tool.js";
import type { MessageTargetRule } from "./message-targets.js";

interface MessageArgs {
  channel: string;
  chat_id: string;
  content: string;
  thread_id?: string;
}

/**
 * `message`: sends a message to any running channel through the outbound port (cross-channel
 * notifications). It confirms dispatch, not delivery; a delivery that fails later is
 * logged and reported back into the session that sent it.
 */
export function messageTool(targetRule: MessageTargetRule = async () => undefined): Tool<MessageArgs> {
  return {
    name: "message",
    description:
      'Send a message to a chat on any running channel (e.g. "telegram", "slack", "discord"). Confirms dispatch; a later delivery failure is reported back to you.',
    parameters: {
      type: "object",
      properties: {
        channel: { type: "string", minLength: 1, description: "Target channel name" },
        chat_id: { type: "string", minLength: 1, description: "Target chat, channel or conversation id" },
        content: { type: "string", minLength: 1, description: "Message text (Markdown)" },
        thread_id: { type: "string", minLength: 1, description: "Thread to post in, where the platform has threads" },
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
      const refusal = await targetRule(
        { channel: args.channel, chatId: args.chat_id },
        { channel: ctx.channel, chatId: ctx.chatId },
      );
      if (refusal) throw new ToolError("PermissionDenied", refusal);
      const delivery = ctx.outbound.send({
        channel: args.channel,
        chatId: args.chat_id,
        text: args.content,
        ...(args.thread_id ? { threadId: args.thread_id } : {}),
      });
      delivery.catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.log.warn({ err: error, channel: args.channel, chatId: args.chat_id }, "message tool delivery failed");
        ctx.reportBack(
          toolResult(
            { error: "message delivery failed", channel: args.channel, chat_id: args.chat_id, reason },
            { isError: true },
          ),
        );
      });
      return { status: "sent", channel: args.channel, chat_id: args.chat_id, content_length: args.content.length };
    },
  };
}
