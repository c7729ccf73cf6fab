import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually, marker, markerResponder, World } from "./harness.js";

let world: World;

beforeEach(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
});

afterEach(async () => {
  await world.close();
});

const HOUR_MS = 3_600_000;

/** The daemon's record of the last Discord message seen per channel, as text ("" before the first). */
function lastSeenFile(): string {
  try {
    return readFileSync(join(world.home, "state", "discord-last-seen.json"), "utf8");
  } catch {
    return "";
  }
}

describe("Discord catch-up after downtime (the built CLI)", () => {
  it("answers the DMs sent while the daemon was down, once each, after it starts", async () => {
    await world.start(["discord"]);
    world.say("discord", 1);
    // Killed once the entry is complete: a kill between the platform accepting a reply and the journal
    // hearing of it is the one window the README names; this test is about catch-up, not that window.
    await eventually(
      world,
      () => world.replyCounts().get(1) === 1 && world.log().includes('"msg":"answered"'),
      "the live DM is answered and its journal entry complete",
    );
    await world.kill();

    world.say("discord", 2);
    world.say("discord", 3);
    expect(world.discord.connected, "nobody hears these DMs live").toBe(false);
    await world.start(["discord"]);
    await eventually(world, () => world.replyCounts().get(3) === 1, "the DMs sent during the downtime are answered");
    await world.stop();

    expect(Object.fromEntries(world.replyCounts())).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(world.replies("discord")).toEqual([
      `answer to ${marker(1)}`,
      `answer to ${marker(2)}`,
      `answer to ${marker(3)}`,
    ]);
  });

  it("does not answer or fetch a DM older than the configured max_message_age, and answers the fresh one after it", async () => {
    // One hour: the DMs below are older than that, yet younger than the default (a day).
    writeFileSync(join(world.home, "config.json"), JSON.stringify({ agents: { defaults: { max_message_age: 3600 } } }));
    await world.start(["discord"]);
    // Seen live, but sent two hours ago: recorded, never answered.
    const old = world.discord.dm(`old ${marker(1)}`, undefined, [], { at: Date.now() - 2 * HOUR_MS });
    await eventually(world, () => lastSeenFile().includes(old), "the old DM is recorded as the last seen");
    await world.kill();

    world.discord.dm(`stale ${marker(2)}`, undefined, [], { at: Date.now() - 2 * HOUR_MS + 60_000 });
    world.say("discord", 3);
    await world.start(["discord"]);
    await eventually(world, () => world.replyCounts().get(3) === 1, "the fresh DM is answered");
    await world.stop();

    expect(Object.fromEntries(world.replyCounts())).toEqual({ 3: 1 });
    const tooOld = world
      .log()
      .split("\n")
      .filter((line) => line.includes("older than max_message_age"));
    expect(tooOld, "the live old DM is logged as too old; catch-up never fetched the stale one").toHaveLength(1);
  });

  it.each([
    { how: "the connection drops and Discord refuses the RESUME (op 9)", code: 4000 },
    { how: "Discord closes the session as timed out (4009) and refuses its RESUME", code: 4009 },
  ])("answers, in order, the DMs sent while a session could not resume when $how", async ({ code }) => {
    await world.start(["discord"]);
    world.say("discord", 1);
    await eventually(world, () => world.replyCounts().get(1) === 1, "the live DM is answered");

    world.discord.refuseResumes();
    world.discord.closeGateway(code);
    world.say("discord", 2);
    world.say("discord", 3);
    world.say("discord", 4);
    expect(world.discord.connected, "nobody hears these DMs live").toBe(false);
    await eventually(world, () => world.replyCounts().get(4) === 1, "the DMs sent during the gap are answered");
    world.say("discord", 5);
    await eventually(world, () => world.replyCounts().get(5) === 1, "a DM on the new session is answered");
    await world.stop();

    expect(world.discord.received.identify, "a new session was identified").toBe(2);
    expect(world.replies("discord")).toEqual([1, 2, 3, 4, 5].map((index) => `answer to ${marker(index)}`));
  });
});
