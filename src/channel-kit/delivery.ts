/**
 * Delivery of platform calls: which failures are worth retrying. The retrying itself
 * is {@link withRetry} in src/util/retry.ts.
 */
import type { FailureClass } from "../util/retry.js";

/**
 * Classifies an HTTP outcome the way every platform needs: 429 (with its retry-after),
 * 408 and 5xx are transient; other statuses are permanent. No status (a network error) is transient.
 */
export function classifyHttpStatus(status: number | undefined, retryAfterMs?: number): FailureClass {
  if (status === undefined) return { retryable: true };
  if (status === 429) return retryAfterMs === undefined ? { retryable: true } : { retryable: true, retryAfterMs };
  return { retryable: status === 408 || status >= 500 };
}
