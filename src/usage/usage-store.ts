import { appendFile, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type WriteHealth, writeWithin } from "../util/write-health.js";

/** One model call's token usage (or a speech call's characters), as recorded. */
export interface UsageRecord {
  /** When the call ended, ISO 8601 (UTC). */
  at: string;
  channel: string;
  chatId: string;
  senderId: string;
  /** With `agents.list`: the agent that made the call (none: `main`). */
  agent?: string;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Of `promptTokens`, those the provider's prompt cache served (when it reports them). */
  cachedTokens?: number;
  /** A speech (tts) call: the characters it read out (its tokens are 0). */
  characters?: number;
  /** From `providers.<name>.prices`, when the model has a price. */
  cost?: number;
  /**
   * How many calls the record stands for (default 1): a shared store may keep a day's calls of
   * one chat, sender and model added up, with `at` the start of that day.
   */
  calls?: number;
}

/**
 * Where usage records are kept. The daemon's default is {@link UsageFiles}; a cluster can
 * share them through another implementation.
 */
export interface UsageStore {
  /** Resolves once the record is stored (a store may gather records a short while first: see `flush`). */
  append(record: UsageRecord): Promise<void>;
  /** Stores every record appended so far now; resolves when they are (or failed). */
  flush?(): Promise<void>;
  /**
   * The records whose `at` is at or after `since` (epoch ms), oldest first. Callers ask from
   * the start of a UTC day: a store that adds a day's calls up returns that whole day.
   */
  readSince(since: number): Promise<UsageRecord[]>;
}

/** The UTC day of an epoch-ms time, `YYYY-MM-DD`. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export interface UsageFilesOptions {
  /**
   * How long appended records are gathered before they are written with one append per day
   * file, in milliseconds (default 0: at the next turn of the event loop). No file stays open
   * in between.
   */
  gatherMs?: number;
  /** Where failing writes are reported (without it, a failed append rejects). */
  writeHealth?: WriteHealth;
  /** A write not done within this is failed (default 5 s). */
  writeTimeoutMs?: number;
}

/** Lines a failing disk keeps in memory for the next write, at most (the oldest are dropped beyond). */
const UNWRITTEN_LINES = 10_000;

/**
 * Usage as small append-only JSON Lines files, one per UTC day:
 * `$SKEIN_HOME/usage/YYYY-MM-DD.jsonl`. A line cut short by a crash is skipped on reading.
 */
export class UsageFiles implements UsageStore {
  readonly #dir: string;
  readonly #gatherMs: number;
  readonly #health: WriteHealth | undefined;
  readonly #writeTimeoutMs: number;
  /** Lines a failed write left in memory, per day file: written first by the next write. */
  #unwritten: Array<{ file: string; line: string }> = [];
  #retry: NodeJS.Timeout | undefined;
  /** Lines waiting to be written, in order: appends that come during a write go out together in the next one. */
  #queue: Array<{ file: string; line: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  #dirReady: Promise<unknown> | undefined;

  constructor(dir: string, options: UsageFilesOptions = {}) {
    this.#dir = dir;
    this.#gatherMs = options.gatherMs ?? 0;
    this.#health = options.writeHealth;
    this.#writeTimeoutMs = options.writeTimeoutMs ?? 5_000;
  }

  append(record: UsageRecord): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    const file = join(this.#dir, `${utcDay(Date.parse(record.at))}.jsonl`);
    return new Promise((resolve, reject) => {
      this.#queue.push({ file, line, resolve, reject });
      if (!this.#writing && !this.#timer) {
        this.#timer = setTimeout(() => void this.flush(), this.#gatherMs);
        this.#timer.unref();
      }
    });
  }

  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing ??= this.#drain();
    await this.#writing;
  }

  /**
   * Writes the queued lines until none is left: one append per day file and batch. With a
   * {@link WriteHealth}, a failed write is reported there and its lines are kept in memory for
   * the next write (the ledger counts them already); without one, their appends reject.
   */
  async #drain(): Promise<void> {
    do {
      const batch = [...this.#unwritten.map((entry) => ({ ...entry, resolve() {}, reject() {} })), ...this.#queue];
      this.#unwritten = [];
      this.#queue = [];
      for (const file of new Set(batch.map((entry) => entry.file))) {
        const entries = batch.filter((entry) => entry.file === file);
        try {
          this.#dirReady ??= mkdir(this.#dir, { recursive: true, mode: 0o700 });
          await this.#dirReady;
          const text = entries.map((entry) => entry.line).join("");
          await writeWithin(appendFile(file, text, { mode: 0o600 }), file, this.#writeTimeoutMs);
          this.#health?.succeeded("usage");
          for (const entry of entries) entry.resolve();
        } catch (error) {
          // The folder may have gone (or never been made): made again on the next write.
          this.#dirReady = undefined;
          if (!this.#health) {
            for (const entry of entries) entry.reject(error);
            continue;
          }
          this.#health.failed("usage", file, error, "usage is counted in memory and written when writes succeed again");
          this.#unwritten.push(...entries.map(({ file, line }) => ({ file, line })));
          this.#unwritten.splice(0, Math.max(0, this.#unwritten.length - UNWRITTEN_LINES));
          for (const entry of entries) entry.resolve();
        }
      }
    } while (this.#queue.length > 0);
    this.#writing = undefined;
    if (this.#unwritten.length > 0 && !this.#retry) {
      // Written again by itself once there is space, not only with the next call's usage.
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        void this.flush();
      }, 2_000);
      this.#retry.unref();
    }
  }

  async readSince(since: number): Promise<UsageRecord[]> {
    let names: string[];
    try {
      names = await readdir(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const firstDay = utcDay(since);
    const days = names
      .filter((name) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name) && name.slice(0, 10) >= firstDay)
      .sort();
    const records: UsageRecord[] = [];
    for (const name of days) {
      const text = await readFile(join(this.#dir, name), "utf8");
      for (const line of text.split("\n")) {
        const record = parseRecord(line);
        if (record && Date.parse(record.at) >= since) records.push(record);
      }
    }
    return records;
  }
}

function parseRecord(line: string): UsageRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as UsageRecord;
    return typeof value.at === "string" && typeof value.promptTokens === "number" ? value : undefined;
  } catch {
    return undefined;
  }
}
