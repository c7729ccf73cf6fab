import { mkdir, open, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { abortableSleep } from "./sleep.js";

export interface FileLockOptions {
  /** Give up after waiting this long for another process (default 5 s). */
  timeoutMs?: number;
  /** A lock file older than this is left over from a crash and is taken over (default 30 s). */
  staleMs?: number;
}

/** Tail of the work queued on each lock path in this process. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` holding an exclusive lock on `path` (a `<path>.lock` file created with
 * O_EXCL), so that the daemon and the CLI never overwrite each other's changes.
 * Work in one process is queued; other processes are waited for.
 */
export function withFileLock<T>(path: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const result = previous.catch(() => undefined).then(() => holdingLock(`${path}.lock`, work, options));
  const settled = result.catch(() => undefined);
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return result;
}

async function holdingLock<T>(lockPath: string, work: () => Promise<T>, options: FileLockOptions): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  await mkdir(dirname(lockPath), { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lockPath).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      );
      if (age > (options.staleMs ?? 30_000)) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lockPath} is held by another process; try again`, { cause: error });
      await abortableSleep(25);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}
