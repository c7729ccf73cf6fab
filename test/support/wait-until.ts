/**
 * Resolves once `condition()` holds, checking on each turn of the event loop; rejects naming
 * `what` after `limitMs`, so a wait for something that never happens fails clearly instead of
 * spinning until the test times out. For state with no event to wait on.
 */
export async function waitUntil(condition: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${limitMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
