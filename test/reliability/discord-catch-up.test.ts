import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, marker, markerResponder, World } from "./harness.js";

/**
 * One world for the file, its daemon restarted where a test needs downtime; each test's DMs
 * carry markers of their own (10 and up, 20 and up…), so counts are per test. The tests run
 * in order: the first DM of the file is the old one, the last test stops the daemon.
 */
let world: World;

const HOUR_MS = 3_600_000;

beforeAll(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
  // One hour: the old DMs below are older than that, yet younger than the default (a day).
  writeFileSync(join(world.home, "config.json"), JSON.stringify({ agents: { defaults: { max_message_age: 3600 } } }));
  await world.start(["discord"]);
});

afterAll(async () => {
  await world.close();
});

/** The daemon's record of the last Discord message seen per channel, as text ("" before the first). */
function lastSeenFile(): string {
  try {
    return readFileSync(join(world.home, "state", "discord-last-seen.json"), "utf8");
  } catch {
    return "";
  }
}

/** How many replies each of `indexes` got, over every platform. */
function countsOf(indexes: number[]): Record<number, number | undefined> {
  const counts = world.replyCounts();
  return Object.fromEntries(indexes.map((index) => [index, counts.get(index)]));
}

/** Lines of every daemon's log so far that contain `text`. */
const logLines = (text: string) =>
  world
    .log()
    .split("\n")
    .filter((line) => line.includes(text));

describe("Discord catch-up after downtime (the built CLI)", () => {
  it("does not answer or fetch a DM older than the configured max_message_age, and answers the fresh one after it", async () => {
    // The first DM of the file, so that the mark of the last seen can move to it. Seen live, but sent two hours ago: recorded, never answered.
    const old = world.discord.dm(`old ${marker(41)}`, undefined, [], { at: Date.now() - 2 * HOUR_MS });
    await eventually(world, () => lastSeenFile().includes(old), "the old DM is recorded as the last seen");
    await world.kill();

    world.discord.dm(`stale ${marker(42)}`, undefined, [], { at: Date.now() - 2 * HOUR_MS + 60_000 });
    world.say("discord", 43);
    await world.start(["discord"]);
    await eventually(world, () => world.replyCounts().get(43) === 1, "the fresh DM is answered");

    expect(countsOf([41, 42, 43])).toEqual({ 41: undefined, 42: undefined, 43: 1 });
    expect(
      logLines("older than max_message_age"),
      "the live old DM is logged as too old; catch-up never fetched the stale one",
    ).toHaveLength(1);
  });

  it.each([
    { how: "the connection drops and Discord refuses the RESUME (op 9)", code: 4000, first: 10 },
    { how: "Discord closes the session as timed out (4009) and refuses its RESUME", code: 4009, first: 20 },
  ])("answers, in order, the DMs sent while a session could not resume when $how", async ({ code, first }) => {
    const [live, ...gap] = [first, first + 1, first + 2, first + 3];
    const [repliesBefore, identifiesBefore] = [world.replies("discord").length, world.discord.received.identify];
    world.say("discord", live!);
    await eventually(world, () => world.replyCounts().get(live!) === 1, "the live DM is answered");

    world.discord.refuseResumes();
    world.discord.closeGateway(code);
    for (const index of gap) world.say("discord", index);
    expect(world.discord.connected, "nobody hears these DMs live").toBe(false);
    await eventually(
      world,
      () => world.replyCounts().get(gap.at(-1)!) === 1,
      "the DMs sent during the gap are answered",
    );
    world.say("discord", first + 4);
    await eventually(world, () => world.replyCounts().get(first + 4) === 1, "a DM on the new session is answered");

    expect(world.discord.received.identify - identifiesBefore, "a new session was identified").toBe(1);
    expect(world.replies("discord").slice(repliesBefore)).toEqual(
      [0, 1, 2, 3, 4].map((offset) => `answer to ${marker(first + offset)}`),
    );
  });

  it("answers the DMs sent while the daemon was down, once each, after it starts", async () => {
    const repliesBefore = world.replies("discord").length;
    world.say("discord", 31);
    // Killed once the entry is complete: a kill between the platform accepting a reply and the journal
    // hearing of it is the one window the README names; this test is about catch-up, not that window.
    await eventually(
      world,
      () => world.replyCounts().get(31) === 1 && world.isComplete(31),
      "the live DM is answered and its journal entry complete",
    );
    await world.kill();

    world.say("discord", 32);
    world.say("discord", 33);
    expect(world.discord.connected, "nobody hears these DMs live").toBe(false);
    await world.start(["discord"]);
    await eventually(world, () => world.replyCounts().get(33) === 1, "the DMs sent during the downtime are answered");

    expect(await world.stop(), "a graceful stop").toBe(0);

    expect(countsOf([31, 32, 33])).toEqual({ 31: 1, 32: 1, 33: 1 });
    expect(Object.fromEntries(world.replyCounts()), "no DM of the file was answered twice").toEqual(
      Object.fromEntries([...world.replyCounts().keys()].map((index) => [index, 1])),
    );
    expect(world.replies("discord").slice(repliesBefore)).toEqual([
      `answer to ${marker(31)}`,
      `answer to ${marker(32)}`,
      `answer to ${marker(33)}`,
    ]);
  });
});
