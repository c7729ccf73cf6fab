/**
 * Retry with exponential backoff and jitter, honouring a server's `retry_after`:
 * the one retry mechanism of skein (platform delivery, channel start-up, reconnects).
 * Transient failures are retried; permanent ones are thrown at once.
 */
import type { Logger } from "pino";
import { abortableSleep } from "./sleep.js";

/** How a failed platform call should be treated. */
export interface FailureClass {
  retryable: boolean;
  /** The platform's `retry_after`, in milliseconds, when it gave one. */
  retryAfterMs?: number;
}

export interface RetryOptions {
  /** Decides whether an error is worth another try (network, 5xx, 429) or permanent (other 4xx). */
  classify: (error: unknown) => FailureClass;
  /** Total tries, the first included (default 5). */
  attempts?: number;
  /** Delay before the second try; it doubles for each later one (default 500 ms). */
  baseDelayMs?: number;
  /** Upper bound of a backoff delay (default 30 s). */
  maxDelayMs?: number;
  /** A `retryAfterMs` longer than this is not waited for: the error is thrown (default 5 min). */
  maxRetryAfterMs?: number;
  /** Aborts the waiting between tries (and no further try starts). */
  signal?: AbortSignal;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests: a number in [0, 1). */
  random?: () => number;
  /** Each retry is logged at warn with the attempt and the delay. */
  log?: Logger;
  /** What is being retried, for the log line (e.g. "telegram sendMessage"). */
  label?: string;
}

/** The backoff before try `attempt + 1`: exponential, capped, with "equal jitter" (half fixed, half random). */
export function backoffDelay(
  attempt: number,
  options: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "random"> = {},
): number {
  const ceiling = Math.min(options.maxDelayMs ?? 30_000, (options.baseDelayMs ?? 500) * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (options.random ?? Math.random)() * (ceiling / 2));
}

/**
 * Runs a platform call, retrying transient failures with backoff (honouring `retryAfterMs`).
 * Throws the last error when the tries are used up, the error is permanent, or the
 * platform asks to wait longer than `maxRetryAfterMs`; throws the abort reason when aborted.
 */
export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? 5;
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await operation(attempt);
    } catch (error) {
      const failure = options.classify(error);
      if (!failure.retryable || attempt >= attempts) throw error;
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > (options.maxRetryAfterMs ?? 300_000))
        throw error;
      const delayMs = failure.retryAfterMs ?? backoffDelay(attempt, options);
      options.log?.warn(
        { attempt, attempts, delayMs, err: error },
        `${options.label ?? "platform call"} failed (attempt ${attempt} of ${attempts}); retrying in ${delayMs} ms`,
      );
      await sleep(delayMs, options.signal);
    }
  }
}

/**
 * The delays of a loop that retries without end (a channel's start, a reconnect, a server restart):
 * each failure makes the next delay longer ({@link backoffDelay}); a success starts it over.
 */
export class Backoff {
  readonly #options: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "random">;
  #failures = 0;

  constructor(options: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "random"> = {}) {
    this.#options = options;
  }

  /** Failures since the last success. */
  get failures(): number {
    return this.#failures;
  }

  /** Counts a failure and returns the delay before the next try; a server's `retryAfterMs` wins. */
  next(retryAfterMs?: number): number {
    this.#failures += 1;
    return retryAfterMs ?? backoffDelay(this.#failures, this.#options);
  }

  /** A success: the next failure waits `baseDelayMs` again. */
  reset(): void {
    this.#failures = 0;
  }
}
