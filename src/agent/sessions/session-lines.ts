import type { ChatMessage } from "../../providers/provider.js";
import { wellFormedDeep } from "../../util/well-formed.js";
import { isSessionSummary, type SessionSummary } from "./session-summary.js";

/** Turns remembered per session, for resuming (the newest ones). */
export const REMEMBERED_TURNS = 20;

const roles = new Set(["system", "user", "assistant", "tool"]);

/** Whether a stored value is a message the model can be sent (a session line from disk or Redis). */
export function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as { role?: unknown; content?: unknown; tool_call_id?: unknown; tool_calls?: unknown };
  if (typeof message.role !== "string" || !roles.has(message.role)) return false;
  if (message.role === "tool") return typeof message.tool_call_id === "string" && typeof message.content === "string";
  if (message.role === "assistant") {
    return (
      (typeof message.content === "string" || message.content === null) &&
      (message.tool_calls === undefined || Array.isArray(message.tool_calls))
    );
  }
  return typeof message.content === "string";
}

/** A turn's line (`{"turn": <message id>, "messages": [...], "replies": [...]}`) with its valid messages, or `undefined` for any other line. */
function turnLine(value: unknown): { id: string; messages: ChatMessage[]; replies: string[] } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const line = value as { turn?: unknown; messages?: unknown; replies?: unknown };
  if (typeof line.turn !== "string" || !Array.isArray(line.messages)) return undefined;
  const replies = Array.isArray(line.replies) ? line.replies.filter((reply) => typeof reply === "string") : [];
  return { id: line.turn, messages: line.messages.filter(isChatMessage), replies };
}

/** What a session file holds: its messages, its newest turns' replies, its newest summary. */
export interface SessionFileContent {
  messages: ChatMessage[];
  /** The newest {@link REMEMBERED_TURNS} turns: message id -> replies. */
  turns: Map<string, string[]>;
  /** The newest summary, and the index in `messages` where the messages after it start. */
  summary?: { summary: SessionSummary; start: number };
  /** Whether the last line is unterminated (a crash mid-write): the next write starts with a newline. */
  torn: boolean;
}

/**
 * Reads a session file's JSONL text: messages, turn lines and summary records. A line that is none of
 * them is skipped and reported to `onCorrupt` (its 1-based number and why).
 */
export function parseSessionFile(text: string, onCorrupt: (line: number, reason: string) => void): SessionFileContent {
  const messages: ChatMessage[] = [];
  const turns = new Map<string, string[]>();
  let summary: SessionFileContent["summary"];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      // A lone surrogate stored by an older skein is healed as it is read (JSON writes it as `\udXXX`).
      const parsed: unknown = /\\u[dD][89a-fA-F]/.test(line) ? wellFormedDeep(JSON.parse(line)) : JSON.parse(line);
      if (isSessionSummary(parsed)) {
        summary = { summary: parsed, start: Math.max(0, messages.length - parsed.kept) };
        return;
      }
      const turn = turnLine(parsed);
      if (turn) {
        messages.push(...turn.messages);
        turns.delete(turn.id);
        turns.set(turn.id, turn.replies);
        if (turns.size > REMEMBERED_TURNS) turns.delete(turns.keys().next().value!);
        return;
      }
      if (!isChatMessage(parsed)) throw new Error("not a chat message");
      messages.push(parsed);
    } catch (error) {
      onCorrupt(index + 1, (error as Error).message);
    }
  });
  return { messages, turns, torn: text !== "" && !text.endsWith("\n"), ...(summary && { summary }) };
}
