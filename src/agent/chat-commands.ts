import type { InboundMessage } from "../bus/messages.js";
import { apologies } from "./apology.js";
import type { ChatReplies } from "./chat-replies.js";
import { type ModelCommandDeps, modelCommand, usageCommand } from "./model-commands.js";
import type { SessionStore } from "./sessions.js";

/** A chat command the core answers itself, without the model, with what followed it. */
export interface ChatCommand {
  name: "new" | "help" | "model" | "usage";
  /** The rest of the line, trimmed (`gpt-4o` in `/model gpt-4o`). */
  argument: string;
}

/** Recognises `/new`, `/help`, `/start`, `/model` and `/usage` (also as `/new@botname`). */
export function parseChatCommand(text: string): ChatCommand | undefined {
  const match = /^\/([a-z]+)(?:@\S+)?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  const argument = match?.[2]?.trim() ?? "";
  switch (match?.[1]?.toLowerCase()) {
    case "new":
      return { name: "new", argument };
    case "help":
    case "start":
      return { name: "help", argument };
    case "model":
      return { name: "model", argument };
    case "usage":
      return { name: "usage", argument };
    default:
      return undefined;
  }
}

const HELP_TEXT = [
  "Hi! I'm skein, an AI assistant. Ask me anything, or ask me to do things: I can read and write files in my workspace, run commands, search and fetch the web, remember notes, and send messages to your other chats.",
  "",
  "Commands:",
  "/new — start a fresh conversation (the old one is archived)",
  "/model — show or switch the model of this conversation",
  "/usage — tokens used today and this month",
  "/help — show this message",
].join("\n");

const NEW_SESSION_TEXT = "Started a fresh conversation. The previous one is archived.";

/**
 * Answers a chat command in the message's chat: `/new` archives the session first.
 * Returns the text sent; a command that fails gets the usual apology and rethrows.
 */
export async function runChatCommand(
  command: ChatCommand,
  sessionKey: string,
  message: InboundMessage,
  deps: { sessions: Pick<SessionStore, "archive">; replies: ChatReplies; models: ModelCommandDeps },
): Promise<string> {
  const text = await answer(command, sessionKey, message, deps).catch(async (error: unknown) => {
    // A store out of reach (Redis down in cluster mode): the user hears of it, the caller logs it.
    await deps.replies.send(message, apologies.internal);
    throw error;
  });
  await deps.replies.send(message, text);
  return text;
}

async function answer(
  command: ChatCommand,
  sessionKey: string,
  message: InboundMessage,
  deps: { sessions: Pick<SessionStore, "archive">; models: ModelCommandDeps },
): Promise<string> {
  switch (command.name) {
    case "new":
      await deps.sessions.archive(sessionKey);
      return NEW_SESSION_TEXT;
    case "help":
      return HELP_TEXT;
    case "model":
      return modelCommand(command.argument, sessionKey, message, deps.models);
    case "usage":
      return usageCommand(message, deps.models);
  }
}
