import { type FileHandle, open, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { writeAll } from "../util/write-all.js";
import type { Durability } from "./journal-book.js";

export interface JournalFileOptions {
  path: string;
  /** Flushes a file to disk (default `datasync`); injectable so tests can count the fsyncs. */
  fsync?: (file: FileHandle) => Promise<void>;
  /** What a compacted file holds, as text; read synchronously when a compaction starts. */
  snapshot: () => string;
  /** Whether the file has grown enough to be rewritten (asked before each batch). */
  shouldCompact: (linesAppended: number) => boolean;
  /** Records only `written` are fsynced at the latest this long after (default 1 s). */
  lazySyncMs?: number;
}

interface Waiter {
  text: string;
  durability: Durability;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The journal's append-only file, with group commit: every record asked for while a write
 * is in progress (or in the same tick) goes out in the next single write, followed by at
 * most one fsync. A `written` record resolves once the write returned (it survives
 * `kill -9`); a `synced` one once it is fsynced. Compaction replaces the file atomically
 * with a snapshot, serialised with the appends.
 */
export class JournalFile {
  readonly #options: JournalFileOptions;
  readonly #fsync: (file: FileHandle) => Promise<void>;
  #file: FileHandle | undefined;
  #queue: Waiter[] = [];
  #running = false;
  #idle: Array<() => void> = [];
  #linesAppended = 0;
  /** The next batch rewrites the file from the snapshot, whatever its size (see {@link rewrite}). */
  #rewriteNext = false;
  #unsynced = false;
  #lazySync: NodeJS.Timeout | undefined;
  /** Synced records written and waiting for the next fsync. */
  #awaitingSync: Waiter[] = [];
  /** The fsync running (writes go on meanwhile: a progress record never waits for one). */
  #syncing: Promise<void> | undefined;

  constructor(options: JournalFileOptions) {
    this.#options = options;
    this.#fsync = options.fsync ?? ((file) => file.datasync());
  }

  /** Rewrites the file with the snapshot (dropping torn lines and forgotten ids), then opens it for appending. */
  async open(): Promise<void> {
    await this.#compact();
  }

  /** Appends one record's text; resolves once it is as durable as asked. */
  append(text: string, durability: Durability): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ text, durability, resolve, reject });
      this.#kick();
    });
  }

  /**
   * Replaces the file with the snapshot, in turn with the appends: after writes failed (a full
   * disk), this writes everything the journal holds, and the file is whole again.
   */
  rewrite(): Promise<void> {
    this.#rewriteNext = true;
    return this.append("", "synced");
  }

  /** Writes what is queued, fsyncs and closes the file. */
  async close(): Promise<void> {
    if (this.#running) await new Promise<void>((resolve) => this.#idle.push(resolve));
    await this.#syncing;
    clearTimeout(this.#lazySync);
    const file = this.#file;
    this.#file = undefined;
    if (!file) return;
    try {
      if (this.#unsynced) await this.#fsync(file);
    } finally {
      await file.close();
    }
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = true;
    // setImmediate: records asked for in the same tick (one burst of updates) share the write.
    setImmediate(() => void this.#run());
  }

  async #run(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0);
      try {
        if (this.#rewriteNext || this.#options.shouldCompact(this.#linesAppended)) {
          await this.#syncing;
          await this.#compact();
          this.#rewriteNext = false;
          for (const waiter of batch) waiter.resolve();
        } else {
          await this.#appendBatch(batch);
        }
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  async #appendBatch(batch: Waiter[]): Promise<void> {
    const file = this.#file;
    if (!file) throw new Error("the journal file is closed");
    const text = batch.map((waiter) => waiter.text).join("");
    if (text) {
      await writeAll(file, Buffer.from(text));
      this.#linesAppended += batch.length;
    }
    const synced = batch.filter((waiter) => waiter.durability === "synced");
    for (const waiter of batch) if (waiter.durability === "written") waiter.resolve();
    if (synced.length === 0) {
      if (text) this.#scheduleLazySync();
      return;
    }
    // Group commit: what is written while an fsync runs shares the next one.
    this.#awaitingSync.push(...synced);
    this.#syncing ??= this.#syncAll(file);
  }

  /** Fsyncs until no synced record waits, one fsync at a time. */
  async #syncAll(file: FileHandle): Promise<void> {
    try {
      while (this.#awaitingSync.length > 0) {
        const waiters = this.#awaitingSync.splice(0);
        try {
          this.#unsynced = false;
          await this.#fsync(file);
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          this.#unsynced = true;
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.#syncing = undefined;
    }
  }

  /** Progress records need no fsync of their own; they are flushed soon after anyway. */
  #scheduleLazySync(): void {
    this.#unsynced = true;
    if (this.#lazySync) return;
    this.#lazySync = setTimeout(() => {
      this.#lazySync = undefined;
      if (this.#unsynced) this.append("", "synced").catch(() => undefined);
    }, this.#options.lazySyncMs ?? 1_000);
    this.#lazySync.unref();
  }

  async #compact(): Promise<void> {
    const text = this.#options.snapshot();
    const path = this.#options.path;
    const temporary = `${path}.tmp`;
    const draft = await open(temporary, "w", 0o600);
    try {
      await writeAll(draft, Buffer.from(text));
      await this.#fsync(draft);
    } finally {
      await draft.close();
    }
    await rename(temporary, path);
    await syncDirectory(dirname(path));
    const previous = this.#file;
    this.#file = await open(path, "a", 0o600);
    await previous?.close();
    this.#linesAppended = 0;
    this.#unsynced = false;
  }
}

/** Makes a rename durable (a no-op where directories cannot be opened, e.g. Windows). */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, "r");
    await handle.sync();
  } catch {
    // Not supported on this platform; the rename is still atomic.
  } finally {
    await handle?.close();
  }
}
