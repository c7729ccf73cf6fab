import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apologies } from "../../src/agent/turn/apology.js";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";
import { marker } from "./harness.js";

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

  it("loses no message, answers none twice, and answers every one (a turn running while Redis is down waits for it)", async () => {
    const chats = Array.from({ length: 40 }, (_, index) => 6_000 + index);
    const total = 160;
    await world.start(3);
    await world.spread();

    const saidIn = new Map<number, number[]>(chats.map((chat) => [chat, []]));
    let said = 0;
    const sayUntil = async (count: number) => {
      while (said < count) {
        said++;
        const chat = chats[said % chats.length]!;
        saidIn.get(chat)!.push(said);
        world.say(chat, said);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await sayUntil(total / 2);
    await world.server.restart();
    await sayUntil(total);

    const replied = () => world.telegram.sent.length;
    const unanswered = () => {
      const counts = world.replyCounts();
      return Array.from({ length: total }, (_, index) => index + 1).filter((index) => !counts.has(index));
    };
    await world.until(
      () => replied() >= total,
      `all ${total} messages have a reply`,
      60_000,
      () =>
        `${replied()} replies; without an answer: ${unanswered().join(" ")}; ` +
        `updates Telegram still holds: ${world.telegram.unconfirmedUpdates}; ${world.partitionMoves()}`,
    );
    // A message answered twice would be sent after the others: wait until every message is complete.
    await world.until(async () => (await world.unfinished()) === 0, "no message is left unfinished");
    expect(world.telegram.sent, `one reply per message\n${world.partitionMoves()}`).toHaveLength(total);
    let apologised = 0;
    for (const chat of chats) {
      const replies = world.repliesIn(chat);
      const expected = saidIn.get(chat)!;
      expect(replies, `the replies in chat ${chat}`).toHaveLength(expected.length);
      for (const [position, text] of replies.entries()) {
        if (text === apologies.internal) apologised++;
        else expect(text, `reply ${position + 1} in chat ${chat}`).toBe(`answer to ${marker(expected[position]!)}`);
      }
    }
    expect(apologised, "turns that gave up waiting for Redis").toBe(0);
  }, 120_000);
});
