import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisJobs } from "../../src/cluster/redis-jobs.js";
import { run as list } from "../../src/commands/schedule-list.js";
import { run as remove } from "../../src/commands/schedule-remove.js";
import type { ScheduledJob } from "../../src/scheduler/job.js";
import { redisSkipReason, startRedisServer } from "../support/redis-server.js";

const chat = { channel: "telegram", chatId: "111" };
const job: ScheduledJob = {
  id: "a1b2c3",
  name: "standup",
  kind: "reminder",
  text: "Stand-up in 5 minutes",
  schedule: { type: "cron", expression: "55 8 * * 1-5" },
  tz: "Europe/Berlin",
  target: chat,
  createdIn: chat,
  createdBy: "111",
  isDirect: true,
  createdAt: 0,
  nextRun: Date.parse("2030-01-01T07:55:00Z"),
};

describe("skein schedule list and remove", () => {
  let home: string;
  let out: string;
  let err: string;
  const io = () => ({
    stdout(text: string) {
      out += text;
    },
    stderr(text: string) {
      err += text;
    },
    env: { SKEIN_HOME: home },
    cwd: home,
  });

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-schedule-cli-"));
    await mkdir(join(home, "schedule"));
    await writeFile(join(home, "schedule", "jobs.json"), JSON.stringify({ jobs: [job] }));
    out = "";
    err = "";
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  it("lists each job with its schedule, next run and target, or as JSON", async () => {
    expect(await list({}, io())).toBe(0);
    expect(out).toContain(
      'a1b2c3  reminder "standup"  cron "55 8 * * 1-5" (Europe/Berlin)  next 2030-01-01T07:55:00.000Z',
    );
    expect(out).toContain("to telegram:111");
    out = "";
    expect(await list({ json: true }, io())).toBe(0);
    expect(JSON.parse(out)).toEqual([job]);
  });

  it("removes a job by id and says so when there is no such job", async () => {
    expect(await remove({ args: ["nope"] }, io())).toBe(1);
    expect(err).toContain("no scheduled job nope");
    expect(await remove({ args: ["a1b2c3"] }, io())).toBe(0);
    expect(JSON.parse(await readFile(join(home, "schedule", "jobs.json"), "utf8")).jobs).toEqual([]);
    out = "";
    await list({}, io());
    expect(out).toBe("No scheduled jobs.\n");
  });
});

describe.skipIf(redisSkipReason)("skein schedule in cluster mode (a real redis-server)", () => {
  it("lists and removes the jobs in Redis, not those of the local file", async () => {
    const server = await startRedisServer({ tcp: true });
    const home = await mkdtemp(join(tmpdir(), "skein-schedule-cli-"));
    const redis = await connectRedis({ url: server.url });
    try {
      await mkdir(join(home, "schedule"));
      await writeFile(join(home, "schedule", "jobs.json"), JSON.stringify({ jobs: [{ ...job, id: "local" }] }));
      await new RedisJobs({ redis, prefix: "skein:" }).add(job, 50);
      let out = "";
      const io = {
        stdout(text: string) {
          out += text;
        },
        stderr(text: string) {
          out += text;
        },
        env: { SKEIN_HOME: home, SKEIN_REDIS_URL: server.tcpUrl! },
        cwd: home,
      };
      expect(await list({ json: true }, io)).toBe(0);
      expect(JSON.parse(out)).toEqual([job]);
      expect(await remove({ args: ["a1b2c3"] }, io)).toBe(0);
      expect(await redis.zcard("skein:jobs")).toBe(0);
      expect(JSON.parse(await readFile(join(home, "schedule", "jobs.json"), "utf8")).jobs).toHaveLength(1);
    } finally {
      redis.disconnect();
      await server.stop();
      await rm(home, { recursive: true, force: true });
    }
  });
});
