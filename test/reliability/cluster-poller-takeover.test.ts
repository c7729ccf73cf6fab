import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/**
 * Three clustered daemons (the built CLI) under a steady load; the one holding the Telegram
 * polling lease is SIGKILLed.
 */
describe.skipIf(redisSkipReason)("a cluster whose Telegram poller is killed mid-load", () => {
  let world: ClusterWorld;
  beforeEach(async () => {
    world = await ClusterWorld.create({ takeoverAfterSeconds: 3 });
  }, 200_000);
  afterEach(() => world?.close());

  it("moves polling to another process within takeover_after and one poll, and answers every message exactly once", async () => {
    const chats = Array.from({ length: 30 }, (_, index) => 8_000 + index);
    const total = 120;
    await world.start(3);
    await world.spread();
    await world.until(async () => (await world.telegramPoller()) !== undefined, "a process holds the polling lease");

    let said = 0;
    const sayUntil = async (count: number) => {
      while (said < count) {
        said++;
        world.say(chats[said % chats.length]!, said);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    await sayUntil(total / 3);
    const poller = (await world.telegramPoller())!;
    // Sends are held while the kill lands (see quiesce): what Telegram accepted is recorded before it.
    await world.quiesce();
    await world.kill(poller);
    const killedAt = Date.now();
    world.telegram.resumeSends();
    const loadDone = sayUntil(total);

    const polledAgain = await world.telegram.waitForCall("getUpdates", (call) => call.at > killedAt);
    const takeoverMs = polledAgain.at - killedAt;
    const successor = await world.telegramPoller();
    expect(successor?.name, "the new poller").toBeDefined();
    expect(successor?.name).not.toBe(poller.name);
    // The lease lapses at most takeover_after after the last renewal; a waiting process tries
    // again every third of it; then one getUpdates. A second of slack for a loaded machine.
    expect(takeoverMs, "ms from the SIGKILL to the next getUpdates").toBeLessThanOrEqual(
      world.takeoverAfterMs * (4 / 3) + 1_000,
    );

    await loadDone;
    await world.until(() => world.replyCounts().size === total, `all ${total} messages are answered`, 60_000);
    await world.until(async () => (await world.unfinished()) === 0, "no message is left unfinished");
    expect(
      [...world.replyCounts()].filter(([, count]) => count !== 1),
      "messages not answered once",
    ).toEqual([]);
    for (const [chat, markers] of world.repliesByChat())
      expect(markers, `the replies in chat ${chat} in order`).toEqual([...markers].sort((a, b) => a - b));
  }, 120_000);
});
