/**
 * Racing a promise against a timer or a signal: the one place that writes `Promise.race` with
 * a timeout, so that every such wait clears its timer and removes its listener.
 */

/** Waits for `promise` for at most `ms`; resolves true if it settled in time. The timer never keeps the process alive. */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as `signal` is aborted
 * (for work that may not honour the signal itself: the promise is abandoned, not cancelled).
 */
export async function rejectOnAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
