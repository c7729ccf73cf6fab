import type { InboundMessage } from "../bus/messages.js";

/** A username as compared in allow lists: without a leading `@`, case-insensitive. */
export function normalizeUsername(name: string): string {
  return name.replace(/^@/, "").toLowerCase();
}

/**
 * Whether a channel's `allow_from` lets this sender in: `"*"` lets everyone in, an
 * entry matches the sender's id or username (with or without `@`), and in a group an
 * entry equal to the chat id lets the whole group in. An empty list lets nobody in.
 */
export function isAllowed(
  allowFrom: readonly string[],
  message: Pick<InboundMessage, "senderId" | "senderUsername" | "chatId" | "isDirect">,
): boolean {
  const username = message.senderUsername ? normalizeUsername(message.senderUsername) : undefined;
  return allowFrom.some((entry) => {
    const value = entry.trim();
    if (value === "*" || value === message.senderId) return true;
    if (!message.isDirect && value === message.chatId) return true;
    return username !== undefined && normalizeUsername(value) === username;
  });
}
