import type { FileHandle } from "node:fs/promises";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
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
}

const DAY_MS = 86_400_000;

/**
 * How long a completed message id is remembered: the longer of 7 days and twice
 * `max_message_age` (a redelivery older than `max_message_age` is not answered anyway).
 */
export function retentionOf(maxMessageAgeSeconds: number, maxIds = 100_000): Retention {
  return { ms: Math.max(7 * DAY_MS, 2 * maxMessageAgeSeconds * 1000), maxIds };
}

/**
 * Opens the durable journal under `dir`: replays `journal.jsonl` (a torn or garbage line
 * is skipped), imports the ids of the former dedup gate's `seen-messages.log` as completed
 * (then deletes that file), and rewrites the file compacted. From then on records are
 * appended with group commit, and the file is compacted again whenever it has grown to
 * twice what it holds (plus 10,000 lines), so it stays small over months.
 */
export async function openFileJournal(options: FileJournalOptions): Promise<JournalBook> {
  const { dir, log } = options;
  const path = join(dir, "journal.jsonl");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const retention = retentionOf(options.maxMessageAgeSeconds, options.maxCompletedIds);
  const now = options.now ?? Date.now;
  let file: JournalFile | undefined;
  const book = new JournalBook({
    now,
    persist: (record, durability) => {
      if (!file) return Promise.reject(new Error("the journal is not open"));
      return file.append(encodeRecord(record), durability);
    },
    onClose: () => file?.close() ?? Promise.resolve(),
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
  await file.open();
  if (imported > 0) {
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
