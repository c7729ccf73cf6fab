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
  const recorder = chunkRecorder(entry, 0, false);
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
    const { onChunkDelivered } = recorder;
    recorder.reply = index;
    recorder.last = index === progress.replies.length - 1;
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
  if (!recorder.completed) await entry.complete();
  return outcome;
}

/** Records each delivered chunk of one reply in the journal entry (see {@link chunkRecorder}). */
export interface ChunkRecorder {
  /** The reply whose chunks are being delivered. */
  reply: number;
  /** Whether it is the turn's last reply. */
  last: boolean;
  /** Whether the last chunk of the last reply completed the entry. */
  readonly completed: boolean;
  onChunkDelivered(chunk: number, count?: number): Promise<void>;
}

/**
 * Records each chunk of reply `reply` in the entry as the platform accepts it; the last chunk of the last reply
 * completes the entry instead (a "delivered" record then would only be followed at once by the completion: a crash
 * between either write and the platform's acceptance resends the chunk alike, so one write does the work of two).
 */
export function chunkRecorder(entry: JournalEntry, reply: number, last: boolean): ChunkRecorder {
  const recorder: ChunkRecorder = {
    reply,
    last,
    completed: false,
    async onChunkDelivered(chunk, count) {
      if (recorder.last && count !== undefined && chunk === count - 1) {
        (recorder as { completed: boolean }).completed = true;
        await entry.complete();
      } else await entry.delivered(recorder.reply, chunk);
    },
  };
  return recorder;
}
