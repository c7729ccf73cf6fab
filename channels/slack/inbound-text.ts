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
export function mentionsUser(text: string, userId: string): boolean {
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
