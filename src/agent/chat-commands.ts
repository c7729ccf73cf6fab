import type { InboundMessage } from "../bus/messages.js";
import type { ChatReplies } from "./chat-replies.js";
import type { SessionStore } from "./sessions.js";

/** The chat commands the core answers itself, without the model. */
export type ChatCommand = "new" | "help";

/** Recognises `/new`, `/help` and `/start` (also as `/new@botname`), whatever follows them. */
export function parseChatCommand(text: string): ChatCommand | undefined {
  const match = /^\/([a-z]+)(?:@\S+)?(?:\s|$)/i.exec(text.trim());
  switch (match?.[1]?.toLowerCase()) {
    case "new":
      return "new";
    case "help":
    case "start":
      return "help";
    default:
      return undefined;
  }
}

const HELP_TEXT = [
  "Hi! I'm skein, an AI assistant. Ask me anything, or ask me to do things: I can read and write files in my workspace, run commands, search and fetch the web, remember notes, and send messages to your other chats.",
  "",
  "Commands:",
  "/new — start a fresh conversation (the old one is archived)",
  "/help — show this message",
].join("\n");

const NEW_SESSION_TEXT = "Started a fresh conversation. The previous one is archived.";

/**
 * Answers a chat command in the message's chat: `/new` archives the session first.
 * Returns the text sent.
 */
export async function runChatCommand(
  command: ChatCommand,
  sessionKey: string,
  message: InboundMessage,
  deps: { sessions: Pick<SessionStore, "archive">; replies: ChatReplies },
): Promise<string> {
  if (command === "new") await deps.sessions.archive(sessionKey);
  const text = command === "new" ? NEW_SESSION_TEXT : HELP_TEXT;
  await deps.replies.send(message, text);
  return text;
}
