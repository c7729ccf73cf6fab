import type { InboundMessage } from "../bus/messages.js";
import { type ChatMessage, ProviderError, type UserContentPart } from "../providers/provider.js";
import { triggeredUserMessage } from "./triggered-turn.js";

/**
 * The user message for the model. In a group, the sender goes into the Chat Completions
 * `name` field (so the model can tell group members apart) and the text stays as written.
 * A message answered more than a minute after it was sent starts with `[sent at <UTC time>]`,
 * so a late answer can say so.
 */
export function userMessageOf(message: InboundMessage, text: string, now = Date.now()): ChatMessage {
  const triggered = triggeredUserMessage(message, text);
  if (triggered) return triggered;
  if (message.internal) return { role: "user", content: `[system note, not written by the user] ${text}` };
  const content = now - message.receivedAt > LATE_AFTER_MS ? `${sentAtNote(message.receivedAt)} ${text}` : text;
  if (message.isDirect) return { role: "user", content };
  const name = participantName(message.senderName ?? message.senderId);
  return name ? { role: "user", content, name } : { role: "user", content };
}

/** A message this old when its turn starts is shown to the model with the time it was sent. */
const LATE_AFTER_MS = 60_000;

/** `[sent at 2025-01-31 09:05 UTC]`. */
function sentAtNote(epochMs: number): string {
  return `[sent at ${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC]`;
}

/** The user message as this turn's request carries it: its text, then the images (sessions keep the text only). */
export function withImages(userMessage: ChatMessage, images: UserContentPart[]): ChatMessage {
  if (images.length === 0 || userMessage.role !== "user" || typeof userMessage.content !== "string") return userMessage;
  return { ...userMessage, content: [{ type: "text", text: userMessage.content }, ...images] };
}

/** A sender name in the form the API accepts for `name`: `^[a-zA-Z0-9_-]{1,64}$`. */
function participantName(sender: string): string {
  return sender
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
}

/**
 * The user message as a failed turn stores it. A message the model refused outright (a 400:
 * too long for its context, or content it cannot take) would fail again in every later
 * request of the chat, so a short stand-in is stored instead of it.
 */
export function storedAfterFailure(userMessage: ChatMessage, reason: unknown): ChatMessage {
  if (!(reason instanceof ProviderError) || reason.kind !== "bad-request" || userMessage.role !== "user")
    return userMessage;
  const length = userMessage.content.length;
  return { ...userMessage, content: `[a message of ${length} characters that the model refused; it is not kept]` };
}
