import type { ChatMessage } from "../../providers/provider.js";
import { textOf } from "./token-count.js";

/** What the summary request asks for: what a person continuing the work needs, newest state winning. */
export const SUMMARY_INSTRUCTIONS = [
  "You write the summary that replaces the older part of a conversation between a user and an AI assistant;",
  "the assistant continues the conversation from your summary and the newest messages only, so anything you leave out is forgotten.",
  "Write what a person taking over the work needs, as short bullet points under these headings:",
  "## Decisions (what was agreed or decided)",
  "## Facts and numbers (exact values, dates, amounts, versions, identifiers, URLs)",
  "## People and names",
  "## Files and paths (every file path, command or place mentioned, with what it holds)",
  "## Commitments and open tasks (what the assistant or the user promised or still has to do)",
  "## The user's preferences and instructions (how they want things done, standing rules they gave)",
  "Keep every fact exactly (numbers, names, paths verbatim). When something changed or was corrected, keep only the newest state (say it replaced an earlier one if that matters).",
  "A previous summary, if given, is part of the conversation: carry its content forward, updated by the newer messages.",
  "Leave out greetings and small talk. Write the summary only, no preamble.",
].join("\n");

/** How a kept tool result or argument is cut in the transcript (characters). */
const TOOL_TEXT_CHARS = 2000;

/** The user message of a summary request: the previous summary, the transcript and the focus. */
export function summaryRequest(options: { previous?: string; transcript: string; focus?: string }): string {
  const parts: string[] = [];
  if (options.previous) parts.push(`<previous_summary>\n${options.previous}\n</previous_summary>`);
  parts.push(`<conversation>\n${options.transcript}\n</conversation>`);
  if (options.focus) parts.push(`Focus the summary on: ${options.focus}\n(Keep the other headings' facts too.)`);
  parts.push("Write the updated summary now.");
  return parts.join("\n\n");
}

/** The messages as a plain transcript, one block per message, long tool texts cut. */
export function transcriptOf(messages: readonly ChatMessage[]): string[] {
  return messages.map((message) => blockOf(message));
}

function blockOf(message: ChatMessage): string {
  switch (message.role) {
    case "user":
      return `[user${message.name ? ` ${message.name}` : ""}]: ${textOf(message)}`;
    case "assistant": {
      const calls = (message.tool_calls ?? []).map(
        (call) => `[assistant called ${call.function.name}(${cut(call.function.arguments)})]`,
      );
      return [message.content ? `[assistant]: ${message.content}` : "", ...calls].filter(Boolean).join("\n");
    }
    case "tool":
      return `[tool result]: ${cut(message.content)}`;
    case "system":
      return `[system]: ${message.content}`;
  }
}

function cut(text: string): string {
  return text.length <= TOOL_TEXT_CHARS
    ? text
    : `${text.slice(0, TOOL_TEXT_CHARS)} [... ${text.length - TOOL_TEXT_CHARS} more characters]`;
}

/**
 * The summary as the model is sent it, between the system prompt and the kept messages: a user
 * message and a fixed acknowledgement, so that the conversation still alternates and the system
 * prompt stays the same bytes across compactions.
 */
export function summaryMessages(text: string): ChatMessage[] {
  return [
    {
      role: "user",
      content:
        "[system note: the earlier part of this conversation was summarised to save space; the summary follows. " +
        `The messages after it continue the conversation.]\n\n${text}`,
    },
    { role: "assistant", content: "Understood: I continue from this summary." },
  ];
}
