import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { silentLogger } from "../../../src/log.js";
import { JobFiles, jobsFile } from "../../../src/scheduler/job-store.js";
import { Scheduler } from "../../../src/scheduler/scheduler.js";
import { scheduleTool } from "../../../src/tools/builtin/schedule.js";
import { ToolError } from "../../../src/tools/tool.js";
import { makeContext, runTool } from "./tool-harness.js";

describe("the schedule tool", () => {
  let home: string;
  let scheduler: Scheduler;
  const bus = new MessageBus();
  bus.registerChannel("cli", async () => undefined);
  bus.registerChannel("slack", async () => undefined);
  const refuseStrangers = async (target: { chatId: string }) =>
    target.chatId === "C-team" ? undefined : `${target.chatId} is not a chat the bot knows`;

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-schedule-tool-"));
    scheduler = new Scheduler({
      store: new JobFiles(jobsFile(home)),
      record: async () => undefined,
      catchUpSeconds: 3600,
      maxJobsPerChat: 2,
      defaultTimeZone: "UTC",
      log: silentLogger(),
      now: () => Date.parse("2030-01-01T00:00:00Z"),
    });
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  const tool = () => scheduleTool(scheduler, refuseStrangers);
  const ctx = (chatId = "chat-1") => makeContext({ bus, chatId });

  it("adds a job and answers its id and next run, then lists and removes it from its own chat only", async () => {
    const added = await runTool(
      tool(),
      { action: "add", text: "Standup", cron: "0 9 * * 1-5", name: "standup" },
      ctx(),
    );
    expect(added).toMatchObject({
      status: "scheduled",
      name: "standup",
      kind: "reminder",
      next_run: "2030-01-01T09:00:00.000Z",
    });
    expect((await runTool(tool(), { action: "list" }, ctx())).jobs).toMatchObject([{ id: added.id, name: "standup" }]);
    expect((await runTool(tool(), { action: "list" }, ctx("chat-2"))).jobs).toEqual([]);
    await expect(runTool(tool(), { action: "remove", id: added.id }, ctx("chat-2"))).rejects.toMatchObject({
      kind: "NotFound",
    });
    expect(await runTool(tool(), { action: "remove", id: added.id }, ctx())).toEqual({
      status: "removed",
      id: added.id,
    });
  });

  it("gives the model an error it can correct for a bad expression, a past time, an unknown zone and the limit", async () => {
    const refused = (args: Record<string, unknown>) => runTool(tool(), { action: "add", text: "x", ...args }, ctx());
    await expect(refused({ cron: "every monday" })).rejects.toBeInstanceOf(ToolError);
    await expect(refused({ at: "2029-06-01T10:00:00" })).rejects.toThrow(/in the past/);
    await expect(refused({ every: 120, tz: "Europe/Atlantis" })).rejects.toThrow(/unknown time zone/);
    await refused({ every: 120 });
    await refused({ every: 120 });
    await expect(refused({ every: 120 })).rejects.toThrow(/max_jobs_per_chat/);
  });

  it("delivers to another chat only where the message tool could send", async () => {
    const add = (chat_id: string) =>
      runTool(
        tool(),
        { action: "add", text: "deploy done?", every: 600, kind: "task", deliver_to: { channel: "slack", chat_id } },
        ctx(),
      );
    await expect(add("C-random")).rejects.toMatchObject({ kind: "PermissionDenied" });
    expect(await add("C-team")).toMatchObject({ kind: "task", target: { channel: "slack", chat_id: "C-team" } });
    await expect(
      runTool(
        tool(),
        { action: "add", text: "x", every: 600, deliver_to: { channel: "discord", chat_id: "1" } },
        ctx(),
      ),
    ).rejects.toThrow(/not running/);
  });
});
