import type { InboundMessage, OutboundMessage } from "./messages.js";

/**
 * One line of the file journal (`$SKEIN_HOME/state/journal.jsonl`). A message's life is
 * a `received` record, then progress records naming it by id; a compacted file holds one
 * `received` (plus its `answered`) per pending message and one `complete` per id kept for
 * de-duplication.
 */
export type JournalRecord =
  | { type: "received"; message: InboundMessage; at: number }
  /** `delivered` is present only in a compacted file (progress folded into one record). */
  | { type: "answered"; id: string; replies: OutboundMessage[]; delivered?: number[] }
  | { type: "delivered"; id: string; reply: number; chunk: number }
  /** The streamed preview of the message's answer is platform message `messageId`. */
  | { type: "preview"; id: string; messageId: string }
  | { type: "complete"; id: string; at: number };

/** The record as one line of the file, newline included. */
export function encodeRecord(record: JournalRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/** Parses one line; `undefined` for garbage or a torn line (a crash in the middle of a write). */
export function decodeRecord(line: string): JournalRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  switch (record.type) {
    case "received": {
      const message = record.message as Partial<InboundMessage> | undefined;
      const valid =
        typeof message?.id === "string" &&
        typeof message.channel === "string" &&
        typeof message.chatId === "string" &&
        typeof record.at === "number";
      return valid ? (record as JournalRecord) : undefined;
    }
    case "answered":
      return typeof record.id === "string" && Array.isArray(record.replies) ? (record as JournalRecord) : undefined;
    case "delivered":
      return typeof record.id === "string" && typeof record.reply === "number" && typeof record.chunk === "number"
        ? (record as JournalRecord)
        : undefined;
    case "preview":
      return typeof record.id === "string" && typeof record.messageId === "string"
        ? (record as JournalRecord)
        : undefined;
    case "complete":
      return typeof record.id === "string" && typeof record.at === "number" ? (record as JournalRecord) : undefined;
    default:
      return undefined;
  }
}
