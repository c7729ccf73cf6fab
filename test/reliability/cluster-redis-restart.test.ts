import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/**
 * Three clustered daemons (the built CLI) under a steady load while their Redis is SIGKILLed
 * and started again on its append-only file (fsynced on every write).
 */
describe.skipIf(redisSkipReason)("a cluster whose Redis restarts mid-load", () => {
  let world: ClusterWorld;
  beforeEach(async () => {
    world = await ClusterWorld.create();
  }, 200_000);
  afterEach(() => world?.close());

  it("loses nothing and answers nothing twice", async () => {
    const chats = Array.from({ length: 40 }, (_, index) => 6_000 + index);
    const total = 160;
    await world.start(3);
    await world.spread();

    let said = 0;
    const sayNext = () => {
      said++;
      world.say(chats[said % chats.length]!, said);
    };
    while (said < total / 2) {
      sayNext();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await world.redis.restart();
    while (said < total) {
      sayNext();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const missing = () =>
      Array.from({ length: total }, (_, index) => index + 1).filter((index) => !world.replyCounts().has(index));
    await world.until(
      () => missing().length === 0,
      `all ${total} messages are answered`,
      60_000,
      () => `unanswered: ${missing().join(" ")}`,
    );
    // Late duplicates would arrive after the last first answer: wait for the processes to finish.
    await world.until(async () => (await world.unfinished()) === 0, "no message is left unfinished");
    const twice = [...world.replyCounts()].filter(([, count]) => count > 1);
    expect(twice, `messages answered more than once\n${world.partitionMoves()}`).toEqual([]);
    const replies = world.repliesByChat();
    for (const [chat, markers] of replies)
      expect(markers, `the replies in chat ${chat} in order`).toEqual([...markers].sort((a, b) => a - b));
  }, 120_000);
});
