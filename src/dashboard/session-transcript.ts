import type { ChatMessage } from "../providers/provider.js";

/** Tool results longer than this are cut in a transcript (`truncated: true`). */
export const TRANSCRIPT_TOOL_RESULT_CHARS = 4_000;

/** One message of a transcript, as the dashboard's API answers it (snake_case JSON). */
export interface TranscriptMessage {
  role: "user" | "assistant" | "tool" | "summary";
  text: string;
  /** ISO-8601 UTC, when the message says (a user message's time, to the minute). */
  time?: string;
  sender?: string;
  tool_calls?: Array<{ id: string; name: string; arguments: string }>;
  tool_call_id?: string;
  truncated?: boolean;
}

/** The wrapper a stored user message starts with: `[Fri 2025-01-31 09:05 UTC, from Ada (id 7)] `. */
const wrapperPattern = /^\[(?:\w{3} )?(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC[^\]\n]*\] ?/;

/**
 * A session's stored messages as a transcript: system messages left out, the per-turn wrapper
 * taken off the user's words (its time kept), long tool results cut, and every text passed
 * through `redact` (no secret in an API answer).
 */
export function sessionTranscript(
  messages: readonly ChatMessage[],
  redact: (text: string) => string,
): TranscriptMessage[] {
  const transcript: TranscriptMessage[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    if (message.role === "user") {
      const content =
        typeof message.content === "string"
          ? message.content
          : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
      const wrapper = wrapperPattern.exec(content);
      transcript.push({
        role: "user",
        text: redact(wrapper ? content.slice(wrapper[0].length) : content),
        ...(wrapper && { time: `${wrapper[1]}T${wrapper[2]}:00.000Z` }),
        ...(message.name && { sender: message.name }),
      });
    } else if (message.role === "assistant") {
      transcript.push({
        role: "assistant",
        text: redact(message.content ?? ""),
        ...(message.tool_calls?.length && {
          tool_calls: message.tool_calls.map((call) => ({
            id: call.id,
            name: call.function.name,
            arguments: redact(call.function.arguments),
          })),
        }),
      });
    } else {
      const long = message.content.length > TRANSCRIPT_TOOL_RESULT_CHARS;
      transcript.push({
        role: "tool",
        text: redact(long ? message.content.slice(0, TRANSCRIPT_TOOL_RESULT_CHARS) : message.content),
        tool_call_id: message.tool_call_id,
        ...(long && { truncated: true }),
      });
    }
  }
  return transcript;
}
