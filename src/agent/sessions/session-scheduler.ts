/**
 * Runs work per session: strictly in order within one session, concurrently across
 * sessions up to a limit. A session waiting for a slot never holds up the others,
 * and each slot runs one item before the session queues again, so busy sessions
 * take turns fairly.
 */
export class SessionScheduler<Item> {
  readonly #limit: number;
  readonly #handle: (key: string, item: Item) => Promise<void>;
  readonly #queues = new Map<string, Item[]>();
  /** Sessions with items waiting for a slot, in arrival order. */
  readonly #waiting: string[] = [];
  #running = 0;
  #idleWaiters: Array<() => void> = [];

  constructor(limit: number, handle: (key: string, item: Item) => Promise<void>) {
    this.#limit = Math.max(1, limit);
    this.#handle = handle;
  }

  /** Queues an item for its session. */
  enqueue(key: string, item: Item): void {
    const queue = this.#queues.get(key);
    if (queue) {
      queue.push(item);
      return;
    }
    this.#queues.set(key, [item]);
    this.#waiting.push(key);
    this.#pump();
  }

  /** Sessions with an item running or queued. */
  get activeSessions(): number {
    return this.#queues.size;
  }

  /** Resolves once nothing is running or queued. */
  idle(): Promise<void> {
    if (this.#queues.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #pump(): void {
    while (this.#running < this.#limit && this.#waiting.length > 0) {
      const key = this.#waiting.shift()!;
      this.#running++;
      void this.#runNext(key);
    }
  }

  async #runNext(key: string): Promise<void> {
    const queue = this.#queues.get(key)!;
    const item = queue[0]!;
    try {
      await this.#handle(key, item);
    } catch {
      // The handler reports its own failures; the queue must go on regardless.
    } finally {
      queue.shift();
      this.#running--;
      if (queue.length > 0) this.#waiting.push(key);
      else this.#queues.delete(key);
      this.#pump();
      if (this.#queues.size === 0) {
        const waiters = this.#idleWaiters;
        this.#idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }
}
