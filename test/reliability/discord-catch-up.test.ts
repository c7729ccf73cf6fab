import { readFileSync } from "node:fs";
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

const DAY_MS = 86_400_000;

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
    await world.daemon?.stop();

    expect(Object.fromEntries(world.replyCounts())).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(world.replies("discord")).toEqual([
      `answer to ${marker(1)}`,
      `answer to ${marker(2)}`,
      `answer to ${marker(3)}`,
    ]);
  });

  it("does not answer a DM older than max_message_age, and answers the fresh one after it", async () => {
    await world.start(["discord"]);
    // Seen live, but sent three days ago: recorded, never answered.
    const ancient = world.discord.dm(`ancient ${marker(1)}`, undefined, [], { at: Date.now() - 3 * DAY_MS });
    await eventually(world, () => lastSeenFile().includes(ancient), "the ancient DM is recorded as the last seen");
    await world.kill();

    world.discord.dm(`stale ${marker(2)}`, undefined, [], { at: Date.now() - 2 * DAY_MS });
    world.say("discord", 3);
    await world.start(["discord"]);
    await eventually(world, () => world.replyCounts().get(3) === 1, "the fresh DM is answered");
    await world.daemon?.stop();

    expect(Object.fromEntries(world.replyCounts())).toEqual({ 3: 1 });
  });
});
