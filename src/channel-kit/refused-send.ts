import type { Logger } from "pino";
import { chunkText } from "./chunk-text.js";

/**
 * How a platform refused a chunk for good (not a formatting error, not worth retrying):
 * `too-long`: the text is over a limit the platform counts differently (it is split smaller
 * and sent again); `unreachable`: nothing can be sent to that chat (blocked, gone, no access);
 * `refused`: anything else, so a short plain notice may still get through.
 */
export type Refusal = { type: "too-long" } | { type: "unreachable" } | { type: "refused" };

export interface RefusedSendOptions<Id> {
  /** Sends one piece of text; rejects with the platform's error. */
  send: (text: string) => Promise<Id>;
  /** The refusal an error is, or `undefined` for a failure that is not one (it is thrown as it is). */
  classify: (error: unknown) => Refusal | undefined;
  /** Sends a short plain notice to the chat (no formatting, no thread or reply); tried once. */
  sendNotice: (text: string) => Promise<unknown>;
  log: Logger;
  chatId: string;
  platform: string;
}

/** The notice a chat gets when the platform refused a reply (never the platform's words). */
export const REFUSED_NOTICE = "(I wrote a reply, but it could not be delivered here.)";

/** A chunk is split at most this many times over before the refusal is given up on. */
const maxSplits = 3;

/**
 * Sends a chunk; when the platform refuses it for good: a too-long chunk is split in halves
 * and each sent (up to {@link maxSplits} times over); a chat that can take messages gets
 * {@link REFUSED_NOTICE} instead, once; either way the refusal is logged with the chat and
 * the reason and rethrown (the caller notes it in the session). Returns the ids of the
 * messages made, in order.
 */
export async function sendRefusable<Id>(chunk: string, options: RefusedSendOptions<Id>, splits = 0): Promise<Id[]> {
  try {
    return [await options.send(chunk)];
  } catch (error) {
    const refusal = options.classify(error);
    if (!refusal) throw error;
    const where = { chatId: options.chatId, platform: options.platform, reason: errorText(error) };
    if (refusal.type === "too-long" && splits < maxSplits && chunk.length > 1) {
      options.log.warn({ ...where, chars: chunk.length }, "the platform refused a chunk as too long; splitting it");
      const ids: Id[] = [];
      for (const piece of chunkText(chunk, { limit: Math.ceil(chunk.length / 2) }))
        ids.push(...(await sendRefusable(piece, options, splits + 1)));
      return ids;
    }
    options.log.error(where, "the platform refused a reply for good");
    if (refusal.type !== "unreachable") {
      await options.sendNotice(REFUSED_NOTICE).catch((noticeError: unknown) => {
        options.log.warn({ ...where, err: noticeError }, "the notice about a refused reply could not be sent either");
      });
    }
    throw error;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
