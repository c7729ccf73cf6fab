import type { ChatMessage } from "../../providers/provider.js";

/**
 * Where the history splits into the older part (summarised) and the newest `keepTurns` turns
 * (kept verbatim): the index of the first kept message, 0 when there is nothing older. A turn
 * starts at a user message, so a tool call always stays on the same side as its results.
 */
export function splitIndex(messages: readonly ChatMessage[], keepTurns: number): number {
  if (keepTurns <= 0) return messages.length;
  let turns = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.role === "user" && ++turns === keepTurns) return index;
  }
  return 0;
}
