import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/** Three `skein start` processes (the built CLI) sharing one Redis, one Telegram bot and one model. */
describe.skipIf(redisSkipReason)("three clustered daemons sharing the chats", () => {
  let world: ClusterWorld;
  beforeEach(async () => {
    world = await ClusterWorld.create();
  });
  afterEach(() => world?.close());

  it("answer every message of 200 chats once, each chat in order, spread over all three", async () => {
    const chats = Array.from({ length: 200 }, (_, index) => 5_000 + index);
    const rounds = 2;
    await world.start(3);
    await world.spread();

    // Message `round * 1000 + chat` is the chat's message of that round: a chat's replies must follow its rounds.
    for (let round = 1; round <= rounds; round++) for (const chat of chats) world.say(chat, round * 1_000 + chat);
    const total = chats.length * rounds;
    await world.until(() => world.answered() >= total, `${total} messages were answered`, 60_000);

    const replies = world.repliesByChat();
    for (const chat of chats)
      expect(replies.get(chat), `the replies in chat ${chat}`).toEqual(
        Array.from({ length: rounds }, (_, index) => (index + 1) * 1_000 + chat),
      );
    expect(world.telegram.sent).toHaveLength(total);
    const answered = world.members.map((member) => member.answeredChats().length);
    expect(world.answered()).toBe(total);
    for (const [index, count] of answered.entries())
      expect(count, `messages answered by ${world.members[index]!.name}`).toBeGreaterThan(0);
    // One process at a time per chat: no chat's messages were answered by two processes.
    const answerers = new Map<string, Set<string>>();
    for (const member of world.members)
      for (const chat of member.answeredChats()) answerers.set(chat, (answerers.get(chat) ?? new Set()).add(member.name));
    expect([...answerers.values()].filter((names) => names.size > 1)).toEqual([]);
    expect(await world.unfinished(), "messages recorded and not complete").toBe(0);
  }, 120_000);
});
