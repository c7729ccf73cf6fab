/** What a secret is replaced with. */
export const REDACTED = "[redacted]";

/** Secrets shorter than this are left alone: they would match ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Takes secret values (API keys, bot tokens) out of text that leaves the daemon. A text that
 * grows while it is shown (a streamed reply) is shown without a tail that may be the start
 * of a secret still being written, so a secret split across two deltas never shows, not even
 * in part.
 */
export class Redactor {
  /** Longest first, so that a secret containing another is replaced whole. */
  #secrets: string[];

  constructor(secrets: Iterable<string>) {
    this.#secrets = [...new Set(secrets)]
      .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
      .sort((a, b) => b.length - a.length);
  }

  /** Takes these secrets out too, from now on (e.g. the values of a skill's `requires.env`, once the skill is read). */
  add(secrets: Iterable<string>): void {
    const added = [...secrets].filter(
      (secret) => secret.length >= MIN_SECRET_LENGTH && !this.#secrets.includes(secret),
    );
    if (added.length > 0)
      this.#secrets = [...new Set([...this.#secrets, ...added])].sort((a, b) => b.length - a.length);
  }

  /** Whether there is any secret to take out. */
  get empty(): boolean {
    return this.#secrets.length === 0;
  }

  /** `text` with every secret replaced by `[redacted]`. */
  redact(text: string): string {
    let redacted = text;
    for (const secret of this.#secrets) if (redacted.includes(secret)) redacted = redacted.replaceAll(secret, REDACTED);
    return redacted;
  }

  /**
   * The part of a text still being written that may be shown now: redacted, and cut before
   * the shortest tail that is the beginning of a secret (at most as long as the longest secret).
   */
  redactGrowing(textSoFar: string): string {
    const redacted = this.redact(textSoFar);
    const longest = this.#secrets[0]?.length ?? 0;
    for (let start = Math.max(0, redacted.length - longest + 1); start < redacted.length; start++) {
      const tail = redacted.slice(start);
      if (this.#secrets.some((secret) => secret.length > tail.length && secret.startsWith(tail)))
        return redacted.slice(0, start);
    }
    return redacted;
  }
}
