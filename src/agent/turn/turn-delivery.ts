import { BusError } from "../../bus/bus-error.js";
import type { JournalEntry, TurnProgress } from "../../bus/journal.js";
import { errorText } from "./chat-replies.js";
import { deliverSpoken } from "./spoken-reply.js";
import { openStreamedTurn } from "./streamed-turn.js";
import { isJournaled } from "./triggered-turn.js";
import type { TurnOutcome, TurnRunnerOptions } from "./turn-contract.js";

/**
 * Delivers what of an answered turn's `progress` is not delivered yet, each chunk recorded in the
 * journal entry as it goes, then completes the entry. The first reply of a turn whose preview an
 * earlier attempt showed is finished in that preview; a spoken reply not yet sent is made and sent as a
 * voice note (see spoken-reply.ts). A journaled turn whose channel is not running, or whose voice the
 * shutdown cut short, is left in the journal (`deferred`) for the next start.
 */
export async function deliverAnswered(
  options: Pick<TurnRunnerOptions, "replies" | "openStream" | "log" | "speech">,
  sessionKey: string,
  entry: JournalEntry,
  progress: Extract<TurnProgress, { type: "answered" }>,
  outcome: TurnOutcome,
  shutdown?: AbortSignal,
): Promise<TurnOutcome> {
  for (const [index, reply] of progress.replies.entries()) {
    const fromChunk = progress.delivered[index] ?? 0;
    if (reply.speech !== undefined) {
      if (
        fromChunk === 0 &&
        (await deliverSpoken(options, entry, outcome.message, index, reply, shutdown)) === "stopped"
      )
        return { ...outcome, status: "deferred" };
      continue;
    }
    const onChunkDelivered = (chunk: number) => entry.delivered(index, chunk);
    const resumed =
      index === 0 && fromChunk === 0 && progress.preview
        ? openStreamedTurn(options, entry.message, progress.preview)
        : undefined;
    if (resumed) {
      const { message } = entry;
      await options.replies.finishStream(resumed.stream, message, reply.text, sessionKey, { onChunkDelivered });
      continue;
    }
    const delivery = await options.replies.deliver(reply, sessionKey, { fromChunk, onChunkDelivered });
    if (delivery.type === "failed" && delivery.error instanceof BusError && isJournaled(entry.message)) {
      return { ...outcome, status: "deferred", error: errorText(delivery.error) };
    }
  }
  await entry.complete();
  return outcome;
}
