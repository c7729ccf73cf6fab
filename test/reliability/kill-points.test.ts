import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aliceChat, eventually, marker, markerResponder, World } from "./harness.js";

/**
 * SIGKILL at each point of a turn, then a fresh start on the same $SKEIN_HOME: every
 * message is answered exactly once, the chunks of a long reply arrive in order, nothing
 * is sent twice. Platform sends and model answers are held by the fakes, so each kill
 * lands exactly at the point named (a held request never reached the platform).
 */
let world: World;

beforeEach(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
});

afterEach(async () => {
  await world.close();
});

/** Kills the daemon and waits until the fakes saw its connections close, so nothing held is accepted later. */
async function killHeld(): Promise<void> {
  await world.kill();
  await eventually(
    world,
    () => world.telegram.heldSends === 0 && world.model.heldAnswers === 0,
    "the fakes see the killed daemon's requests end",
  );
  world.resumeSends();
  world.model.releaseAnswers();
}

/** The daemon's journal file as text ("" before it exists). */
function journalText(): string {
  try {
    return readFileSync(join(world.home, "state", "journal.jsonl"), "utf8");
  } catch {
    return "";
  }
}

/** Stops the daemon gracefully and returns how many replies each marker got. */
async function finalCounts(): Promise<Record<number, number>> {
  expect(await world.stop()).toBe(0);
  return Object.fromEntries(world.replyCounts(["telegram"]));
}

/** What users get by default (a streamed preview edited as the model writes) and plain sends. */
const modes: Array<{ mode: string; env: Record<string, string> }> = [
  { mode: "streamed (the default)", env: {} },
  { mode: "not streamed (TELEGRAM_STREAMING=false)", env: { TELEGRAM_STREAMING: "false" } },
];

describe.each(modes)("a SIGKILL at any point of a turn (Telegram, $mode, the built CLI)", ({ env }) => {
  it("before the model answers: the turn runs again after the restart and is answered once", async () => {
    await world.start(["telegram"], env);
    world.model.holdAnswers();
    world.say("telegram", 1);
    await eventually(world, () => world.model.requests.length >= 1, "the model is asked");
    await killHeld();

    await world.start(["telegram"], env);
    await eventually(world, () => world.replyCounts().get(1) === 1, "the message is answered after the restart");
    expect(await finalCounts()).toEqual({ 1: 1 });
  });

  it("after the model answered, before the send: the stored answer is sent once, the model is not asked again", async () => {
    await world.start(["telegram"], env);
    world.telegram.pauseSends();
    world.say("telegram", 1);
    await eventually(world, () => world.telegram.heldSends === 1, "the reply is on its way to Telegram");
    await killHeld();

    await world.start(["telegram"], env);
    await eventually(world, () => world.replyCounts().get(1) === 1, "the stored answer is delivered after the restart");
    expect(await finalCounts()).toEqual({ 1: 1 });
    expect(world.model.callsAbout(marker(1)), "the answer came from the journal, not a second model call").toBe(1);
  });

  it("between two chunks of a long reply: the rest follows in order, the first chunk is not sent again", async () => {
    const tail = "the very end of the long reply";
    world.model.respondWith(() => ({
      content: `answer to ${marker(1)}\n\n${"All work and no play. ".repeat(300)}\n\n${tail}`,
    }));
    await world.start(["telegram"], env);
    world.telegram.pauseSendsAfter(1);
    world.say("telegram", 1);
    await eventually(
      world,
      () => world.telegram.heldSends === 1,
      "the second chunk is held after the first was accepted",
    );
    await killHeld();

    await world.start(["telegram"], env);
    await eventually(world, () => world.telegram.sent.length >= 2, "the second chunk is delivered after the restart");
    expect(await finalCounts()).toEqual({ 1: 1 });
    const chunks = world.telegram.sent.filter((sent) => sent.chat_id === aliceChat.id).map((sent) => sent.visibleText);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toMatch(/^answer to m1q/);
    expect(chunks[1]).toMatch(new RegExp(`${tail}$`));
  });

  it("during a graceful shutdown: the message in flight is answered once after the restart", async () => {
    await world.start(["telegram"], env);
    world.model.holdAnswers();
    world.say("telegram", 1);
    await eventually(world, () => world.model.requests.length >= 1, "the model is asked");
    world.daemon?.child.kill("SIGTERM");
    await world.daemon?.waitFor("shutting down");
    await killHeld();

    await world.start(["telegram"], env);
    await eventually(world, () => world.replyCounts().get(1) === 1, "the message is answered after the restart");
    expect(await finalCounts()).toEqual({ 1: 1 });
  });
});

describe("a SIGKILL while a streamed reply is being written (Telegram's default, the built CLI)", () => {
  it("finishes the answer in the preview the crash interrupted: one message, answered once", async () => {
    let calls = 0;
    world.model.respondWith((request) => {
      calls++;
      // The first answer shows its beginning in the preview, then the model never finishes.
      if (calls === 1)
        return { type: "stall", after: "first-part", content: `answer to ${marker(1)}, ${"so far ".repeat(20)}` };
      return markerResponder(request);
    });
    await world.start();
    world.say("telegram", 1);
    await eventually(world, () => world.telegram.sent.length === 1, "the preview shows the beginning of the answer");
    // Once the preview's id is journaled; a crash before that leaves it and answers in a new message.
    await eventually(world, () => journalText().includes('"type":"preview"'), "the journal holds the preview's id");
    await killHeld();

    await world.start();
    await eventually(
      world,
      () => world.replies("telegram")[0] === `answer to ${marker(1)}`,
      "the rerun turn's answer replaces the interrupted preview",
    );
    expect(await finalCounts()).toEqual({ 1: 1 });
    expect(world.telegram.sent, "no second message").toHaveLength(1);
  });
});
