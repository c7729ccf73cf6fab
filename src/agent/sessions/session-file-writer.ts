import { constants } from "node:fs";
import { type FileHandle, mkdir, open } from "node:fs/promises";
import { writeAll } from "../../util/write-all.js";
import { type WriteHealth, writeWithin } from "../../util/write-health.js";

/**
 * Session files are opened for appending with `O_DSYNC` where the platform has it: each
 * write returns once it is on disk, as a write followed by an fdatasync would, in one call.
 */
const durableAppend =
  constants.O_DSYNC === undefined
    ? undefined
    : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

/**
 * Session files kept open for appending (the least recently written is closed beyond this):
 * an open and a close less per turn, well under the usual limit of 1,024 descriptors.
 */
const OPEN_FILES = 128;

interface WriteQueue {
  path: string;
  texts: string[];
  /** Resolved once their turns are written, or kept in memory after a failed write. */
  waiters: Array<() => void>;
}

export interface SessionFileWriterOptions {
  /** `$SKEIN_HOME/sessions`, made on the first write. */
  dir: string;
  /** The file of a session (for writing again what a failed write left). */
  pathOf: (key: string) => string;
  /** Where failing writes are reported. */
  health: WriteHealth;
  /** A write not done within this is failed. */
  writeTimeoutMs: number;
}

/**
 * The durable appends of session files: each session's texts queued in order, written and fsynced
 * in batches (turns that complete during a write go in the next one), files kept open between
 * writes (up to {@link OPEN_FILES}). A torn last line is terminated before the next append. A write
 * that fails or hangs is reported, and its text stays in memory, written first by the session's next
 * write (tried again every 2 s).
 */
export class SessionFileWriter {
  readonly #options: SessionFileWriterOptions;
  readonly #pending = new Set<Promise<void>>();
  readonly #queues = new Map<string, WriteQueue>();
  /** Files whose last line is unterminated: the next write starts with a newline. */
  readonly #torn = new Set<string>();
  /** Open session files by path, least recently written first. */
  readonly #files = new Map<string, FileHandle>();
  /** Paths being written now: their handles are not closed under the write. */
  readonly #writing = new Set<string>();
  /** Per session, turns a failed write left in memory only: written first by the next write (tried every 2 s). */
  readonly #unwritten = new Map<string, string>();
  #retry: NodeJS.Timeout | undefined;
  #dirReady: Promise<void> | undefined;

  constructor(options: SessionFileWriterOptions) {
    this.#options = options;
  }

  /** Queues a session file's text for writing; resolves once it is durable (or kept in memory after a failed write). */
  enqueue(key: string, path: string, text: string): Promise<void> {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = { path, texts: [], waiters: [] };
      this.#queues.set(key, queue);
      this.track(this.#drain(key, queue));
    }
    queue.texts.push(text);
    return new Promise((resolve) => queue.waiters.push(resolve));
  }

  /** Lets {@link flush} wait for `work` (whose failure its caller handles). */
  track(work: Promise<void>): void {
    const settled = work.catch(() => undefined);
    this.#pending.add(settled);
    void settled.finally(() => this.#pending.delete(settled));
  }

  /** Whether the session has a write queued, or turns that only memory holds (it must stay in memory). */
  isBusy(key: string): boolean {
    return this.#queues.has(key) || this.#unwritten.has(key);
  }

  /** Notes that a file's last line is unterminated (found when it was read). */
  markTorn(path: string): void {
    this.#torn.add(path);
  }

  /** Forgets a file that is being archived: closed, and nothing to terminate in the next one at that path. */
  async forget(path: string): Promise<void> {
    this.#torn.delete(path);
    await this.closeFile(path);
  }

  /** Waits for every write in progress or queued. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** Waits for every write, then closes the files kept open (a later write opens its file again). */
  async close(): Promise<void> {
    clearTimeout(this.#retry);
    await this.flush();
    await Promise.all([...this.#files.keys()].map((path) => this.closeFile(path)));
  }

  /** Closes a session file kept open (a failure to close loses nothing: every write was fsynced). */
  async closeFile(path: string): Promise<void> {
    const file = this.#files.get(path);
    if (!file) return;
    this.#files.delete(path);
    await file.close().catch(() => undefined);
  }

  /**
   * Writes a session's queued turns until none is left, one write and fsync per batch. A write
   * that fails (a full or read-only disk) or hangs is reported, and its turns stay in memory and
   * are written first by the session's next write: the conversation goes on, not durable meanwhile.
   */
  async #drain(key: string, queue: WriteQueue): Promise<void> {
    // Let the turn that opened the queue (and any completing at the same time) join the first batch.
    await Promise.resolve();
    const { health, writeTimeoutMs } = this.#options;
    while (queue.texts.length > 0) {
      const text = (this.#unwritten.get(key) ?? "") + queue.texts.splice(0).join("");
      const waiters = queue.waiters.splice(0);
      try {
        await writeWithin(this.#write(queue.path, text), queue.path, writeTimeoutMs);
        this.#unwritten.delete(key);
        health.succeeded("sessions");
      } catch (error) {
        this.#unwritten.set(key, text);
        health.failed("sessions", queue.path, error, `the conversation ${key} goes on from memory, not durable`);
        this.#retry ??= setTimeout(() => this.#writeUnwritten(), 2_000).unref();
      }
      for (const resolve of waiters) resolve();
    }
    this.#queues.delete(key);
  }

  /** Writes again what failed writes left in memory (the sessions without a write queued now). */
  #writeUnwritten(): void {
    this.#retry = undefined;
    for (const key of this.#unwritten.keys()) {
      if (this.#queues.has(key)) continue;
      const queue: WriteQueue = { path: this.#options.pathOf(key), texts: [""], waiters: [] };
      this.#queues.set(key, queue);
      this.track(this.#drain(key, queue));
    }
  }

  async #write(path: string, text: string): Promise<void> {
    this.#dirReady ??= mkdir(this.#options.dir, { recursive: true }).then(() => undefined);
    await this.#dirReady;
    this.#writing.add(path);
    try {
      const file = await this.#openFile(path);
      const terminate = this.#torn.delete(path);
      try {
        await writeAll(file, Buffer.from(terminate ? `\n${text}` : text));
        if (durableAppend === undefined) await file.datasync();
      } catch (error) {
        this.#torn.add(path); // a part may have been written
        await this.closeFile(path); // opened afresh for the next write
        throw error;
      }
    } finally {
      this.#writing.delete(path);
    }
  }

  /** The session file open for appending (opened now, or kept from an earlier write). */
  async #openFile(path: string): Promise<FileHandle> {
    let file = this.#files.get(path);
    if (file) this.#files.delete(path);
    else file = await open(path, durableAppend ?? "a", 0o600);
    this.#files.set(path, file);
    for (const old of this.#files.keys()) {
      if (this.#files.size <= OPEN_FILES) break;
      if (!this.#writing.has(old)) void this.closeFile(old);
    }
    return file;
  }
}
