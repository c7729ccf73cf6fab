import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileJournal, retentionOf } from "../../src/bus/file-journal.js";
import type { JournalEntry } from "../../src/bus/journal.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import { WriteHealth } from "../../src/util/write-health.js";
import { waitUntil } from "../support/wait-until.js";

const log = pino({ level: "silent" });
const DAY = 86_400_000;

function message(id: string, chatId = "c1"): InboundMessage {
  return { id, channel: "t", chatId, senderId: "u", text: `text of ${id}`, isDirect: true, receivedAt: 1_000 };
}

describe("the file journal", () => {
  let dir: string;
  let clock: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-journal-"));
    clock = 10 * DAY;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const open = (extra: Partial<Parameters<typeof openFileJournal>[0]> = {}) =>
    openFileJournal({ dir, log, maxMessageAgeSeconds: 86_400, now: () => clock, ...extra });

  /** Consumes what the journal hands out, in order. */
  function consumeAll(journal: Awaited<ReturnType<typeof open>>): JournalEntry[] {
    const entries: JournalEntry[] = [];
    journal.consume((entry) => entries.push(entry));
    return entries;
  }

  it("hands out after a restart what was left unfinished, with how far each got, and nothing complete", async () => {
    const first = await open();
    const entries = consumeAll(first);
    for (const id of ["t:1", "t:2", "t:3", "t:4"]) await first.record(message(id));
    await entries[1]!.answered([{ channel: "t", chatId: "c1", text: "reply two" }]);
    await entries[2]!.answered([
      { channel: "t", chatId: "c1", text: "part a" },
      { channel: "t", chatId: "c1", text: "part b" },
    ]);
    await entries[2]!.delivered(0, 0);
    await entries[2]!.delivered(0, 1);
    await entries[3]!.complete();
    await first.close();

    const second = await open();
    const resumed = consumeAll(second);
    expect(resumed.map((entry) => [entry.message.id, entry.progress])).toEqual([
      ["t:1", { type: "received" }],
      ["t:2", { type: "answered", replies: [{ channel: "t", chatId: "c1", text: "reply two" }], delivered: [0] }],
      ["t:3", { type: "answered", replies: expect.any(Array), delivered: [2, 0] }],
    ]);
    expect(resumed[0]!.recordedAt).toBe(clock);
    await second.close();
  });

  it("keeps the streamed preview's id with the progress, across a restart and the compaction at start", async () => {
    const first = await open();
    const entries = consumeAll(first);
    await first.record(message("t:1"));
    await first.record(message("t:2"));
    await entries[0]!.previewed("41");
    await entries[1]!.previewed("42");
    await entries[1]!.answered([{ channel: "t", chatId: "c1", text: "reply two" }]);
    await first.close();

    for (const restart of [1, 2]) {
      const reopened = await open();
      expect(
        consumeAll(reopened).map((entry) => [entry.message.id, entry.progress]),
        `after restart ${restart}`,
      ).toEqual([
        ["t:1", { type: "received", preview: "41" }],
        [
          "t:2",
          {
            type: "answered",
            replies: [{ channel: "t", chatId: "c1", text: "reply two" }],
            delivered: [0],
            preview: "42",
          },
        ],
      ]);
      await reopened.close();
    }
  });

  it("treats a message seen in any state as a duplicate, across a restart, and does not hand it out again", async () => {
    const first = await open();
    const entries = consumeAll(first);
    await first.record(message("t:1"));
    await first.record(message("t:2"));
    await entries[0]!.complete();
    expect(await first.record(message("t:2"))).toEqual({ type: "duplicate", state: "received" });
    await first.close();

    const second = await open();
    const resumed = consumeAll(second);
    expect(await second.record(message("t:1"))).toEqual({ type: "duplicate", state: "complete" });
    expect(await second.record(message("t:2"))).toEqual({ type: "duplicate", state: "received" });
    expect(await second.record(message("t:3"))).toEqual({ type: "recorded" });
    expect(resumed.map((entry) => entry.message.id)).toEqual(["t:2", "t:3"]);
    await second.close();
  });

  it("records a burst of messages with one write and one fsync", async () => {
    let fsyncs = 0;
    const journal = await open({
      fsync: async (file) => {
        fsyncs++;
        await file.datasync();
      },
    });
    consumeAll(journal);
    fsyncs = 0; // opening compacts the file once
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => journal.record(message(`t:${index}`))));
    expect(results.every((result) => result.type === "recorded")).toBe(true);
    expect(fsyncs).toBe(1);
    await journal.close();
  });

  it("hands an entry out once, after it is durable, even to a consumer that subscribes while its fsync runs", async () => {
    let holding = false;
    let fsyncStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (fsyncStarted = resolve));
    let releaseFsync: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (releaseFsync = resolve));
    const journal = await open({
      fsync: async (file) => {
        if (holding) {
          fsyncStarted();
          await released;
        }
        await file.datasync();
      },
    });
    holding = true;
    const recording = journal.record(message("t:1"));
    await started;
    const entries = consumeAll(journal);
    expect(entries, "nothing is handed out before it is durable").toEqual([]);
    releaseFsync();
    expect(await recording).toEqual({ type: "recorded" });
    expect(entries.map((entry) => entry.message.id)).toEqual(["t:1"]);
    await journal.close();
  });

  it("resolves progress records once written, before any fsync, and fsyncs them at close", async () => {
    let fsyncs = 0;
    const journal = await open({
      fsync: async (file) => {
        fsyncs++;
        await file.datasync();
      },
    });
    const entries = consumeAll(journal);
    await journal.record(message("t:1"));
    fsyncs = 0;
    await entries[0]!.answered([{ channel: "t", chatId: "c1", text: "hi" }]);
    await entries[0]!.delivered(0, 0);
    await entries[0]!.complete();
    expect(fsyncs).toBe(0);
    expect(await readFile(join(dir, "journal.jsonl"), "utf8")).toContain('"type":"complete"');
    await journal.close();
    expect(fsyncs).toBe(1);
  });

  it("skips a torn last line and garbage, and appends after them cleanly", async () => {
    const first = await open();
    consumeAll(first);
    await first.record(message("t:1"));
    await first.close();
    await appendFile(join(dir, "journal.jsonl"), 'not json\n{"type":"received","message":{"id":"t:2","chan');

    const second = await open();
    const resumed = consumeAll(second);
    await second.record(message("t:3"));
    await second.close();
    const third = await open();
    expect(consumeAll(third).map((entry) => entry.message.id)).toEqual(["t:1", "t:3"]);
    expect(resumed.map((entry) => entry.message.id)).toEqual(["t:1", "t:3"]);
    await third.close();
  });

  it("stays small: compaction keeps pending messages and recent ids, and forgets ids past the retention", async () => {
    const journal = await open({ maxCompletedIds: 100 });
    const entries = consumeAll(journal);
    const burst = (prefix: string, count: number) =>
      Promise.all(Array.from({ length: count }, (_, index) => journal.record(message(`${prefix}:${index}`))));
    await burst("old", 300);
    await Promise.all(entries.map((entry) => entry.complete()));
    clock += 8 * DAY; // past the 7-day retention
    await journal.record(message("pending"));
    await burst("new", 600);
    await Promise.all(entries.slice(301).map((entry) => entry.complete()));
    await journal.close();
    const sizeBefore = (await stat(join(dir, "journal.jsonl"))).size;

    const reopened = await open({ maxCompletedIds: 100 });
    expect(consumeAll(reopened).map((entry) => entry.message.id)).toEqual(["pending"]);
    expect(reopened.size).toEqual({ pending: 1, complete: 100 });
    expect(reopened.stateOf("new:599")).toBe("complete");
    expect(reopened.stateOf("new:0")).toBeUndefined();
    expect(reopened.stateOf("old:0")).toBeUndefined();
    expect((await stat(join(dir, "journal.jsonl"))).size).toBeLessThan(sizeBefore / 5);
    await reopened.close();
  });

  it("compacts while running, between appends, without losing a record", async () => {
    const journal = await open({ compactAfterLines: 20, maxCompletedIds: 20 });
    const entries = consumeAll(journal);
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 10 }, (_, index) => journal.record(message(`r${round}:${index}`))));
      await Promise.all(entries.slice(-10, -1).map((entry) => entry.complete()));
    }
    const lines = (await readFile(join(dir, "journal.jsonl"), "utf8")).trim().split("\n");
    expect(lines.length).toBeLessThan(100); // every record appended would be 190 lines
    await journal.close();
    const reopened = await open({ maxCompletedIds: 20 });
    expect(consumeAll(reopened).map((entry) => entry.message.id)).toEqual(
      Array.from({ length: 10 }, (_, round) => `r${round}:9`),
    );
    expect(reopened.size).toEqual({ pending: 10, complete: 20 });
    expect(reopened.stateOf("r9:8")).toBe("complete");
    await reopened.close();
  });

  it("keeps completed ids for the longer of 7 days and twice max_message_age", () => {
    expect(retentionOf(86_400).ms).toBe(7 * DAY);
    expect(retentionOf(10 * 86_400).ms).toBe(20 * DAY);
  });

  it("takes over the ids of the former dedup gate's file and deletes it", async () => {
    await writeFile(join(dir, "seen-messages.log"), "telegram telegram:1:5\nslack slack:C1:1.2\n");
    const journal = await open();
    expect(journal.stateOf("telegram:1:5")).toBe("complete");
    expect(journal.stateOf("slack:C1:1.2")).toBe("complete");
    await expect(stat(join(dir, "seen-messages.log"))).rejects.toMatchObject({ code: "ENOENT" });
    await journal.close();
    const reopened = await open();
    expect(reopened.stateOf("telegram:1:5")).toBe("complete");
    await reopened.close();
  });

  it("answers from memory while its file cannot be written, reports it, and writes everything once it can", async () => {
    let failing = false;
    const health = new WriteHealth({ log });
    const journal = await open({
      writeHealth: health,
      retryMs: 20,
      fsync: async (file) => {
        if (failing) throw Object.assign(new Error("ENOSPC: no space left on device, fdatasync"), { code: "ENOSPC" });
        await file.datasync();
      },
    });
    const entries = consumeAll(journal);
    failing = true;
    expect(await journal.record(message("t:1"))).toEqual({ type: "recorded" });
    expect(
      entries.map((entry) => entry.message.id),
      "handed out from memory",
    ).toEqual(["t:1"]);
    expect(health.failures).toEqual([
      expect.objectContaining({ store: "journal", path: join(dir, "journal.jsonl"), cause: "ENOSPC" }),
    ]);
    await entries[0]!.answered([{ channel: "t", chatId: "c1", text: "reply one" }]);
    expect(await journal.record(message("t:2"))).toEqual({ type: "recorded" });
    expect(await journal.record(message("t:1")), "a redelivery is still a duplicate").toEqual({
      type: "duplicate",
      state: "answered",
    });

    failing = false;
    await waitUntil(() => !health.isFailing("journal"), "the journal writes again");
    await journal.close();
    const reopened = await open();
    expect(
      consumeAll(reopened).map((entry) => [entry.message.id, entry.progress.type]),
      "the file holds what was recorded while it could not be written",
    ).toEqual([
      ["t:1", "answered"],
      ["t:2", "received"],
    ]);
    await reopened.close();
  });
});
