import type { Logger } from "pino";

/** A store whose writes fail now: what it is, where it writes, why it cannot, since when. */
export interface WriteFailure {
  /** `journal`, `sessions`, `usage`, ... */
  store: string;
  /** The file (or folder) the last failed write was for. */
  path: string;
  /** The error code (`ENOSPC`, `EROFS`, `EACCES`, `EDQUOT`, ...), or `timeout` for a write that did not finish in time. */
  cause: string;
  /** The error's own words. */
  error: string;
  /** Epoch milliseconds of the first failure since the store last wrote. */
  since: number;
}

/** The error of a write that did not finish within its time limit (a hung disk, a stalled network file system). */
export class WriteTimeout extends Error {
  readonly code = "timeout";
  constructor(path: string, ms: number) {
    super(`writing ${path} did not finish within ${ms} ms`);
    this.name = "WriteTimeout";
  }
}

/** What went wrong with a write: the errno code (`ENOSPC`), `timeout`, or `error` when there is none. */
export function writeErrorCause(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "error";
}

export interface WriteHealthOptions {
  log: Logger;
  now?: () => number;
}

/**
 * The daemon's record of the stores that cannot write to disk. A store that fails says so
 * here (one error line naming the path and the cause, at the first failure and when the
 * cause changes), goes on from memory, and says so again when a write succeeds (one info
 * line); `/status`, `/readyz` and `skein status` show what is failing meanwhile.
 */
export class WriteHealth {
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #failing = new Map<string, WriteFailure>();

  constructor(options: WriteHealthOptions) {
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  /** `store` could not write `path`; `consequence` says what holds meanwhile (for the log line). */
  failed(store: string, path: string, error: unknown, consequence: string): void {
    const cause = writeErrorCause(error);
    const text = error instanceof Error ? error.message : String(error);
    const earlier = this.#failing.get(store);
    this.#failing.set(store, { store, path, cause, error: text, since: earlier?.since ?? this.#now() });
    if (earlier?.cause === cause) return;
    this.#log.error({ store, path, cause, err: error }, `cannot write ${path} (${cause}): ${consequence}`);
  }

  /** A write of `store` succeeded: it is no longer failing. */
  succeeded(store: string): void {
    const failure = this.#failing.get(store);
    if (!failure) return;
    this.#failing.delete(store);
    const seconds = Math.round((this.#now() - failure.since) / 1000);
    this.#log.info({ store, path: failure.path, failedForSeconds: seconds }, `writes of the ${store} succeed again`);
  }

  /** Whether `store` is failing now. */
  isFailing(store: string): boolean {
    return this.#failing.has(store);
  }

  /** The stores failing now, oldest failure first. */
  get failures(): WriteFailure[] {
    return [...this.#failing.values()].sort((a, b) => a.since - b.since);
  }
}

/**
 * Settles as `work` does, or rejects with a {@link WriteTimeout} after `ms` (the write is
 * abandoned, not cancelled: a hung file system holds it, not the caller).
 */
export function writeWithin<T>(work: Promise<T>, path: string, ms: number): Promise<T> {
  // One promise and one timer: every journal record and session write goes through here.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new WriteTimeout(path, ms)), ms);
    timer.unref();
    // A write that fails after its time is up has been reported already: the second settle is a no-op.
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
