import type { HistoryView } from "./stored-history.js";

/**
 * A summary of the older part of a conversation (see src/agent/compaction/). It is stored in
 * the session as a tagged record beside the messages it stands for, which stay stored too:
 * `{"type": "summary", "text": ..., "at": ..., "kept": 12, "covered": 80}`. A turn then
 * sends the newest summary and the messages after it: the `kept` newest messages when the
 * summary was made, and every message stored since.
 */
export interface SessionSummary {
  type: "summary";
  /** The summary the model continues from. */
  text: string;
  /** When it was made, ISO 8601 (UTC). */
  at: string;
  /** How many of the session's newest messages, when it was made, stay verbatim after it. */
  kept: number;
  /** How many messages it stands for (the previous summary's ones included). */
  covered: number;
  /** The model that wrote it. */
  model?: string;
  /** What `/compact <focus>` asked it to focus on. */
  focus?: string;
  /** `auto` (the context reached the threshold) or `command` (`/compact`). */
  reason?: "auto" | "command";
  /** The context's size in tokens before and after, as counted then. */
  tokensBefore?: number;
  tokensAfter?: number;
}

/** What a turn continues from: the newest summary (if any) and the messages after it, oldest first, kept encoded. */
export interface SessionContext {
  summary?: SessionSummary;
  history: HistoryView;
}

/** Whether a stored value (a session line from disk or Redis) is a summary record. */
export function isSessionSummary(value: unknown): value is SessionSummary {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<Record<keyof SessionSummary, unknown>>;
  return (
    record.type === "summary" &&
    typeof record.text === "string" &&
    typeof record.at === "string" &&
    typeof record.kept === "number" &&
    Number.isInteger(record.kept) &&
    record.kept >= 0 &&
    typeof record.covered === "number"
  );
}
