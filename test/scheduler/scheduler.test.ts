import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InboundMessage } from "../../src/bus/messages.js";
import { silentLogger } from "../../src/log.js";
import { JobFiles, type JobStore, jobsFile } from "../../src/scheduler/job-store.js";
import { type NewJob, Scheduler } from "../../src/scheduler/scheduler.js";
import { type Harness, startHarness } from "../agent/harness.js";
import { recordingLogger } from "../support/tool-context.js";

const start = Date.parse("2030-01-01T08:00:00Z");

/** A clock the test moves by hand. */
function fakeClock() {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(at: number) {
      now = at;
    },
  };
}

const here = { channel: "test", chatId: "chat-1" };

function job(extra: Partial<NewJob>): NewJob {
  return {
    text: "stand-up in 5 minutes",
    kind: "reminder",
    target: here,
    createdIn: here,
    createdBy: "user-1",
    isDirect: true,
    ...extra,
  };
}

describe("the scheduler", () => {
  let harness: Harness;
  let clock: ReturnType<typeof fakeClock>;
  let recorded: InboundMessage[];
  let results: string[];
  let stop: AbortController;

  function schedulerFor(home: string, extra: { catchUpSeconds?: number; maxJobsPerChat?: number } = {}) {
    return new Scheduler({
      store: new JobFiles(jobsFile(home)),
      record: async (message) => {
        recorded.push(message);
        const result = await harness.bus.publishInbound(message);
        results.push(result.type);
        return result;
      },
      catchUpSeconds: extra.catchUpSeconds ?? 3600,
      maxJobsPerChat: extra.maxJobsPerChat ?? 50,
      defaultTimeZone: "Europe/Berlin",
      log: silentLogger(),
      now: clock.now,
    });
  }

  beforeEach(async () => {
    harness = await startHarness({ agent: { models: ["fake-model", "fake-large"] } });
    clock = fakeClock();
    recorded = [];
    results = [];
    stop = new AbortController();
  });
  afterEach(async () => {
    stop.abort();
    await harness.close();
  });

  it("sends a reminder's text at its time to the chat it names, without asking the model", async () => {
    const scheduler = schedulerFor(harness.home);
    await scheduler.start(stop.signal);
    const added = await scheduler.add(job({ at: "2030-01-01T09:30:00", target: { channel: "test", chatId: "team" } }));
    expect(added).toMatchObject({ type: "added", job: { nextRun: Date.parse("2030-01-01T08:30:00Z") } });

    clock.set(Date.parse("2030-01-01T08:29:59Z"));
    await scheduler.runDue();
    expect(recorded).toHaveLength(0);

    clock.set(Date.parse("2030-01-01T08:30:00Z"));
    await scheduler.runDue();
    const outcome = await harness.outcomeOf(recorded[0]!.id);
    expect(outcome.status).toBe("answered");
    expect(harness.sent).toEqual([{ channel: "test", chatId: "team", text: "stand-up in 5 minutes" }]);
    expect(harness.fake.requests).toHaveLength(0);
    expect(await scheduler.list(here)).toEqual([]);
  });

  it("runs a recurring task through the model and delivers its answer, each period", async () => {
    const scheduler = schedulerFor(harness.home);
    await scheduler.start(stop.signal);
    await scheduler.add(job({ kind: "task", every: 3600, text: "Check the build status", name: "build" }));
    harness.fake.reply({ content: "The build is green." }, { content: "Still green." });

    for (const expected of ["The build is green.", "Still green."]) {
      clock.advance(3600_000);
      await scheduler.runDue();
      await harness.outcomeOf(recorded.at(-1)!.id);
      expect(harness.sent.at(-1)).toMatchObject({ chatId: "chat-1", text: expected });
    }
    const asked = String(harness.fake.requests[0]!.body.messages.at(-1)!.content);
    expect(asked).toContain("nobody just wrote");
    expect(asked).toContain("Check the build status");
    const [jobId] = (await scheduler.list(here)).map((stored) => stored.id);
    expect(recorded.map((message) => message.id)).toEqual([
      `schedule:${jobId}:${start + 3600_000}`,
      `schedule:${jobId}:${start + 7200_000}`,
    ]);
  });

  it("runs a task with the model it names while /model offers it, else the conversation's", async () => {
    const scheduler = schedulerFor(harness.home);
    await scheduler.add(job({ kind: "task", every: 60, text: "Summarise the day", model: "fake-large" }));
    await scheduler.add(job({ kind: "task", every: 60, text: "Summarise the week", model: "gpt-retired" }));
    clock.advance(60_000);
    await scheduler.runDue();
    await Promise.all(recorded.map((message) => harness.outcomeOf(message.id)));
    const modelAsked = (text: string) =>
      harness.fake.requests.find((request) => JSON.stringify(request.body.messages).includes(text))?.body.model;
    expect(modelAsked("Summarise the day")).toBe("fake-large");
    expect(modelAsked("Summarise the week")).toBe("fake-model");
  });

  it("sends nothing when a task answers NOTHING_TO_REPORT", async () => {
    const scheduler = schedulerFor(harness.home);
    await scheduler.start(stop.signal);
    await scheduler.add(job({ kind: "task", every: 60, text: "Anything new in the inbox?" }));
    harness.fake.reply({ content: "NOTHING_TO_REPORT" });
    clock.advance(60_000);
    await scheduler.runDue();
    const outcome = await harness.outcomeOf(recorded[0]!.id);
    expect(outcome.status).toBe("answered");
    expect(harness.fake.requests).toHaveLength(1);
    expect(harness.sent).toEqual([]);
  });

  it("keeps its jobs across a restart", async () => {
    await schedulerFor(harness.home).add(job({ cron: "0 9 * * *", tz: "UTC" }));
    const restarted = schedulerFor(harness.home);
    expect(await restarted.list(here)).toMatchObject([{ schedule: { type: "cron", expression: "0 9 * * *" } }]);
    clock.set(Date.parse("2030-01-01T09:00:00Z"));
    await restarted.start(stop.signal);
    expect(recorded).toHaveLength(1);
  });

  it("fires a run missed while down once on start, when it is younger than catch_up", async () => {
    await schedulerFor(harness.home).add(job({ every: 600 }));
    clock.advance(3 * 600_000 + 1000); // down for three periods
    await schedulerFor(harness.home).start(stop.signal);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.id).toMatch(new RegExp(`:${start + 600_000}$`));
    const [stored] = await schedulerFor(harness.home).list();
    expect(stored!.nextRun).toBe(start + 4 * 600_000);
  });

  it("skips and does not fire a missed run older than catch_up", async () => {
    await schedulerFor(harness.home).add(job({ every: 600 }));
    clock.advance(2 * 3600_000);
    await schedulerFor(harness.home, { catchUpSeconds: 3600 }).start(stop.signal);
    expect(recorded).toHaveLength(0);
    const [stored] = await schedulerFor(harness.home).list();
    expect(stored!.nextRun).toBeGreaterThan(clock.now());
  });

  it("fires a run once when a crash kept its next run from being stored (the journal drops the repeat)", async () => {
    const scheduler = schedulerFor(harness.home);
    await scheduler.add(job({ every: 60 }));
    const copy = await mkdtemp(join(tmpdir(), "skein-schedule-"));
    try {
      await cp(join(harness.home, "schedule"), join(copy, "schedule"), { recursive: true });
      clock.advance(60_000);
      await scheduler.runDue();
      await schedulerFor(copy).runDue(); // the state on disk before the first run was stored
      expect(recorded).toHaveLength(2);
      expect(recorded[1]!.id).toBe(recorded[0]!.id);
      expect(results).toEqual(["recorded", "duplicate"]);
      await harness.outcomeOf(recorded[0]!.id);
      expect(harness.sent).toHaveLength(1);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it("refuses a bad expression, a past time, an unknown time zone and more jobs than the chat may have", async () => {
    const scheduler = schedulerFor(harness.home, { maxJobsPerChat: 1 });
    expect(await scheduler.add(job({ cron: "61 * * * *" }))).toMatchObject({ type: "refused", reason: /minute/ });
    expect(await scheduler.add(job({ cron: "* * * *" }))).toMatchObject({ type: "refused", reason: /5 fields/ });
    expect(await scheduler.add(job({ at: "2029-12-31T23:00:00Z" }))).toMatchObject({ type: "refused", reason: /past/ });
    expect(await scheduler.add(job({ at: "tomorrow" }))).toMatchObject({ type: "refused", reason: /ISO 8601/ });
    expect(await scheduler.add(job({ every: 30 }))).toMatchObject({ type: "refused", reason: /at least 60/ });
    expect(await scheduler.add(job({ every: 60, tz: "Mars/Olympus" }))).toMatchObject({
      type: "refused",
      reason: /time zone/,
    });
    expect(await scheduler.add(job({ every: 60, cron: "* * * * *" }))).toMatchObject({
      type: "refused",
      reason: /exactly one/,
    });
    expect(await scheduler.add(job({ every: 60 }))).toMatchObject({ type: "added" });
    expect(await scheduler.add(job({ every: 60 }))).toMatchObject({ type: "refused", reason: /max_jobs_per_chat/ });
    expect(JSON.parse(await readFile(jobsFile(harness.home), "utf8")).jobs).toHaveLength(1);
  });

  it("logs a store that cannot be read once while it lasts, and says when it works again", async () => {
    const { log, lines } = recordingLogger();
    let down = true;
    const files = new JobFiles(jobsFile(harness.home));
    const flaky: JobStore = {
      list: () => files.list(),
      due: (now) => (down ? Promise.reject(new Error("Redis is unreachable")) : files.due(now)),
      earliestRun: () => files.earliestRun(),
      add: (added, max) => files.add(added, max),
      remove: (id, chat) => files.remove(id, chat),
      advance: (id, from, to) => files.advance(id, from, to),
    };
    const scheduler = new Scheduler({
      store: flaky,
      record: async () => undefined,
      catchUpSeconds: 3600,
      maxJobsPerChat: 50,
      defaultTimeZone: "UTC",
      log,
      now: clock.now,
    });
    for (let wakeUp = 0; wakeUp < 3; wakeUp++) await scheduler.runDue();
    down = false;
    await scheduler.runDue();
    await scheduler.runDue();
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
      "scheduled jobs could not be read or stored; trying again later",
    ]);
    expect(lines.filter((line) => line.msg === "scheduled jobs can be read and stored again")).toHaveLength(1);
  });
});
