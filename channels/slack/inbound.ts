import type { MediaAttachment } from "../../src/bus/messages.js";
import type { AttachmentSource } from "../../src/channel-kit/attachment-download.js";
import type { GroupPolicy } from "../../src/channel-kit/channel-settings.js";
import { mediaKindOf } from "../../src/channel-kit/media-kind.js";

/** The fields skein reads from a file shared in a message. */
export interface SlackFile {
  id: string;
  name?: string;
  mimetype?: string;
  size?: number;
  url_private?: string;
  /** `slack_audio` for a voice clip recorded in Slack. */
  subtype?: string;
}

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
  /** Files shared with the message (subtype `file_share`). */
  files?: SlackFile[];
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
      /** Files shared with the message, for a download after the gates. */
      media?: MediaAttachment[];
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
  if (event.subtype && event.subtype !== "file_share") return ignore(`subtype ${event.subtype}`);
  if (!event.user || event.user === context.botUserId) return ignore("no human sender");
  const base = {
    id: slackMessageId(event.channel, event.ts),
    chatId: event.channel,
    senderId: event.user,
    rawText: event.text ?? "",
    ...(event.files?.length ? { media: event.files.map(mediaOfFile) } : {}),
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

/** A shared file as an attachment: `ref` is its `url_private`, downloaded with the bot token. */
function mediaOfFile(file: SlackFile): MediaAttachment {
  const kind = file.subtype === "slack_audio" ? "voice" : mediaKindOf(file.mimetype);
  return {
    kind,
    ...(file.name ? { name: file.name } : {}),
    ...(file.mimetype ? { mimeType: file.mimetype } : {}),
    ...(file.size === undefined ? {} : { size: file.size }),
    ...(file.url_private ? { ref: file.url_private } : {}),
  };
}

/** Where Slack serves a shared file: its `url_private`, authorised by the bot token. */
export function slackFileSource(attachment: MediaAttachment, botToken: string): AttachmentSource {
  return { url: attachment.ref ?? "", headers: { authorization: `Bearer ${botToken}` } };
}

function ignore(reason: string): EventDecision {
  return { type: "ignore", reason };
}

/**
 * Slack message text ("mrkdwn" with `<...>` control sequences and `&lt;` escapes)
 * turned into the plain text the model reads: the bot's own mention removed, other
 * mentions, channels and links made readable.
 */

export interface ReadableTextOptions {
  /** The bot's user id: its mention is stripped. */
  botUserId: string;
  /** Display names of users mentioned in the text, where known. */
  userNames?: ReadonlyMap<string, string>;
}

const controlSequence = /<([^<>\n]+)>/g;

/** Ids of the users mentioned (`<@U123>`) in a Slack text, each once, in order. */
export function mentionedUserIds(text: string): string[] {
  const ids = [...text.matchAll(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g)].map((match) => match[1] ?? "");
  return [...new Set(ids)].filter((id) => id !== "");
}

/** Whether the text mentions this user (`<@U123>` or `<@U123|name>`). */
function mentionsUser(text: string, userId: string): boolean {
  return mentionedUserIds(text).includes(userId);
}

/** Renders Slack text readably: `<@U1>` -> `@name`, `<#C1|general>` -> `#general`, `<url|text>` -> `text (url)`. */
export function readableSlackText(text: string, options: ReadableTextOptions): string {
  const rendered = stripMention(text, options.botUserId).replace(controlSequence, (_match, inner: string) =>
    renderSequence(inner, options),
  );
  return unescapeSlack(rendered)
    .replace(/[ \t]{2,}/g, " ")
    .replace(/^[ \t]+|[ \t]+$/gm, "")
    .trim();
}

/** Removes the bot's mention: a leading one with the comma or colon after it, elsewhere with the space before it. */
function stripMention(text: string, userId: string): string {
  const mention = `<@${userId.replace(/[^A-Za-z0-9]/g, "")}(?:\\|[^>]*)?>`;
  return text.replace(new RegExp(`^\\s*${mention}[,:]?\\s*`), "").replace(new RegExp(`\\s*${mention}`, "g"), "");
}

function renderSequence(inner: string, options: ReadableTextOptions): string {
  const bar = inner.indexOf("|");
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? undefined : inner.slice(bar + 1);
  if (target.startsWith("@")) {
    const id = target.slice(1);
    const name = label || options.userNames?.get(id);
    return `@${name ?? id}`;
  }
  if (target.startsWith("#")) return `#${label || target.slice(1)}`;
  if (target.startsWith("!")) {
    if (label) return label;
    const special = target.slice(1).split("^")[0] ?? "";
    return `@${special}`;
  }
  if (!label) return target;
  const bareTarget = target.replace(/^(?:https?:\/\/|mailto:)/, "");
  return label === target || label === bareTarget ? target : `${label} (${target})`;
}

function unescapeSlack(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
