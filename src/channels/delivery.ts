// STUB (owned by the Telegram/shared-channel work, issue 4): backoff with jitter, logging.
import type { Logger } from "pino";

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
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: Logger;
}

/** Runs a platform call, retrying transient failures with backoff (honouring `retryAfterMs`). */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const failure = options.classify(error);
      if (!failure.retryable || attempt >= attempts) throw error;
      const delay = failure.retryAfterMs ?? Math.min(options.maxDelayMs ?? 30_000, (options.baseDelayMs ?? 500) * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
