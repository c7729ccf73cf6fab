import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/** Three clustered daemons (the built CLI); the one running a chat's turn is SIGKILLed while the model thinks. */
describe.skipIf(redisSkipReason)("a clustered daemon killed mid-turn", () => {
  let world: ClusterWorld;
  beforeEach(async () => {
    world = await ClusterWorld.create({ takeoverAfterSeconds: 3 });
  }, 200_000);
  afterEach(() => world?.close());

  it("leaves its chat to another process, which answers it once after takeover_after", async () => {
    const chat = 7_001;
    await world.start(3);
    await world.spread();

    world.model.holdAnswers();
    world.say(chat, 1);
    await world.model.waitForRequests(1);
    const statuses = await Promise.all(world.members.map((member) => member.status()));
    const running = world.members.filter((_, index) => statuses[index]!.cluster?.inHand === 1);
    expect(running, "the processes holding the message").toHaveLength(1);
    const [killed] = running as [(typeof running)[0]];
    await world.kill(killed);
    world.model.releaseAnswers();

    await world.until(() => world.answered() === 1, "another process answers the message", 20_000);
    const survivor = world.members.find((member) => member.answeredChats().includes(String(chat)));
    expect(survivor?.name).not.toBe(killed.name);
    world.say(chat, 2);
    await world.until(() => world.answered() === 2, "a later message in the chat is answered");
    expect(world.repliesByChat().get(chat)).toEqual([1, 2]);
    expect(world.model.callsAbout("m1q"), "the model was asked twice: by the killed process and the survivor").toBe(2);
    expect(await world.unfinished()).toBe(0);
  }, 60_000);
});
