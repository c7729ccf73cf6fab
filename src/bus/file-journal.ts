import type { FileHandle } from "node:fs/promises";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { WriteHealth, writeWithin } from "../util/write-health.js";
import { JournalBook, type Retention } from "./journal-book.js";
import { JournalFile } from "./journal-file.js";
import { decodeRecord, encodeRecord } from "./journal-records.js";

export interface FileJournalOptions {
  /** `$SKEIN_HOME/state`: the journal is `journal.jsonl` in it. */
  dir: string;
  log: Logger;
  /** `agents.defaults.max_message_age` in seconds: completed ids are kept at least twice as long. */
  maxMessageAgeSeconds: number;
  /** Most completed ids kept (default 100,000). */
  maxCompletedIds?: number;
  /** Lines appended beyond twice what the journal holds before it is compacted (default 10,000). */
  compactAfterLines?: number;
  /** Injectable so tests can count fsyncs. */
  fsync?: (file: FileHandle) => Promise<void>;
  now?: () => number;
  /** Where failing writes are reported (default: a record of the journal's own, which only logs). */
  writeHealth?: WriteHealth;
  /** A write not done within this is failed (default 5 s). */
  writeTimeoutMs?: number;
  /** How often the journal tries to write again while writes fail (default 2 s). */
  retryMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * How long a completed message id is remembered: the longer of 7 days and twice
 * `max_message_age` (a redelivery older than `max_message_age` is not answered anyway).
 */
export function retentionOf(maxMessageAgeSeconds: number, maxIds = 100_000): Retention {
  return { ms: Math.max(7 * DAY_MS, 2 * maxMessageAgeSeconds * 1000), maxIds };
}

const notDurable = "messages are answered from memory and are not durable until writes succeed again";

/**
 * Opens the durable journal under `dir`: replays `journal.jsonl` (a torn or garbage line
 * is skipped), imports the ids of the former dedup gate's `seen-messages.log` as completed
 * (then deletes that file), and rewrites the file compacted. From then on records are
 * appended with group commit, and the file is compacted again whenever it has grown to
 * twice what it holds (plus 10,000 lines), so it stays small over months.
 *
 * A write that fails or does not finish within `writeTimeoutMs` (a full, read-only or hung
 * disk) does not fail the message: the journal goes on in memory, "not durable", reports it
 * to `writeHealth`, and every `retryMs` tries to rewrite the whole file from what it holds;
 * once that succeeds it is durable again and nothing is missing from the file.
 */
export async function openFileJournal(options: FileJournalOptions): Promise<JournalBook> {
  const { dir, log } = options;
  const path = join(dir, "journal.jsonl");
  const health = options.writeHealth ?? new WriteHealth({ log });
  const timeoutMs = options.writeTimeoutMs ?? 5_000;
  const retention = retentionOf(options.maxMessageAgeSeconds, options.maxCompletedIds);
  const now = options.now ?? Date.now;
  let file: JournalFile | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const failed = (error: unknown) => {
    health.failed("journal", path, error, notDurable);
    if (retry || closed) return;
    retry = setTimeout(() => {
      if (!file || closed) return;
      void writeWithin(file.rewrite(), path, timeoutMs).then(
        () => {
          retry = undefined;
          health.succeeded("journal");
        },
        (error: unknown) => {
          retry = undefined;
          failed(error);
        },
      );
    }, options.retryMs ?? 2_000);
    retry.unref();
  };

  const book = new JournalBook({
    now,
    persist: async (record, durability) => {
      if (!file) throw new Error("the journal is not open");
      // Kept in the book meanwhile: the rewrite that ends the failure writes it.
      if (health.isFailing("journal")) return;
      await writeWithin(file.append(encodeRecord(record), durability), path, timeoutMs).catch(failed);
    },
    onClose: async () => {
      closed = true;
      clearTimeout(retry);
      await file?.close().catch((error: unknown) => health.failed("journal", path, error, "the journal is closed"));
    },
  });

  const skipped = await replayFile(path, book);
  if (skipped > 0) log.warn({ path, skipped }, "skipped unreadable journal lines (a torn write at a crash)");
  const legacy = join(dir, "seen-messages.log");
  const imported = await importSeenIds(legacy, book, now());

  file = new JournalFile({
    path,
    fsync: options.fsync,
    snapshot: () => book.snapshot(retention).map(encodeRecord).join(""),
    shouldCompact: (linesAppended) => {
      const { pending, complete } = book.size;
      const kept = pending + Math.min(complete, retention.maxIds);
      return linesAppended > 2 * kept + (options.compactAfterLines ?? 10_000);
    },
  });
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeWithin(file.open(), path, timeoutMs);
  } catch (error) {
    failed(error);
  }
  if (imported > 0 && !health.isFailing("journal")) {
    await rm(legacy, { force: true });
    log.info({ ids: imported }, "moved the seen-message ids of the dedup gate into the journal");
  }
  const { pending } = book.size;
  if (pending > 0) log.info({ pending }, "resuming messages an earlier run left unfinished");
  return book;
}

/** Replays the journal into `book`; returns how many lines were unreadable. */
async function replayFile(path: string, book: JournalBook): Promise<number> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const record = decodeRecord(line);
    if (record) book.replay(record);
    else skipped++;
  }
  return skipped;
}

/** Adds the ids of the old dedup file (`<channel> <id>` lines) as completed; returns how many. */
async function importSeenIds(path: string, book: JournalBook, at: number): Promise<number> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return 0;
  }
  let count = 0;
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0 || space === line.length - 1) continue;
    book.replay({ type: "complete", id: line.slice(space + 1), at });
    count++;
  }
  return count;
}
