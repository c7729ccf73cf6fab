import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openRedisJournal } from "../../src/bus/cluster-journal.js";
import type { JournalEntry, RecordResult } from "../../src/bus/journal.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { RedisJournal } from "../../src/bus/redis-journal.js";
import { RedisJobs } from "../../src/cluster/redis-jobs.js";
import { configSchema } from "../../src/config/schema.js";
import { hookRequestHandler, startHookServer } from "../../src/scheduler/hook-endpoint.js";
import type { JobChat, ScheduledJob } from "../../src/scheduler/job.js";
import { JobFiles, type JobStore } from "../../src/scheduler/job-store.js";
import { Scheduler } from "../../src/scheduler/scheduler.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

const log = pino({ level: "silent" });
const start = Date.parse("2030-01-01T08:00:00Z");
const chatA: JobChat = { channel: "telegram", chatId: "1" };
const chatB: JobChat = { channel: "slack", chatId: "C1" };

function job(id: string, nextRun: number, createdIn: JobChat = chatA): ScheduledJob {
  return {
    id,
    kind: "reminder",
    text: `reminder ${id}`,
    schedule: { type: "every", seconds: 60 },
    tz: "UTC",
    target: createdIn,
    createdIn,
    createdBy: "user-1",
    isDirect: true,
    createdAt: start,
    nextRun,
  };
}

let server: RedisServer | undefined;
const connections: Redis[] = [];
beforeAll(async () => {
  if (!redisSkipReason) server = await startRedisServer();
});
afterAll(() => server?.stop());
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
});

/** A connection of its own, as another process has. */
async function connection(): Promise<Redis> {
  const redis = await connectRedis({ url: server!.url });
  connections.push(redis);
  return redis;
}

let testNumber = 0;
const implementations: Array<{ name: string; skip: string | undefined; open: () => Promise<() => Promise<JobStore>> }> =
  [
    {
      name: "JobFiles (a JSON file)",
      skip: undefined,
      open: async () => {
        const dir = await mkdtemp(join(tmpdir(), "skein-jobs-"));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        return async () => new JobFiles(join(dir, "jobs.json"));
      },
    },
    {
      name: "RedisJobs (a real redis-server)",
      skip: redisSkipReason,
      open: async () => {
        const prefix = `test${++testNumber}:`;
        return async () => new RedisJobs({ redis: await connection(), prefix });
      },
    },
  ];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.each(implementations)("the job store contract: $name", ({ skip, open }) => {
  /** Opens the same jobs again, as another process (or `skein schedule`) does. */
  let another: () => Promise<JobStore>;
  let store: JobStore;
  beforeEach(async () => {
    if (skip) return;
    another = await open();
    store = await another();
  });

  it.skipIf(skip)("lists nothing at first, then every job added, with its next run", async () => {
    expect(await store.list()).toEqual([]);
    expect(await store.earliestRun()).toBeUndefined();
    await store.add(job("a", start + 2000), 10);
    await store.add(job("b", start + 1000, chatB), 10);
    const seen = await (await another()).list();
    expect(seen.map((each) => each.id).sort()).toEqual(["a", "b"]);
    expect(seen.find((each) => each.id === "a")).toEqual(job("a", start + 2000));
    expect(await store.earliestRun()).toBe(start + 1000);
  });

  it.skipIf(skip)("hands out only the jobs that are due", async () => {
    await store.add(job("early", start), 10);
    await store.add(job("late", start + 60_000), 10);
    expect((await store.due(start)).map((each) => each.id)).toEqual(["early"]);
    expect(await store.due(start - 1)).toEqual([]);
  });

  it.skipIf(skip)(
    "refuses a job over the chat's limit, also when the adds come from two processes at once",
    async () => {
      const other = await another();
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, index) => (index % 2 ? store : other).add(job(`j${index}`, start), 3)),
      );
      expect(outcomes.filter((outcome) => outcome.type === "added")).toHaveLength(3);
      expect(outcomes.filter((outcome) => outcome.type === "chat-full")).toEqual(
        Array.from({ length: 3 }, () => ({ type: "chat-full", count: 3 })),
      );
      expect(await store.add(job("elsewhere", start, chatB), 3)).toEqual({ type: "added" });
      expect(await store.list()).toHaveLength(4);
    },
  );

  it.skipIf(skip)("removes a job only from the chat it was created in (any chat when none is given)", async () => {
    await store.add(job("a", start), 1);
    expect(await store.remove("a", chatB)).toBe(false);
    expect(await store.remove("a", chatA)).toBe(true);
    expect(await store.remove("a")).toBe(false);
    expect(await store.list()).toEqual([]);
    expect(await store.add(job("b", start), 1), "the removed job no longer counts").toEqual({ type: "added" });
  });

  it.skipIf(skip)("moves a job on once: a second timer moving the same run on changes nothing", async () => {
    await store.add(job("a", start), 10);
    const other = await another();
    expect(await store.advance("a", start, start + 60_000)).toBe(true);
    expect(await other.advance("a", start, start + 60_000)).toBe(false);
    expect(await store.list()).toEqual([job("a", start + 60_000)]);
  });

  it.skipIf(skip)("removes a one-time job that ran, and never brings back one removed meanwhile", async () => {
    await store.add(job("once", start), 1);
    expect(await store.advance("once", start, undefined)).toBe(true);
    expect(await store.list()).toEqual([]);
    expect(await store.add(job("again", start), 1)).toEqual({ type: "added" });
    await (await another()).remove("again");
    expect(await store.advance("again", start, start + 60_000)).toBe(false);
    expect(await store.list()).toEqual([]);
  });
});

