import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { eventually, marker, markerResponder, World } from "./harness.js";

/**
 * `skein start` (the built CLI) in cluster mode: its journal is in a real redis-server.
 * One daemon at a time here; a SIGKILLed daemon's partitions and pending messages are taken
 * over by the next one after `takeover_after`. Telegram polls only while the daemon holds the
 * polling lease in Redis: while Redis is out of reach it does not poll. One world for the file:
 * a test goes on with the daemon the test before left running, each with markers of its own.
 */
describe.skipIf(redisSkipReason)("a daemon with its journal in Redis (the built CLI)", () => {
  let server: RedisServer;
  let world: World;
  beforeAll(async () => {
    server = await startRedisServer({ tcp: true });
    world = await World.create();
    world.model.respondWith(markerResponder);
    await writeFile(join(world.home, "config.json"), JSON.stringify({ bus: { takeover_after: 1 } }));
  });
  afterAll(async () => {
    await world?.close();
    await server?.stop();
  });

  /** How many replies each of `indexes` got. */
  const countsOf = (indexes: number[]) => {
    const counts = world.replyCounts();
    return Object.fromEntries(indexes.map((index) => [index, counts.get(index)]));
  };
  const startClustered = () => world.start(["telegram"], { SKEIN_REDIS_URL: server.tcpUrl! });

  it("answers every message once and logs that its journal is in Redis", async () => {
    const daemon = await startClustered();
    expect(daemon.stderr()).toContain("cluster mode: the journal is in Redis");
    for (const index of [1, 2, 3]) world.say("telegram", index);
    await eventually(world, () => world.replyCounts().get(3) === 1, "the third message is answered");
    expect(world.replies("telegram")).toEqual([1, 2, 3].map((index) => `answer to ${marker(index)}`));
  });

  it("answers once, after takeover_after, a message whose turn a SIGKILL cut short", async () => {
    const asked = world.model.requests.length;
    world.model.holdAnswers();
    world.say("telegram", 7);
    await world.model.waitForRequests(asked + 1);
    await world.kill();
    world.model.releaseAnswers();

    await startClustered();
    await eventually(world, () => world.replyCounts().get(7) === 1, "the cut-short message is answered");
    world.say("telegram", 8);
    await eventually(world, () => world.replyCounts().get(8) === 1, "a new message is answered after it");
    expect(countsOf([1, 2, 3, 7, 8])).toEqual({ 1: 1, 2: 1, 3: 1, 7: 1, 8: 1 });
  });

  it("does not confirm a message to Telegram while Redis is down (unready meanwhile), and answers it once Redis is back", async () => {
    const daemon = world.daemon!;
    const { port } = await daemon.waitForLine("health endpoint listening");
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { code: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    world.say("telegram", 11);
    await eventually(world, () => world.replyCounts().get(11) === 1, "the first message is answered");
    expect(await get("/readyz")).toMatchObject({ code: 200, body: { cluster: { ready: true } } });
    // The entry completes once the reply is sent: the fake may see the reply a moment before.
    let inHand = -1;
    for (let attempt = 0; inHand !== 0 && attempt < 300; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      inHand = ((await get("/status")).body.cluster as { inHand: number }).inHand;
    }
    expect((await get("/status")).body.cluster).toMatchObject({ redis: "connected", members: 1, inHand: 0 });
    expect(((await get("/status")).body.cluster as { partitions: number[] }).partitions).toHaveLength(60);
    await server.kill();
    let readyz = await get("/readyz");
    for (let attempt = 0; readyz.code === 200 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      readyz = await get("/readyz");
    }
    expect(readyz).toMatchObject({
      code: 503,
      body: { status: "unready", cluster: { ready: false, reason: "Redis is unreachable" } },
    });
    // Its polling lease cannot be renewed: it stops polling (another process may hold the lease by now).
    await daemon.waitFor("stopped receiving at once", 20_000);
    world.say("telegram", 12);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(world.telegram.unconfirmedUpdates, "the message is not confirmed to Telegram").toBe(1);

    await server.start();
    await eventually(world, () => world.replyCounts().get(12) === 1, "the message is answered");
    expect(await world.stop(), "a graceful stop").toBe(0);
    expect(countsOf([1, 2, 3, 7, 8, 11, 12])).toEqual({ 1: 1, 2: 1, 3: 1, 7: 1, 8: 1, 11: 1, 12: 1 });
  });

  it("starts unready while Redis is out of reach, and answers what arrived meanwhile once Redis is up", async () => {
    await server.kill();
    const polls = world.telegram.callsOf("getUpdates").length;
    try {
      const daemon = await startClustered();
      expect(daemon.stderr()).toContain("Redis is out of reach: starting unready");
      world.say("telegram", 4);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(world.telegram.callsOf("getUpdates").slice(polls), "no poll without the polling lease").toEqual([]);
    } finally {
      await server.start();
    }
    await eventually(world, () => world.replyCounts().get(4) === 1, "the message is answered");
    expect(await world.stop(), "a graceful stop").toBe(0);
    expect(countsOf([4])).toEqual({ 4: 1 });
  });
});
