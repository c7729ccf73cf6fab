import type { ChatMessage } from "../providers/provider.js";

/** The most conversations a list holds (the most recently active). */
export const MAX_LISTED_CONVERSATIONS = 300;

/** One conversation of the dashboard's list. */
export interface ConversationEntry {
  /** The session key (`[agent:<id>:]channel:chatId[:threadId]`). */
  key: string;
  /** Epoch milliseconds of its last stored message. */
  lastActivity: number;
  messageCount: number;
  /** The first words of its first user message. */
  title?: string;
  /** With a search: the words around the first match. */
  match?: string;
}

export interface ConversationQuery {
  /** Only this channel's conversations. */
  channel?: string;
  /** Lower-case text to find in the message texts: only conversations with a match are listed. */
  q?: string;
}

/**
 * What the dashboard's Conversations page reads: the session files on one machine
 * ({@link ConversationFiles}), the sessions in Redis in a cluster. Bounded: at most
 * {@link MAX_LISTED_CONVERSATIONS}, the most recently active, newest first.
 */
export interface ConversationStore {
  /** The most recently active conversations (of `query.channel`), newest first; with `query.q` only those that match. */
  list(query: ConversationQuery): Promise<ConversationEntry[]>;
  /** A conversation's stored messages, oldest first (throws for an invalid key). */
  read(key: string): Promise<ChatMessage[]>;
}

/** The stored user message's per-turn wrapper, `[Fri 2025-01-31 09:05 UTC, from Ada (id 7)] `. */
const wrapperPattern = /^\[[^\]\n]*\] ?/;

/** A conversation's count, title and the match for `q`, from its messages (system messages left out). */
export function describeMessages(
  messages: Iterable<Partial<Pick<ChatMessage, "role">> & { content?: unknown }>,
  q: string | undefined,
): Pick<ConversationEntry, "messageCount" | "title" | "match"> {
  let messageCount = 0;
  let title: string | undefined;
  let match: string | undefined;
  for (const message of messages) {
    if (!message.role || message.role === "system") continue;
    messageCount++;
    const words = typeof message.content === "string" ? message.content : "";
    if (title === undefined && message.role === "user" && words) title = words.replace(wrapperPattern, "").slice(0, 80);
    if (q && match === undefined) {
      const at = words.toLowerCase().indexOf(q);
      if (at >= 0) match = words.slice(Math.max(0, at - 40), at + q.length + 40);
    }
  }
  return { messageCount, ...(title && { title }), ...(match !== undefined && { match }) };
}
