import { appendFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spokenText } from "../fakes/fake-openai.js";
import { eventually, marker, markerResponder, World } from "./harness.js";

/**
 * A conversation file damaged by a crash (a line of garbage, a last line cut off mid-write)
 * through the built CLI: the daemon loads what is whole, and the turns it stores after that
 * are still there after the next restart, a SIGKILL included.
 */
let world: World;

beforeEach(async () => {
  world = await World.create();
  world.model.respondWith(markerResponder);
});

afterEach(async () => {
  await world.close();
});

/** The user messages the model was shown with the request about `marker(index)`. */
function historyOf(index: number): string[] {
  const request = world.model.requests.findLast((sent) =>
    JSON.stringify(sent.body.messages.at(-1)?.content ?? "").includes(marker(index)),
  );
  if (!request) throw new Error(`the model was never asked about ${marker(index)}\n${world.log()}`);
  return request.body.messages
    .filter((message) => message.role === "user")
    .map((message) => spokenText(message.content));
}

/** Says `marker(index)` on Telegram and waits until its turn is answered and complete in the journal. */
async function answered(index: number): Promise<void> {
  const before = world.logs.join("").split('"msg":"answered"').length;
  world.say("telegram", index);
  await eventually(world, () => world.replyCounts().get(index) === 1, `${marker(index)} is answered`);
  await eventually(
    world,
    () => world.logs.join("").split('"msg":"answered"').length > before,
    `the turn of ${marker(index)} is complete`,
  );
}

describe("a session file torn by a crash (Telegram, the built CLI)", () => {
  it("loads with garbage and a torn last line, and the turns after it survive the next restart", async () => {
    await world.start();
    await answered(1);
    expect(await world.stop()).toBe(0);

    const sessions = join(world.home, "sessions");
    const [file] = (await readdir(sessions)).filter((name) => name.endsWith(".jsonl"));
    expect(file, "the conversation has a file").toBeDefined();
    await appendFile(join(sessions, file!), 'garbage\n{"turn":"telegram:torn","messages":[{"role":"user","con');

    await world.start();
    await answered(2);
    expect(historyOf(2), "the whole turn before the damage is history; the garbage and torn line are not").toEqual([
      `message ${marker(1)}`,
      `message ${marker(2)}`,
    ]);
    await world.kill();

    await world.start();
    await answered(3);
    expect(await world.stop()).toBe(0);
    expect(historyOf(3), "the turn stored after the damage survived a SIGKILL").toEqual([
      `message ${marker(1)}`,
      `message ${marker(2)}`,
      `message ${marker(3)}`,
    ]);
    expect(Object.fromEntries(world.replyCounts())).toEqual({ 1: 1, 2: 1, 3: 1 });
  });
});
