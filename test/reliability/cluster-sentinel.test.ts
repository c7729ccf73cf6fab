import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthyReplicasIn } from "../../src/bus/redis-replication.js";
import { type DataNode, type SentinelSet, startSentinelSet } from "../support/redis-sentinel.js";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/**
 * Two clustered daemons (the built CLI) on Redis behind Sentinel (`bus.sentinel` from
 * `SKEIN_REDIS_SENTINELS` and `SKEIN_REDIS_MASTER`): a primary and its replica (append-only
 * files fsynced on every write) and three Sentinels, real processes. Under a steady load the
 * primary is SIGKILLed; once it is back as a replica, the new primary hangs (SIGSTOP, its sockets
 * open) and the Sentinels fail back. A frozen replica holds acknowledgements back.
 */
describe.skipIf(redisSkipReason)("two clustered daemons on Redis behind Sentinel", () => {
  const chats = Array.from({ length: 10 }, (_, index) => 9_300 + index);
  let sentinels: SentinelSet;
  let world: ClusterWorld;
  let nextMarker = 1;
  let stopLoad = () => {};

  beforeAll(async () => {
    sentinels = await startSentinelSet();
    world = await ClusterWorld.create({ redis: sentinels });
    await world.start(2);
    await world.spread();
  }, 200_000);
  afterAll(async () => {
    stopLoad();
    await world?.close();
  });

  function startLoad(): void {
    let turn = 0;
    const timer = setInterval(() => world.say(chats[turn++ % chats.length]!, nextMarker++), 100);
    stopLoad = () => clearInterval(timer);
  }

  /** Fails the primary over with `fail`, under load; every message said meanwhile is answered once, within 30 s of it. */
  async function failOver(fail: (primary: DataNode) => Promise<void> | void): Promise<DataNode> {
    const from = nextMarker;
    startLoad();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const primary = await sentinels.primary();
    await fail(primary);
    const failedAt = Date.now();
    const next = await sentinels.failedOverFrom(primary);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stopLoad();
    await world.allAnswered(from, 40_000);
    const { lost, duplicated, outOfOrder } = world.tally(from);
    expect({ lost, duplicated, outOfOrder }, world.partitionMoves()).toEqual({
      lost: [],
      duplicated: [],
      outOfOrder: [],
    });
    const late = world
      .replies()
      .filter((reply) => reply.markers.some((index) => index >= from) && reply.at - failedAt > 30_000);
    expect(late, "replies later than 30 s after the primary failed").toEqual([]);
    return next;
  }

  it("answers every message once through a SIGKILL of the primary under load, within 30 s of it", async () => {
    const [first] = sentinels.nodes;
    expect(await sentinels.primary()).toBe(first);
    await failOver((primary) => primary.kill());
  }, 120_000);

  it("fails back the same way once the old primary is a replica again and the new one hangs (SIGSTOP)", async () => {
    const [old] = sentinels.nodes;
    await old!.start();
    await sentinels.replicating(old!);
    // A Sentinel fails the same primary over again only two failover timeouts (4 s) after its last attempt.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    let hung: DataNode | undefined;
    try {
      const back = await failOver((primary) => {
        hung = primary;
        primary.pause();
      });
      expect(back).toBe(old);
    } finally {
      hung?.resume();
    }
  }, 120_000);

  it("acknowledges no message to its platform while the replica is frozen, and answers it once the replica is back", async () => {
    const from = nextMarker;
    const primary = await sentinels.primary();
    const replica = sentinels.nodes.find((node) => node !== primary)!;
    await sentinels.replicating(replica);
    await world.until(
      async () => healthyReplicasIn(await world.admin.info("replication")) === 1,
      "the primary counts its replica as healthy",
    );
    // The daemons look at the primary's replicas at every beat (an eighth of takeover_after): two beats.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    replica.pause();
    try {
      world.say(chats[0]!, nextMarker++);
      const frozenUntil = Date.now() + 1_000;
      while (Date.now() < frozenUntil) {
        expect(world.telegram.unconfirmedUpdates, "the message is not acknowledged to Telegram").toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      replica.resume();
    }
    await world.allAnswered(from, 30_000);
    expect(world.tally(from)).toMatchObject({ lost: [], duplicated: [], outOfOrder: [] });
  }, 60_000);
});
