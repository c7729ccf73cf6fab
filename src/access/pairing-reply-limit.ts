/**
 * At most one pairing reply per sender and interval (`pairing.reply_interval`): a stranger who
 * keeps writing is not answered with a code each time. In memory for one process; a cluster
 * shares it in Redis, so that a second process does not answer again.
 */
export interface PairingReplyLimit {
  /** Whether a reply may go to `sender` ({@link replyLimitKey}) now; if so, the next one waits `intervalMs`. */
  claim(sender: string, intervalMs: number): Promise<boolean>;
  /**
   * Forgets the reply `sender` got: approving or revoking a sender starts its limit afresh, so that
   * a revoked sender who writes again is told how to pair again instead of meeting silence.
   */
  forget(sender: string): Promise<void>;
}

/** The key of one sender in a {@link PairingReplyLimit}. */
export function replyLimitKey(channel: string, senderId: string): string {
  return `${channel}\0${senderId}`;
}

/** Senders remembered at most; older entries are dropped first. */
const MAX_REMEMBERED_STRANGERS = 10_000;

/** The reply limit of one process, in memory (a restart resets it). */
export class LocalReplyLimit implements PairingReplyLimit {
  /** When each stranger last got a pairing reply, oldest first. */
  readonly #lastReplyAt = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async claim(sender: string, intervalMs: number): Promise<boolean> {
    const last = this.#lastReplyAt.get(sender);
    if (last !== undefined && this.#now() - last < intervalMs) return false;
    this.#lastReplyAt.delete(sender);
    this.#lastReplyAt.set(sender, this.#now());
    if (this.#lastReplyAt.size > MAX_REMEMBERED_STRANGERS)
      this.#lastReplyAt.delete(this.#lastReplyAt.keys().next().value!);
    return true;
  }

  async forget(sender: string): Promise<void> {
    this.#lastReplyAt.delete(sender);
  }
}
