import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScheduledJob } from "../../src/scheduler/job.js";
import { alice, eventually, marker, markerResponder, World } from "./harness.js";

let world: World;

beforeEach(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
});

afterEach(async () => {
  await world.close();
});

/** A reminder to Alice's Telegram chat, due `inMs` from now, written where `skein start` reads jobs. */
async function reminderDueIn(inMs: number): Promise<void> {
  const runAt = Date.now() + inMs;
  const job: ScheduledJob = {
    id: "k1",
    kind: "reminder",
    text: `stand-up ${marker(1)}`,
    schedule: { type: "every", seconds: 3600 },
    tz: "UTC",
    target: { channel: "telegram", chatId: String(alice.id) },
    createdIn: { channel: "telegram", chatId: String(alice.id) },
    createdBy: String(alice.id),
    isDirect: true,
    createdAt: runAt - 3600_000,
    nextRun: runAt,
  };
  await mkdir(join(world.home, "schedule"), { recursive: true });
  await writeFile(join(world.home, "schedule", "jobs.json"), JSON.stringify({ jobs: [job] }));
}

describe("scheduled runs across a SIGKILL (the built CLI)", () => {
  it("delivers a run killed at its fire time once, after the restart", async () => {
    await reminderDueIn(1500);
    const daemon = await world.start(["telegram"]);
    await daemon.waitFor('"msg":"scheduled run fired"', 15_000);
    await world.kill();

    await world.start(["telegram"]);
    await eventually(world, () => world.replyCounts().get(1) === 1, "the reminder is delivered", 15_000);
    world.say("telegram", 2);
    await eventually(world, () => world.replyCounts().get(2) === 1, "a later message is answered");
    await world.daemon?.stop();

    expect(Object.fromEntries(world.replyCounts())).toEqual({ 1: 1, 2: 1 });
    expect(world.replies("telegram")[0]).toBe(`stand-up ${marker(1)}`);
  });
});
