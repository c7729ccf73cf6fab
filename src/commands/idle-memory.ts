import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** V8's `gc` as `--expose-gc` defines it (the options object since V8 11, Node 20). */
type ExposedGc = (options?: { type?: "major" | "minor"; execution?: "sync" | "async"; flavor?: "last-resort" }) => void;

/**
 * A full collection that also gives memory back: V8's "last resort" collection shrinks the
 * young generation to its smallest and releases emptied pages, which an ordinary full
 * collection does not. `undefined` where V8 will not hand out its `gc` function.
 */
export function memoryReducingCollection(): (() => void) | undefined {
  const given = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof given === "function") return () => given({ type: "major", execution: "sync", flavor: "last-resort" });
  try {
    // `gc` is installed into contexts created while the flag is set; the flag is off again at once.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as ExposedGc | undefined;
    return typeof gc === "function" ? () => gc({ type: "major", execution: "sync", flavor: "last-resort" }) : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

/** What {@link reduceMemoryWhenIdle} watches and calls. */
export interface IdleMemoryOptions {
  /** Subscribes to the daemon's activity (each turn's outcome); returns the unsubscribe. */
  onActivity: (listener: () => void) => () => void;
  /** How long the daemon must be quiet before memory is given back (default 5 s). */
  quietMs?: number;
  /** The least time between two collections (default 60 s): a chat with a message every few seconds pays at most one a minute. */
  minIntervalMs?: number;
  /** The collection (default {@link memoryReducingCollection}); nothing happens without one. */
  collect?: (() => void) | undefined;
  /** Epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

/**
 * Gives memory back once the daemon has been quiet for `quietMs`: after start-up (whose
 * garbage grew the young generation to its largest) and again after each burst of turns.
 * V8 does this by itself only after the old generation has been collected, which an idle
 * daemon may never need. A turn costs one timestamp; the collection (a few ms to ~100 ms on a
 * large heap) runs at most once per quiet period and once per `minIntervalMs`. Returns the stop function.
 */
export function reduceMemoryWhenIdle(options: IdleMemoryOptions): () => void {
  const given = "collect" in options ? options.collect : memoryReducingCollection();
  if (!given) return () => {};
  const collect = given;
  const quietMs = options.quietMs ?? 5_000;
  const minIntervalMs = options.minIntervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastActivity = now();
  let lastCollected = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  const arm = (delayMs: number) => {
    timer = setTimeout(check, delayMs);
    timer.unref();
  };
  function check(): void {
    timer = undefined;
    const at = now();
    const wait = Math.max(quietMs - (at - lastActivity), minIntervalMs - (at - lastCollected));
    if (wait > 0) {
      arm(wait);
    } else {
      lastCollected = at;
      collect();
    }
  }
  const unsubscribe = options.onActivity(() => {
    lastActivity = now();
    if (!timer) arm(quietMs);
  });
  arm(quietMs);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
