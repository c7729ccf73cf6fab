import { afterEach, describe, expect, it } from "vitest";
import { childTask, delegatingModel } from "../support/delegating-model.js";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/**
 * Two clustered daemons (the built CLI); the one whose chat delegated is SIGKILLed while the
 * sub-agent's model request is pending: the delegation is in the chat's partition of the Redis
 * journal, so the process that takes the partition over runs the child again, and its result
 * reaches the chat once.
 */
describe.skipIf(redisSkipReason)("a clustered daemon killed while a sub-agent works", () => {
  let world: ClusterWorld | undefined;
  afterEach(() => world?.close());

  it("leaves the delegation to the process that takes its chat over, which relays the result once", async () => {
    const model = delegatingModel();
    world = await ClusterWorld.create({ takeoverAfterSeconds: 3, responder: model.responder });
    await world.start(2);
    await world.spread();
    const chat = 7_101;
    const task = "hold:cluster dig through the archive";
    const childRequests = () => world!.model.requests.filter((request) => childTask(request) === task).length;
    world.telegram.userMessage(
      { id: chat, type: "private" },
      { id: chat, first_name: "Ada" },
      `delegate ${JSON.stringify({ task, label: "archive" })}`,
    );
    await world.until(() => childRequests() === 1, "the child asks the model");
    await world.until(
      () => world!.members.some((member) => member.answeredChats().includes(String(chat))),
      "the delegating turn is answered",
    );
    const holder = world.members.find((member) => member.answeredChats().includes(String(chat)))!;
    expect(world.repliesIn(chat)).toEqual([expect.stringMatching(/^Started sa-[0-9a-f]{8}\.$/)]);

    await world.kill(holder);
    await world.until(() => childRequests() === 2, "the process that took the chat over runs the child again", 30_000);
    model.release("cluster");
    await world.until(() => world!.repliesIn(chat).length === 2, "the result is relayed");
    await world.until(async () => (await world!.unfinished()) === 0, "the delegation is complete");
    expect(world.repliesIn(chat)[1]).toBe(`Parent relays: Child answer: ${task}`);
    // The survivor logs the result turn as answered just after the journal completes it.
    const survivor = world.running[0]!;
    await world.until(() => survivor.answeredChats().includes(String(chat)), "the survivor answered the result turn");
  }, 90_000);
});
