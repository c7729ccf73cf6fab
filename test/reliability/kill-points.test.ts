import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliceChat, eventually, marker, markerResponder, World } from "./harness.js";

/**
 * SIGKILL at each point of a turn, then a fresh start on the same $SKEIN_HOME: every
 * message is answered exactly once, the chunks of a long reply arrive in order, nothing
 * is sent twice. Platform sends and model answers are held by the fakes, so each kill
 * lands exactly at the point named (a held request never reached the platform).
 *
 * One world for the file: the daemon a test restarts is the one the next test kills, each
 * test with its own message; the last test of each mode stops it gracefully (exit 0), after
 * which each message of the mode has exactly one reply.
 */
let world: World;
/** The environment of the running daemon, to know when a test needs another one. */
let runningEnv: Record<string, string> | undefined;
/** The markers of the messages sent since the last graceful stop. */
let sinceStop: number[] = [];
let nextIndex = 1;

beforeAll(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
});

afterAll(async () => {
  await world.close();
});

/** A marker index no other test used. */
function newIndex(): number {
  const index = nextIndex++;
  sinceStop.push(index);
  return index;
}

/** The daemon with `env` running: the one already running if it has that environment. */
async function running(env: Record<string, string>): Promise<void> {
  if (world.daemon && JSON.stringify(runningEnv) === JSON.stringify(env)) return;
  // One left by a test that failed before its stop.
  await world.kill();
  world.resumeSends();
  world.model.releaseAnswers();
  sinceStop = [];
  await world.start(["telegram"], env);
  runningEnv = env;
}

/** Stops the daemon gracefully (exit 0); each message sent since the last stop has exactly one reply. */
async function stopAndCount(): Promise<void> {
  expect(await world.stop(), "a graceful stop").toBe(0);
  world.daemon = undefined;
  const counts = world.replyCounts(["telegram"]);
  expect(Object.fromEntries(sinceStop.map((index) => [index, counts.get(index)]))).toEqual(
    Object.fromEntries(sinceStop.map((index) => [index, 1])),
  );
  sinceStop = [];
}

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

/** Kills the daemon as {@link killHeld} does and starts it again with the same environment. */
async function killAndRestart(): Promise<void> {
  const env = runningEnv ?? {};
  await killHeld();
  await world.start(["telegram"], env);
}

/**
 * Resolves once the message carrying `marker(index)` has one reply and its journal entry is
 * complete, so the next test's SIGKILL cannot fall between a send Telegram accepted and its record.
 */
async function answeredOnce(index: number, what: string): Promise<void> {
  await eventually(world, () => world.replyCounts().get(index) === 1 && world.isComplete(index), what);
}

/** The daemon's journal file as text ("" before it exists). */
function journalText(): string {
  try {
    return readFileSync(join(world.home, "state", "journal.jsonl"), "utf8");
  } catch {
    return "";
  }
}

/** Sends a new message to the daemon with `env` while the model holds its answers; resolves with its marker index once the model is asked. */
async function askWhileAnswersHeld(env: Record<string, string>): Promise<number> {
  await running(env);
  const index = newIndex();
  const asked = world.model.requests.length;
  world.model.holdAnswers();
  world.say("telegram", index);
  await eventually(world, () => world.model.requests.length > asked, "the model is asked");
  return index;
}

/** Plain sends, and what users get by default (a streamed preview edited as the model writes). */
const modes: Array<{ mode: string; env: Record<string, string> }> = [
  { mode: "not streamed (TELEGRAM_STREAMING=false)", env: { TELEGRAM_STREAMING: "false" } },
  { mode: "streamed (the default)", env: {} },
];

describe.each(modes)("a SIGKILL at any point of a turn (Telegram, $mode, the built CLI)", ({ env }) => {
  it("before the model answers: the turn runs again after the restart and is answered once", async () => {
    const index = await askWhileAnswersHeld(env);
    expect(world.isComplete(index), "the journal does not call a turn in progress complete").toBe(false);
    await killAndRestart();

    await answeredOnce(index, "the message is answered after the restart");
  });

  it("after the model answered, before the send: the stored answer is sent once, the model is not asked again", async () => {
    await running(env);
    const index = newIndex();
    world.telegram.pauseSends();
    world.say("telegram", index);
    await eventually(world, () => world.telegram.heldSends === 1, "the reply is on its way to Telegram");
    await killAndRestart();

    await answeredOnce(index, "the stored answer is delivered after the restart");
    expect(world.model.callsAbout(marker(index)), "the answer came from the journal, not a second model call").toBe(1);
  });

  it("during a graceful shutdown: the message in flight is answered once after the restart", async () => {
    const index = await askWhileAnswersHeld(env);
    world.daemon?.child.kill("SIGTERM");
    await world.daemon?.waitFor("shutting down");
    await killAndRestart();

    await answeredOnce(index, "the message is answered after the restart");
  });

  it("between two chunks of a long reply: the rest follows in order, the first chunk is not sent again", async () => {
    await running(env);
    const index = newIndex();
    const tail = "the very end of the long reply";
    world.model.respondWith(() => ({
      content: `answer to ${marker(index)}\n\n${"All work and no play. ".repeat(300)}\n\n${tail}`,
    }));
    const sentBefore = world.telegram.sent.length;
    world.telegram.pauseSendsAfter(sentBefore + 1);
    world.say("telegram", index);
    await eventually(
      world,
      () => world.telegram.heldSends === 1,
      "the second chunk is held after the first was accepted",
    );
    world.model.respondWith(markerResponder);
    await killAndRestart();

    await eventually(
      world,
      () => world.telegram.sent.length >= sentBefore + 2,
      "the second chunk is delivered after the restart",
    );
    await stopAndCount();
    const chunks = world.telegram.sent
      .slice(sentBefore)
      .filter((sent) => sent.chat_id === aliceChat.id)
      .map((sent) => sent.visibleText);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toMatch(new RegExp(`^answer to ${marker(index)}`));
    expect(chunks[1]).toMatch(new RegExp(`${tail}$`));
  });
});

describe("a SIGKILL while a streamed reply is being written (Telegram's default, the built CLI)", () => {
  it("finishes the answer in the preview the crash interrupted: one message, answered once", async () => {
    await running({});
    const index = newIndex();
    let calls = 0;
    world.model.respondWith((request) => {
      calls++;
      // The first answer shows its beginning in the preview, then the model never finishes.
      if (calls === 1)
        return { type: "stall", after: "first-part", content: `answer to ${marker(index)}, ${"so far ".repeat(20)}` };
      return markerResponder(request);
    });
    const sentBefore = world.telegram.sent.length;
    world.say("telegram", index);
    await eventually(
      world,
      () => world.telegram.sent.length === sentBefore + 1,
      "the preview shows the beginning of the answer",
    );
    // Once the preview's id is journaled; a crash before that leaves it and answers in a new message.
    const preview = `"messageId":"${world.telegram.sent[sentBefore]!.message_id}"`;
    await eventually(
      world,
      () =>
        journalText()
          .split("\n")
          .some((line) => line.includes('"type":"preview"') && line.includes(preview)),
      "the journal holds the preview's id",
    );
    await killAndRestart();

    await eventually(
      world,
      () => world.replies("telegram")[sentBefore] === `answer to ${marker(index)}`,
      "the rerun turn's answer replaces the interrupted preview",
    );
    world.model.respondWith(markerResponder);
    await stopAndCount();
    expect(world.telegram.sent.slice(sentBefore), "no second message").toHaveLength(1);
  });
});
