import type { GroupPolicy } from "../../src/config/schema.js";
import { mentionsUser } from "./inbound-text.js";

/** The fields skein reads from Slack's `app_mention` and `message` events. */
export interface SlackMessageEvent {
  type: string;
  subtype?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  channel: string;
  /** `im`, `mpim`, `channel` or `group`; `message` events only. */
  channel_type?: string;
}

export interface EventContext {
  botUserId: string;
  botId?: string;
  groupPolicy: GroupPolicy;
}

/** What becomes of one Slack event: a message for the bus (text still raw), or nothing. */
export type EventDecision =
  | {
      type: "accept";
      /** `slack:<channel>:<ts>`: the same message id for the `app_mention` and its duplicate. */
      id: string;
      chatId: string;
      senderId: string;
      rawText: string;
      isDirect: boolean;
      mentioned: boolean;
      threadId?: string;
    }
  | { type: "ignore"; reason: string };

/** The platform message id skein gives a Slack message. */
export function slackMessageId(channel: string, ts: string): string {
  return `slack:${channel}:${ts}`;
}

/** The channel and ts of a message id made by {@link slackMessageId}. */
export function parseSlackMessageId(id: string): { channel: string; ts: string } | undefined {
  const match = /^slack:([^:]+):(\d+\.\d+)$/.exec(id);
  return match?.[1] && match[2] ? { channel: match[1], ts: match[2] } : undefined;
}

/**
 * Decides what an `app_mention` or `message` event means. A mention in a channel is one
 * turn in the mentioning message's thread; a DM is a direct message; everything a bot
 * wrote, every edit, deletion or other subtype, and the plain `message` that duplicates
 * an `app_mention` is ignored.
 */
export function decideEvent(event: SlackMessageEvent, context: EventContext): EventDecision {
  if (event.bot_id || event.subtype === "bot_message") return ignore("written by a bot");
  if (event.subtype) return ignore(`subtype ${event.subtype}`);
  if (!event.user || event.user === context.botUserId) return ignore("no human sender");
  const base = {
    id: slackMessageId(event.channel, event.ts),
    chatId: event.channel,
    senderId: event.user,
    rawText: event.text ?? "",
  };
  const isDirect = event.channel_type === "im";
  if (event.type === "app_mention") {
    if (isDirect) return ignore("mention in a DM (the message event handles it)");
    return { type: "accept", ...base, isDirect: false, mentioned: true, threadId: event.thread_ts ?? event.ts };
  }
  if (isDirect) {
    return {
      type: "accept",
      ...base,
      isDirect: true,
      mentioned: false,
      ...(event.thread_ts ? { threadId: event.thread_ts } : {}),
    };
  }
  if (mentionsUser(base.rawText, context.botUserId)) return ignore("duplicate of an app_mention");
  if (context.groupPolicy !== "open") return ignore("channel message without a mention");
  return { type: "accept", ...base, isDirect: false, mentioned: false, threadId: event.thread_ts ?? event.ts };
}

function ignore(reason: string): EventDecision {
  return { type: "ignore", reason };
}
