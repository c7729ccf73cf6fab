#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { writeAll } from "./chunk-MNLODEE5.js";
import { WriteHealth, writeWithin } from "./chunk-ZHRPOCJR.js";
var JournalBook = class {
  #persist;
  #onClose;
  #now;
  #pending = new Map();
  #complete = new Map();
  #consumer;
  #closed = !1;
  constructor(options = {}) {
    (this.#persist = options.persist), (this.#onClose = options.onClose), (this.#now = options.now ?? Date.now);
  }
  async record(message, signal) {
    if ((signal?.throwIfAborted(), this.#closed)) throw new Error("the journal is closed");
    const earlier = this.#pending.get(message.id);
    earlier && (await earlier.durable.catch(() => {}));
    const state = this.stateOf(message.id);
    if (state) return { type: "duplicate", state };
    const recordedAt = this.#now(),
      durable = this.#persist?.({ type: "received", message, at: recordedAt }, "synced") ?? Promise.resolve(),
      pending = { message, recordedAt, progress: { type: "received" }, handedOut: !1, recorded: !1, durable };
    this.#pending.set(message.id, pending);
    try {
      await durable;
    } catch (error) {
      throw (this.#pending.delete(message.id), error);
    }
    return (pending.recorded = !0), this.#handOut(pending), { type: "recorded" };
  }
  consume(consumer) {
    this.#consumer = consumer;
    for (const pending of this.#pending.values()) {
      if (this.#consumer !== consumer) break;
      this.#handOut(pending);
    }
    return () => {
      this.#consumer === consumer && (this.#consumer = void 0);
    };
  }
  async close() {
    this.#closed || ((this.#closed = !0), (this.#consumer = void 0), await this.#onClose?.());
  }
  stateOf(id) {
    return this.#pending.get(id)?.progress.type ?? (this.#complete.has(id) ? "complete" : void 0);
  }
  get size() {
    return { pending: this.#pending.size, complete: this.#complete.size };
  }
  replay(record) {
    switch (record.type) {
      case "received":
        if (this.stateOf(record.message.id)) return;
        this.#pending.set(record.message.id, {
          message: record.message,
          recordedAt: record.at,
          progress: { type: "received" },
          handedOut: !1,
          recorded: !0,
          durable: Promise.resolve(),
        });
        return;
      case "answered": {
        const pending = this.#pending.get(record.id);
        pending && (pending.progress = answered(record.replies, record.delivered, pending.progress.preview));
        return;
      }
      case "preview": {
        const pending = this.#pending.get(record.id);
        pending && (pending.progress = { ...pending.progress, preview: record.messageId });
        return;
      }
      case "delivered": {
        const progress = this.#pending.get(record.id)?.progress;
        progress?.type === "answered" && advance(progress, record.reply, record.chunk);
        return;
      }
      case "complete":
        this.#pending.delete(record.id), this.#complete.delete(record.id), this.#complete.set(record.id, record.at);
        return;
    }
  }
  snapshot(retention) {
    let oldest = this.#now() - retention.ms,
      excess = this.#complete.size - retention.maxIds;
    for (const [id, at] of this.#complete) {
      if (excess <= 0 && at >= oldest) break;
      this.#complete.delete(id), excess--;
    }
    const records = [];
    for (const [id, at] of this.#complete) records.push({ type: "complete", id, at });
    for (const pending of this.#pending.values()) {
      records.push({ type: "received", message: pending.message, at: pending.recordedAt });
      const { progress } = pending;
      progress.type === "answered" &&
        records.push({
          type: "answered",
          id: pending.message.id,
          replies: progress.replies,
          delivered: progress.delivered,
        }),
        progress.preview && records.push({ type: "preview", id: pending.message.id, messageId: progress.preview });
    }
    return records;
  }
  #handOut(pending) {
    const consumer = this.#consumer;
    !consumer || pending.handedOut || !pending.recorded || ((pending.handedOut = !0), consumer(this.#entryOf(pending)));
  }
  #entryOf(pending) {
    const { id } = pending.message,
      persist = (record) => this.#persist?.(record, "written") ?? Promise.resolve(),
      snapshot = pending.progress;
    return {
      message: pending.message,
      recordedAt: pending.recordedAt,
      progress:
        snapshot.type === "answered" ? answered(snapshot.replies, snapshot.delivered, snapshot.preview) : snapshot,
      answered: async (replies) => {
        this.#pending.has(id) &&
          ((pending.progress = answered(replies, void 0, pending.progress.preview)),
          await persist({ type: "answered", id, replies }));
      },
      previewed: async (messageId) => {
        !this.#pending.has(id) ||
          pending.progress.preview === messageId ||
          ((pending.progress = { ...pending.progress, preview: messageId }),
          await persist({ type: "preview", id, messageId }));
      },
      delivered: async (reply, chunk) => {
        pending.progress.type !== "answered" ||
          !this.#pending.has(id) ||
          (advance(pending.progress, reply, chunk), await persist({ type: "delivered", id, reply, chunk }));
      },
      complete: async () => {
        if (!this.#pending.delete(id)) return;
        const at = this.#now();
        this.#complete.set(id, at), await persist({ type: "complete", id, at });
      },
    };
  }
};
function answered(replies, delivered, preview) {
  const progress = { type: "answered", replies, delivered: replies.map((_, index) => delivered?.[index] ?? 0) };
  return preview ? { ...progress, preview } : progress;
}
function advance(progress, reply, chunk) {
  reply < 0 ||
    reply >= progress.delivered.length ||
    (progress.delivered[reply] = Math.max(progress.delivered[reply] ?? 0, chunk + 1));
}
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
var JournalFile = class {
  #options;
  #fsync;
  #file;
  #queue = [];
  #running = !1;
  #idle = [];
  #linesAppended = 0;
  #rewriteNext = !1;
  #unsynced = !1;
  #lazySync;
  #awaitingSync = [];
  #syncing;
  constructor(options) {
    (this.#options = options), (this.#fsync = options.fsync ?? ((file) => file.datasync()));
  }
  async open() {
    await this.#compact();
  }
  append(text, durability) {
    return new Promise((resolve, reject) => {
      this.#queue.push({ text, durability, resolve, reject }), this.#kick();
    });
  }
  rewrite() {
    return (this.#rewriteNext = !0), this.append("", "synced");
  }
  async close() {
    this.#running && (await new Promise((resolve) => this.#idle.push(resolve))),
      await this.#syncing,
      clearTimeout(this.#lazySync);
    const file = this.#file;
    if (((this.#file = void 0), !!file))
      try {
        this.#unsynced && (await this.#fsync(file));
      } finally {
        await file.close();
      }
  }
  #kick() {
    this.#running ||
      ((this.#running = !0),
      setImmediate(() => {
        this.#run();
      }));
  }
  async #run() {
    for (; this.#queue.length > 0; ) {
      const batch = this.#queue.splice(0);
      try {
        if (this.#rewriteNext || this.#options.shouldCompact(this.#linesAppended)) {
          await this.#syncing, await this.#compact(), (this.#rewriteNext = !1);
          for (const waiter of batch) waiter.resolve();
        } else await this.#appendBatch(batch);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.#running = !1;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
  async #appendBatch(batch) {
    const file = this.#file;
    if (!file) throw new Error("the journal file is closed");
    const text = batch.map((waiter) => waiter.text).join("");
    text && (await writeAll(file, Buffer.from(text)), (this.#linesAppended += batch.length));
    const synced = batch.filter((waiter) => waiter.durability === "synced");
    for (const waiter of batch) waiter.durability === "written" && waiter.resolve();
    if (synced.length === 0) {
      text && this.#scheduleLazySync();
      return;
    }
    this.#awaitingSync.push(...synced), (this.#syncing ??= this.#syncAll(file));
  }
  async #syncAll(file) {
    try {
      for (; this.#awaitingSync.length > 0; ) {
        const waiters = this.#awaitingSync.splice(0);
        try {
          (this.#unsynced = !1), await this.#fsync(file);
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          this.#unsynced = !0;
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.#syncing = void 0;
    }
  }
  #scheduleLazySync() {
    (this.#unsynced = !0),
      !this.#lazySync &&
        ((this.#lazySync = setTimeout(() => {
          (this.#lazySync = void 0), this.#unsynced && this.append("", "synced").catch(() => {});
        }, this.#options.lazySyncMs ?? 1e3)),
        this.#lazySync.unref());
  }
  async #compact() {
    const text = this.#options.snapshot(),
      path = this.#options.path,
      temporary = `${path}.tmp`,
      draft = await open(temporary, "w", 384);
    try {
      await writeAll(draft, Buffer.from(text)), await this.#fsync(draft);
    } finally {
      await draft.close();
    }
    await rename(temporary, path), await syncDirectory(dirname(path));
    const previous = this.#file;
    (this.#file = await open(path, "a", 384)),
      await previous?.close(),
      (this.#linesAppended = 0),
      (this.#unsynced = !1);
  }
};
async function syncDirectory(directory) {
  let handle;
  try {
    (handle = await open(directory, "r")), await handle.sync();
  } catch {
  } finally {
    await handle?.close();
  }
}
function encodeRecord(record) {
  return `${JSON.stringify(record)}
`;
}
function decodeRecord(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof value != "object" || value === null) return;
  const record = value;
  switch (record.type) {
    case "received": {
      const message = record.message;
      return typeof message?.id == "string" &&
        typeof message.channel == "string" &&
        typeof message.chatId == "string" &&
        typeof record.at == "number"
        ? record
        : void 0;
    }
    case "answered":
      return typeof record.id == "string" && Array.isArray(record.replies) ? record : void 0;
    case "delivered":
      return typeof record.id == "string" && typeof record.reply == "number" && typeof record.chunk == "number"
        ? record
        : void 0;
    case "preview":
      return typeof record.id == "string" && typeof record.messageId == "string" ? record : void 0;
    case "complete":
      return typeof record.id == "string" && typeof record.at == "number" ? record : void 0;
    default:
      return;
  }
}
var DAY_MS = 864e5;
function retentionOf(maxMessageAgeSeconds, maxIds = 1e5) {
  return { ms: Math.max(7 * DAY_MS, 2 * maxMessageAgeSeconds * 1e3), maxIds };
}
var notDurable = "messages are answered from memory and are not durable until writes succeed again";
async function openFileJournal(options) {
  let { dir, log } = options,
    path = join(dir, "journal.jsonl"),
    health = options.writeHealth ?? new WriteHealth({ log }),
    timeoutMs = options.writeTimeoutMs ?? 5e3,
    retention = retentionOf(options.maxMessageAgeSeconds, options.maxCompletedIds),
    now = options.now ?? Date.now,
    file,
    retry,
    closed = !1,
    failed = (error) => {
      health.failed("journal", path, error, notDurable),
        !(retry || closed) &&
          ((retry = setTimeout(() => {
            !file ||
              closed ||
              writeWithin(file.rewrite(), path, timeoutMs).then(
                () => {
                  (retry = void 0), health.succeeded("journal");
                },
                (error2) => {
                  (retry = void 0), failed(error2);
                },
              );
          }, options.retryMs ?? 2e3)),
          retry.unref());
    },
    book = new JournalBook({
      now,
      persist: async (record, durability) => {
        if (!file) throw new Error("the journal is not open");
        health.isFailing("journal") ||
          (await writeWithin(file.append(encodeRecord(record), durability), path, timeoutMs).catch(failed));
      },
      onClose: async () => {
        (closed = !0),
          clearTimeout(retry),
          await file?.close().catch((error) => health.failed("journal", path, error, "the journal is closed"));
      },
    }),
    skipped = await replayFile(path, book);
  skipped > 0 && log.warn({ path, skipped }, "skipped unreadable journal lines (a torn write at a crash)");
  const legacy = join(dir, "seen-messages.log"),
    imported = await importSeenIds(legacy, book, now());
  file = new JournalFile({
    path,
    fsync: options.fsync,
    snapshot: () => book.snapshot(retention).map(encodeRecord).join(""),
    shouldCompact: (linesAppended) => {
      const { pending: pending2, complete } = book.size,
        kept = pending2 + Math.min(complete, retention.maxIds);
      return linesAppended > 2 * kept + (options.compactAfterLines ?? 1e4);
    },
  });
  try {
    await mkdir(dir, { recursive: !0, mode: 448 }), await writeWithin(file.open(), path, timeoutMs);
  } catch (error) {
    failed(error);
  }
  imported > 0 &&
    !health.isFailing("journal") &&
    (await rm(legacy, { force: !0 }),
    log.info({ ids: imported }, "moved the seen-message ids of the dedup gate into the journal"));
  const { pending } = book.size;
  return pending > 0 && log.info({ pending }, "resuming messages an earlier run left unfinished"), book;
}
async function replayFile(path, book) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return 0;
    throw error;
  }
  let skipped = 0;
  for (const line of text.split(`
`)) {
    if (line.trim() === "") continue;
    const record = decodeRecord(line);
    record ? book.replay(record) : skipped++;
  }
  return skipped;
}
async function importSeenIds(path, book, at) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return 0;
  }
  let count = 0;
  for (const line of text.split(`
`)) {
    const space = line.indexOf(" ");
    space <= 0 ||
      space === line.length - 1 ||
      (book.replay({ type: "complete", id: line.slice(space + 1), at }), count++);
  }
  return count;
}
export { JournalBook, openFileJournal, retentionOf };
//# sourceMappingURL=chunk-KSKPHG5U.js.map
