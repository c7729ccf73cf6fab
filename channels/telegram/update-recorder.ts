import type { Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import type { MessageBus } from "../../src/bus/message-bus.js";
import { toInboundMessage } from "./inbound.js";

export interface UpdateRecorderOptions {
  bus: MessageBus;
  log: Logger;
  /** The bot's own user (known once started): its messages and commands for other bots are not recorded. */
  me: () => UserFromGetMe;
}

/**
 * Records Telegram messages on the bus before Telegram is told they were received.
 *
 * Long polling: grammY confirms a batch with the offset of its next getUpdates, which it
 * sends once the handlers of the batch returned. {@link UpdateRecorder.transformer} records
 * every message of a getUpdates answer at once, before grammY sees the batch, so a burst
 * costs one group commit; when recording fails the getUpdates call fails, grammY polls again
 * from the same offset, and nothing is confirmed. Webhook: the handler awaits
 * {@link UpdateRecorder.record}, and grammY answers Telegram only after it (a failure is a
 * 500, which Telegram retries). A message recorded before is a duplicate: confirmed, not run again.
 */
export class UpdateRecorder {
  readonly #options: UpdateRecorderOptions;
  /** The records of the current getUpdates batch, by update id. */
  #batch = new Map<number, Promise<void>>();

  constructor(options: UpdateRecorderOptions) {
    this.#options = options;
  }

  /** The API transformer for long polling: a getUpdates answer is recorded before it is handed on. */
  readonly transformer: Transformer = (previous, method, payload, signal) =>
    method === "getUpdates" ? this.#recordAnswer(previous(method, payload, signal)) : previous(method, payload, signal);

  async #recordAnswer<T>(answering: Promise<T>): Promise<T> {
    const answer = await answering;
    const { ok, result } = answer as { ok: boolean; result?: unknown };
    if (!ok) return answer;
    const updates = result as Update[];
    this.#batch = new Map(updates.map((update) => [update.update_id, this.#record(update)]));
    await Promise.all(this.#batch.values());
    return answer;
  }

  /** Resolves once the message of `update` is durably recorded (at once when its batch recorded it). */
  record(update: Update): Promise<void> {
    return this.#batch.get(update.update_id) ?? this.#record(update);
  }

  async #record(update: Update): Promise<void> {
    if (!update.message) return;
    // Dated when sent, not when polled: after downtime, max_message_age and the model see the real age.
    const inbound = toInboundMessage(update.message, this.#options.me(), update.message.date * 1000);
    if (!inbound) return;
    const recorded = await this.#options.bus.publishInbound(inbound);
    this.#options.log.debug(
      { id: inbound.id, chatId: inbound.chatId, senderId: inbound.senderId, recorded },
      "telegram message received",
    );
  }
}
