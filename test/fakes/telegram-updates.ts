import type { ServerResponse } from "node:http";
import { fail, ok } from "./telegram-wire.js";

type Update = { update_id: number } & Record<string, unknown>;

/**
 * The fake Telegram's updates and getUpdates: a long poll honouring offset, limit and timeout, updates
 * forgotten once a later offset confirmed them, and a newer poll terminating an older one with a 409.
 */
export class TelegramUpdates {
  readonly #updates: Update[] = [];
  readonly #allUpdates = new Map<number, Update>();
  readonly #handedOut = new Map<number, number>();
  readonly #heldPolls = new Set<{ response: ServerResponse; offset: number; timer: NodeJS.Timeout }>();
  #nextUpdateId = 1_000;
  /** getUpdates calls terminated by a newer one (409 Conflict): more than one poller at a time. */
  conflicts = 0;

  /** Queues an update (given without `update_id`), waking a held long poll. Returns its update_id. */
  queue(update: Record<string, unknown>): number {
    const update_id = this.#nextUpdateId++;
    this.#updates.push({ update_id, ...update });
    this.#allUpdates.set(update_id, { update_id, ...update });
    this.#answerHeldPolls();
    return update_id;
  }

  /** Queues the same update again (same update_id): a redelivery. */
  redeliver(updateId: number): void {
    const update = this.#allUpdates.get(updateId);
    if (!update) throw new Error(`no update ${updateId}`);
    this.#updates.push(update);
    this.#answerHeldPolls();
  }

  /** How many getUpdates answers carried update `updateId`. */
  timesHandedOut(updateId: number): number {
    return this.#handedOut.get(updateId) ?? 0;
  }

  /** Updates not yet confirmed by a later getUpdates offset. */
  get unconfirmed(): number {
    return this.#updates.length;
  }

  /** Answers the polls still held (the server closes). */
  close(): void {
    for (const held of this.#heldPolls) clearTimeout(held.timer);
    this.#heldPolls.clear();
  }

  getUpdates(response: ServerResponse, payload: Record<string, unknown>): void {
    const offset = Number(payload.offset ?? 0);
    // Telegram forgets updates once a later offset confirmed them.
    for (let index = this.#updates.length - 1; index >= 0; index--) {
      if (this.#updates[index]!.update_id < offset) this.#updates.splice(index, 1);
    }
    // A newer poll terminates an older one, as on Telegram.
    for (const held of this.#heldPolls) {
      clearTimeout(held.timer);
      this.#heldPolls.delete(held);
      this.conflicts++;
      fail(
        held.response,
        409,
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
      );
    }
    const limit = Number(payload.limit ?? 100);
    const available = this.#pending(offset, limit);
    const timeout = Number(payload.timeout ?? 0);
    if (available.length > 0 || timeout <= 0) {
      this.#handOut(response, available);
      return;
    }
    const held = {
      response,
      offset,
      timer: setTimeout(() => {
        this.#heldPolls.delete(held);
        this.#handOut(response, this.#pending(offset, limit));
      }, timeout * 1000),
    };
    this.#heldPolls.add(held);
    response.on("close", () => {
      clearTimeout(held.timer);
      this.#heldPolls.delete(held);
    });
  }

  /** Answers a getUpdates call with `updates`, counting how often each was handed out. */
  #handOut(response: ServerResponse, updates: Array<{ update_id: number }>): void {
    for (const update of updates) this.#handedOut.set(update.update_id, this.timesHandedOut(update.update_id) + 1);
    ok(response, updates);
  }

  #pending(offset: number, limit: number) {
    return this.#updates.filter((update) => update.update_id >= offset).slice(0, limit);
  }

  #answerHeldPolls(): void {
    for (const held of this.#heldPolls) {
      const available = this.#pending(held.offset, 100);
      if (available.length === 0) continue;
      clearTimeout(held.timer);
      this.#heldPolls.delete(held);
      this.#handOut(held.response, available);
    }
  }
}
