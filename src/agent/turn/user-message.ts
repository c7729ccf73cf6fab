import type { InboundMessage } from "../../bus/messages.js";
import { type ChatMessage, ProviderError, type UserContentPart } from "../../providers/provider.js";
import { triggeredUserMessage } from "./triggered-turn.js";

/**
 * The user message for the model, as the session stores it and every later request resends it.
 * It starts with its wrapper (see {@link turnWrapper}): the facts that change from turn to turn
 * (the time, and in a group who wrote) travel with the message instead of in the system prompt,
 * so that the system prompt stays byte for byte the same and the provider's prompt cache hits.
 * In a group, the sender also goes into the Chat Completions `name` field.
 */
export function userMessageOf(message: InboundMessage, text: string, now = Date.now()): ChatMessage {
  const wrapper = turnWrapper(message, now);
  const triggered = triggeredUserMessage(message, text);
  if (triggered) return { ...triggered, content: `${wrapper} ${triggered.content}` } as ChatMessage;
  if (message.internal) return { role: "user", content: `${wrapper} [system note, not written by the user] ${text}` };
  const content = `${wrapper} ${text}`;
  if (message.isDirect) return { role: "user", content };
  const name = participantName(message.senderName ?? message.senderId);
  return name ? { role: "user", content, name } : { role: "user", content };
}

/** A message this old when its turn starts is shown to the model with the time it is answered too. */
const LATE_AFTER_MS = 60_000;

/**
 * The per-turn facts a user message starts with: when it was sent, when it is answered if that
 * is more than a minute later, and in a group who wrote it:
 * `[Fri 2025-01-31 09:05 UTC, from Ada (id 7)]`.
 */
export function turnWrapper(message: InboundMessage, now = Date.now()): string {
  const sent = message.receivedAt > 0 ? message.receivedAt : now;
  const facts = [utcMinute(sent)];
  if (now - sent > LATE_AFTER_MS) facts.push(`answered ${utcMinute(now)}`);
  if (!message.isDirect && !message.trigger && !message.internal) {
    const name = message.senderName?.replace(/[\s[\]]+/g, " ").trim();
    facts.push(name ? `from ${name} (id ${message.senderId})` : `from id ${message.senderId}`);
  }
  return `[${facts.join(", ")}]`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The last minute formatted: every message of a busy minute shows the same one. */
let formatted = { minute: Number.NaN, text: "" };

/** `Fri 2025-01-31 09:05 UTC`. */
function utcMinute(epochMs: number): string {
  const minute = Math.floor(epochMs / 60_000);
  if (minute === formatted.minute) return formatted.text;
  const date = new Date(minute * 60_000);
  const text = `${WEEKDAYS[date.getUTCDay()]} ${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  formatted = { minute, text };
  return text;
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
