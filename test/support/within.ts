/** How long a fake's event wait may take before it fails with what it saw. */
export const EVENT_WAIT_MS = 30_000;

/**
 * Resolves as `promise` does, or rejects after `limitMs` naming `what` was awaited and what had
 * been `seen` by then (e.g. the calls recorded so far), so a wait for an event that never comes
 * fails with a useful message before the test's own timeout.
 */
export async function within<T>(
  promise: Promise<T>,
  what: string,
  seen: () => unknown,
  limitMs = EVENT_WAIT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up after ${limitMs} ms waiting for ${what}; seen: ${describe(seen())}`)),
      limitMs,
    );
    timer.unref();
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}
