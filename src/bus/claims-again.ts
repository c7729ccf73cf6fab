/**
 * How long after a partition changed hands a read of its last holder may still hand that holder an entry: the
 * journal's blocking read waits 1 s, and is dropped 2 s past that (redis-journal-reader.ts).
 */
export const staleReadMs = 3_000;

/**
 * A read that a partition's last holder had under way when it lost the partition can still hand that process an
 * entry after the new holder claimed the partition's pending entries: the entry is then pending there, where no one
 * would read it. So the new holder claims them once more when such a read has surely ended.
 */
export class ClaimsAgain {
  readonly #timers = new Set<NodeJS.Timeout>();

  /** `claim` is called with a partition when its time comes; nothing is called once `stop` aborted. */
  constructor(
    stop: AbortSignal,
    private readonly claim: (partition: number) => void,
  ) {
    stop.addEventListener("abort", () => {
      for (const timer of this.#timers) clearTimeout(timer);
      this.#timers.clear();
    });
  }

  /** Claims each of `partitions`' pending entries once more after {@link staleReadMs}. */
  schedule(partitions: readonly number[]): void {
    for (const partition of partitions) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.claim(partition);
      }, staleReadMs);
      timer.unref();
      this.#timers.add(timer);
    }
  }
}