describe.skipIf(redisSkipReason)("a scheduled run and a webhook in a cluster (a real redis-server)", () => {
  const journals: RedisJournal[] = [];
  afterEach(async () => {
    await Promise.all(journals.splice(0).map((journal) => journal.close()));
  });

  /** The journal of one process of the cluster whose keys start with `prefix`. */
  async function journalOf(prefix: string): Promise<RedisJournal> {
    const journal = await openRedisJournal({
      target: { url: server!.url },
      log,
      retentionMs: 60_000,
      takeoverAfterMs: 60_000,
      partitions: 4,
      prefix,
    });
    journals.push(journal);
    return journal;
  }

  /** Waits until `entries` has `count` entries, then a little longer for any that should not come. */
  async function settled(entries: JournalEntry[], count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (entries.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  it("records a webhook delivery once, whichever process it reaches", async () => {
    const prefix = `hook${++testNumber}:`;
    const token = "ci-hook-token-0123456789abcdef";
    const { hooks } = configSchema.parse({ hooks: { ci: { token, deliver_to: { channel: "slack", chat_id: "C1" } } } });
    const handedOut: JournalEntry[] = [];
    const servers = await Promise.all(
      [1, 2].map(async () => {
        const journal = await journalOf(prefix);
        journal.consume((entry) => handedOut.push(entry));
        const handler = hookRequestHandler({ hooks, record: (message) => journal.record(message), log });
        return startHookServer({ host: "127.0.0.1", port: 0, handler });
      }),
    );
    try {
      const ids = await Promise.all(
        servers.flatMap(({ port }) =>
          ["build red", "build green"].map(async (text) => {
            const response = await fetch(`http://127.0.0.1:${port}/hooks/ci`, {
              method: "POST",
              headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
              body: text,
            });
            expect(response.status).toBe(202);
            return ((await response.json()) as { id: string }).id;
          }),
        ),
      );
      await settled(handedOut, 4);
      expect(handedOut.map((entry) => entry.message.id).sort()).toEqual([...ids].sort());
      expect(new Set(ids).size).toBe(4);
    } finally {
      await Promise.all(servers.map((hookServer) => hookServer.close()));
    }
  });

  it("is recorded once when two processes both fire it: the journal drops the repeated message id", async () => {
    const prefix = `fire${++testNumber}:`;
    const clock = start + 500;
    let arrived = 0;
    let bothArrived!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    /** One process: its own connections, journal and scheduler, all on the same keys. */
    const process_ = async () => {
      const journal = await journalOf(prefix);
      const results: RecordResult[] = [];
      const scheduler = new Scheduler({
        store: new RedisJobs({ redis: await connection(), prefix }),
        record: async (message) => {
          // Both timers hold the same due run before either records it.
          if (++arrived === 2) bothArrived();
          await barrier;
          const result = await journal.record(message);
          results.push(result);
          return result;
        },
        catchUpSeconds: 3600,
        maxJobsPerChat: 10,
        defaultTimeZone: "UTC",
        log,
        now: () => clock,
      });
      return { journal, scheduler, results };
    };
    const [one, two] = await Promise.all([process_(), process_()]);
    await new RedisJobs({ redis: await connection(), prefix }).add(job("daily", start), 10);
    const handedOut: JournalEntry[] = [];
    one.journal.consume((entry) => handedOut.push(entry));
    two.journal.consume((entry) => handedOut.push(entry));

    await Promise.all([one.scheduler.runDue(), two.scheduler.runDue()]);

    expect([...one.results, ...two.results].map((result) => result.type).sort()).toEqual(["duplicate", "recorded"]);
    await settled(handedOut, 1);
    expect(handedOut.map((entry) => entry.message.id)).toEqual([`schedule:daily:${start}`]);
    expect(await one.scheduler.list()).toEqual([job("daily", start + 60_000)]);
  });
});
