import type { InboundMessage } from "../../bus/messages.js";
import type { SessionStore } from "../sessions/sessions.js";
import { apologies } from "../turn/apology.js";
import type { ChatReplies } from "../turn/chat-replies.js";
import type { ConversationCommands } from "./conversation-commands.js";
import { type ModelCommandDeps, modelCommand, usageCommand } from "./model-commands.js";
import { type VoiceCommandDeps, voiceCommand } from "./voice-command.js";

/**
 * A message that starts with a slash command: `/name argument`, or `/name@bot argument` as
 * Telegram clients write a command addressed to one bot in a group.
 */
export interface CommandLine {
  /** The command's name, lowercased, without the slash (`model` in `/model@skein_bot gpt-4o`). */
  name: string;
  /**
   * The bot it is addressed to (`skein_bot`), when it names one. Addressing is the channel's:
   * Telegram's takes this bot's name off (`/model@<botname>` arrives as `/model`) and drops
   * commands addressed to another bot before they reach the core.
   */
  bot?: string;
  /** The rest of the message, trimmed (`gpt-4o` in `/model gpt-4o`). */
  argument: string;
}

/**
 * Parses a slash command and its `@botname` suffix: `/name`, `/name@bot`, each optionally
 * followed by an argument; names are letters, digits, `_` and `-`. Undefined for any other text.
 */
export function parseCommandLine(text: string): CommandLine | undefined {
  const match = /^\/([a-z0-9][\w-]*)(?:@(\w+))?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match) return undefined;
  const [, name = "", bot, argument = ""] = match;
  return { name: name.toLowerCase(), ...(bot ? { bot } : {}), argument: argument.trim() };
}

/** A chat command the core answers itself, without the model, with what followed it. */
export interface ChatCommand {
  name: "new" | "help" | "model" | "usage" | "compact" | "voice";
  /** The rest of the line, trimmed (`gpt-4o` in `/model gpt-4o`). */
  argument: string;
}

/** The chat command of a command line: `/new`, `/help`, `/start` (as `/help`), `/model`, `/usage`, `/compact` and `/voice`. */
export function chatCommandOf(line: CommandLine): ChatCommand | undefined {
  const { argument } = line;
  switch (line.name) {
    case "new":
      return { name: "new", argument };
    case "help":
    case "start":
      return { name: "help", argument };
    case "model":
      return { name: "model", argument };
    case "usage":
      return { name: "usage", argument };
    case "compact":
      return { name: "compact", argument };
    case "voice":
      return { name: "voice", argument };
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
  "/usage — tokens used today and this month, and this conversation's context size",
  "/compact [focus] — summarise the older part of this conversation now (optionally focused on something)",
  "/voice [on|off] — spoken replies in this chat: say whether replies also come as voice notes, or switch them",
  "/subagents — the sub-agents working for this chat; /subagents stop <id> stops one",
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
  deps: ChatCommandDeps & { replies: ChatReplies },
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
  deps: ChatCommandDeps,
): Promise<string> {
  switch (command.name) {
    case "new":
      await deps.sessions.archive(sessionKey);
      return NEW_SESSION_TEXT;
    case "help":
      return deps.agent ? agentHelp(deps.agent) : HELP_TEXT;
    case "model":
      return modelCommand(command.argument, sessionKey, message, deps.models);
    case "usage": {
      const usage = await usageCommand(message, deps.models);
      const context = await deps.conversation?.describe();
      return context ? `${usage}\n${context}` : usage;
    }
    case "compact":
      return deps.conversation ? deps.conversation.compact(command.argument) : "Compaction is not available here.";
    case "voice":
      return deps.voice
        ? voiceCommand(command.argument, sessionKey, message, deps.voice)
        : "Spoken replies are not available in this chat.";
  }
}

/** What the chat commands work with. */
export interface ChatCommandDeps {
  sessions: Pick<SessionStore, "archive">;
  models: ModelCommandDeps;
  /** `/compact` and the context line of `/usage` for this command's conversation. */
  conversation?: ConversationCommands;
  /** With several agents (`agents.list`): the agent of this chat, whom `/help` introduces. */
  agent?: { id: string; name?: string };
  /** `/voice`: the agent's spoken replies and this chat's choice. */
  voice?: VoiceCommandDeps;
}

/** `/help` with several agents: who answers here, and `/agent`. */
function agentHelp(agent: { id: string; name?: string }): string {
  const [intro = "", ...rest] = HELP_TEXT.split("\n");
  const who = agent.name ? `${agent.name} (agent ${agent.id})` : `agent ${agent.id}`;
  const help = rest.filter((line) => !line.startsWith("/help"));
  return [
    intro.replace("I'm skein, an AI assistant.", `I'm ${who}, an AI assistant.`),
    ...help,
    "/agent — show which agent answers in this chat",
    "/help — show this message",
  ].join("\n");
}
