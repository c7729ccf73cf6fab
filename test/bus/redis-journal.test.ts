import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openRedisJournal } from "../../src/bus/cluster-journal.js";
import type { JournalEntry } from "../../src/bus/journal.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { RedisJournal } from "../../src/bus/redis-journal.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

const log = pino({ level: "silent" });
const reply = (text: string) => ({ channel: "t", chatId: "c1", text });

function message(id: string, chatId = "c1"): InboundMessage {
  return { id, channel: "t", chatId, senderId: "u", text: `text of ${id}`, isDirect: true, receivedAt: 1_000 };
}

/** Waits (polling, 10 s at most) until `condition` holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(redisSkipReason)("the Redis journal (a real redis-server)", () => {
  let server: RedisServer;
  let prefix: string;
  const opened: RedisJournal[] = [];
  let testNumber = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.stop());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((journal) => journal.close()));
  });

  /** A journal as one process of a cluster sees it; every journal of one test shares the keys. */
  async function open(takeoverAfterMs = 60_000): Promise<RedisJournal> {
    const journal = await openRedisJournal({
      target: { url: server.url },
      log,
      retentionMs: 60_000,
      takeoverAfterMs,
      partitions: 8,
      prefix,
    });
    opened.push(journal);
    return journal;
  }

  function consumeAll(journal: RedisJournal): JournalEntry[] {
    const entries: JournalEntry[] = [];
    journal.consume((entry) => entries.push(entry));
    return entries;
  }

  const freshKeys = () => {
    prefix = `test${++testNumber}:`;
  };

  it("records a message once: the same id again, from any process, is a duplicate and is not handed out twice", async () => {
    freshKeys();
    const first = await open();
    const second = await open();
    const entries: JournalEntry[] = [];
    for (const journal of [first, second]) journal.consume((entry) => entries.push(entry));
    expect(await first.record(message("t:1"))).toEqual({ type: "recorded" });
    expect(await second.record(message("t:1"))).toEqual({ type: "duplicate", state: "received" });
    await until(() => entries.length === 1, "the message is handed out");
    await entries[0]!.answered([reply("hi")]);
    expect(await second.record(message("t:1"))).toEqual({ type: "duplicate", state: "answered" });
    await entries[0]!.complete();
    expect(await second.record(message("t:1"))).toEqual({ type: "duplicate", state: "complete" });
    expect(entries.map((entry) => entry.message.id)).toEqual(["t:1"]);
    expect(entries[0]!.progress).toEqual({ type: "received" });
  });

  it("hands out each chat's messages in the order they were recorded", async () => {
    freshKeys();
    const journal = await open();
    const entries = consumeAll(journal);
    const sent: string[] = [];
    for (let index = 0; index < 60; index++) {
      const id = `t:${index}`;
      sent.push(id);
      await journal.record(message(id, `chat${index % 6}`));
    }
    await until(() => entries.length === 60, "all 60 are handed out");
    for (let chat = 0; chat < 6; chat++) {
      const ofChat = (ids: string[]) => ids.filter((id) => Number(id.slice(2)) % 6 === chat);
      expect(ofChat(entries.map((entry) => entry.message.id))).toEqual(ofChat(sent));
    }
  });

  it("hands a dead process's unfinished messages to another after takeover_after, with how far each got (previews too)", async () => {
    freshKeys();
    const dying = await open(400);
    const dyingEntries = consumeAll(dying);
    for (const id of ["t:1", "t:2", "t:3"]) await dying.record(message(id));
    await until(() => dyingEntries.length === 3, "the first process has all three");
    await dyingEntries[0]!.complete();
    await dyingEntries[1]!.previewed("71");
    await dyingEntries[2]!.previewed("72");
    await dyingEntries[1]!.answered([reply("one"), reply("two")]);
    await dyingEntries[1]!.delivered(0, 1);
    dying.abandon();

    const survivor = await open(400);
    const entries = consumeAll(survivor);
    await until(() => entries.length === 2, "the survivor has the two unfinished ones");
    expect(entries.map((entry) => [entry.message.id, entry.progress])).toEqual([
      ["t:2", { type: "answered", replies: [reply("one"), reply("two")], delivered: [2, 0], preview: "71" }],
      ["t:3", { type: "received", preview: "72" }],
    ]);
    expect(entries[0]!.recordedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses progress from a process whose partition was taken over (fencing), though it beats again", async () => {
    freshKeys();
    const stale = await open();
    const staleEntries = consumeAll(stale);
    await stale.record(message("t:1"));
    await until(() => staleEntries.length === 1, "the first process has the message");
    // The others declared it gone (it paused past the silence), then it came back: its leases are another's.
    const admin = await connectRedis({ url: server.url });
    await admin.hdel(`${prefix}beats`, stale.holder);
    admin.disconnect();

    const survivor = await open();
    const entries = consumeAll(survivor);
    await until(() => entries.length === 1, "the survivor has the message");
    await expect(staleEntries[0]!.answered([reply("late")])).rejects.toThrow(/LEASELOST/);
    await expect(staleEntries[0]!.complete()).rejects.toThrow(/LEASELOST/);
    expect(await survivor.record(message("t:1"))).toEqual({ type: "duplicate", state: "received" });
    await entries[0]!.complete();
    expect(await survivor.record(message("t:1"))).toEqual({ type: "duplicate", state: "complete" });
  });

  it("spreads the partitions over the processes that consume, each held by one", async () => {
    freshKeys();
    const first = await open(300);
    const second = await open(300);
    consumeAll(first);
    consumeAll(second);
    await until(
      () => first.ownedPartitions.length === 4 && second.ownedPartitions.length === 4,
      "each holds half of the 8 partitions",
    );
    expect(new Set([...first.ownedPartitions, ...second.ownedPartitions]).size).toBe(8);
  });

  it("hands its partitions over when it drains: the idle ones at once, a busy one as soon as its entry completes", async () => {
    freshKeys();
    // Beats every 7.5 s: only the announced releases explain a handover within a second.
    const leaving = await open();
    const leavingEntries = consumeAll(leaving);
    await until(() => leaving.ownedPartitions.length === 8, "the first process holds every partition");
    await leaving.record(message("t:1"));
    await until(() => leavingEntries.length === 1, "it has a message in hand");
    const staying = await open();
    consumeAll(staying);
    await staying.membership.afterRound();

    const drainedAt = Date.now();
    const drained = leaving.drain();
    await until(() => staying.ownedPartitions.length === 7, "the other process took the seven idle partitions");
    expect(Date.now() - drainedAt).toBeLessThan(1_000);
    await leavingEntries[0]!.complete();
    await drained;
    await until(() => staying.ownedPartitions.length === 8, "the other process took the last one too");
    expect(Date.now() - drainedAt).toBeLessThan(2_000);
  });

  it("loses nothing it acknowledged as recorded when Redis is killed and restarted, and rejects records while it is down", async () => {
    freshKeys();
    const journal = await open();
    for (let index = 0; index < 20; index++) await journal.record(message(`t:${index}`, `chat${index % 4}`));
    await server.kill();
    await expect(journal.record(message("t:down"))).rejects.toThrow();
    await server.start();
    let recorded = false;
    const deadline = Date.now() + 10_000;
    while (!recorded && Date.now() < deadline) {
      recorded = await journal.record(message("t:after")).then(
        () => true,
        () => false,
      );
      if (!recorded) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(recorded).toBe(true);
    const entries = consumeAll(journal);
    await until(() => entries.length === 21, "all 21 recorded messages are handed out");
    expect(entries.map((entry) => entry.message.id)).not.toContain("t:down");
  });
});
