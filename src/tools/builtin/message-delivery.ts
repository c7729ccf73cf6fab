import type { DeliveryReceipt, SendOptions } from "../../bus/messages.js";
import { rejectOnAbort, settleWithin } from "../../util/settle-within.js";
import { ToolError } from "../tool.js";

/** How long the `message` tool waits for a delivery before it answers that the message is on its way. */
export const DELIVERY_WAIT_MS = 30_000;

/** How a delivery the tool waited for came out. */
export type DeliveryOutcome =
  | { type: "delivered"; receipt: DeliveryReceipt | undefined }
  | { type: "failed"; error: unknown }
  /** Still being delivered when the wait ended (a long rate limit, the turn aborted). */
  | { type: "pending" };

/** Waits for `delivery` at most `waitMs`, and no longer than `signal` allows. */
export async function awaitDelivery(
  delivery: Promise<DeliveryReceipt | undefined>,
  signal: AbortSignal,
  waitMs: number,
): Promise<DeliveryOutcome> {
  let outcome: DeliveryOutcome = { type: "pending" };
  const settled = delivery.then(
    (receipt) => {
      outcome = { type: "delivered", receipt };
    },
    (error: unknown) => {
      outcome = { type: "failed", error };
    },
  );
  if (!signal.aborted) await settleWithin(rejectOnAbort(settled, signal), waitMs);
  return outcome;
}

/**
 * What of one message reached the chat, as its channel reports it: text chunks (the channel
 * splits long text) and files. A failed send becomes a tool error that says what was
 * delivered and what was not, so the model neither claims success nor sends it all again.
 */
export class DeliveryProgress {
  #textParts = 0;
  #textPartsOf: number | undefined;
  readonly #files: string[] = [];
  readonly #allFiles: readonly string[];

  /** The callbacks a channel reports to. */
  readonly report: Pick<SendOptions, "onChunkDelivered" | "onFileDelivered"> = {
    onChunkDelivered: (index, count) => {
      this.#textParts = index + 1;
      if (count !== undefined) this.#textPartsOf = count;
    },
    onFileDelivered: (name) => {
      this.#files.push(name);
    },
  };

  constructor(files: readonly string[]) {
    this.#allFiles = files;
  }

  /** The tool error for a delivery that failed with `error`. */
  failure(target: { channel: string; chatId: string }, error: unknown): ToolError {
    const reason = error instanceof Error ? error.message : String(error);
    const textDone = this.#textPartsOf !== undefined && this.#textParts >= this.#textPartsOf;
    const filesLeft = this.#allFiles.filter((name) => !this.#files.includes(name));
    const delivered = [
      ...(textDone ? ["the text"] : this.#textParts > 0 ? [`the first ${this.#textParts} part(s) of the text`] : []),
      ...this.#files,
    ];
    const notDelivered = [
      ...(textDone ? [] : this.#textParts > 0 ? ["the rest of the text"] : ["the text"]),
      ...filesLeft,
    ];
    return new ToolError(
      "ExecutionFailed",
      `delivery to ${target.channel} chat ${target.chatId} failed: ${reason}. Delivered: ` +
        `${delivered.length > 0 ? delivered.join(", ") : "nothing"}. Not delivered: ${notDelivered.join(", ")}.`,
      {
        delivered: { text_parts: this.#textParts, files: [...this.#files] },
        not_delivered: { text: !textDone, files: filesLeft },
      },
      { cause: error },
    );
  }
}
