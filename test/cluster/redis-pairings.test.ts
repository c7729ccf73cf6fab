import type { Redis } from "ioredis";
import { beforeEach, describe, expect, it } from "vitest";
import { RedisPairings, RedisReplyLimit } from "../../src/cluster/redis-pairings.js";
import { createAccessGate, pairingUnavailableText } from "../../src/gates/access-gate.js";
import { configWith, message } from "../access/helpers.js";
import { pairingStoreContract } from "../access/pairing-store-contract.js";
import { redisSkipReason } from "../support/redis-server.js";
import { recordingLogger } from "../support/tool-context.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("the pairing store in Redis", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);
  let redis: Redis;
  let otherConnection: Redis;
  let now: number;
  beforeEach(() => {
    [redis, otherConnection] = connections();
    now = 1_000_000;
  });

  const storeOn = (connection: Redis) => new RedisPairings({ redis: connection, prefix: "skein:", now: () => now });

  pairingStoreContract(() => ({
    store: storeOn(redis),
    other: storeOn(otherConnection),
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
  }));

  it("keeps one hash of pending codes and one of approved senders per channel, under the prefix", async () => {
    const store = storeOn(redis);
    const request = await store.requestCode("telegram", { senderId: "1", chatId: "1" });
    expect(await redis.hlen("skein:pairing:telegram:pending")).toBe(1);
    expect(await redis.pttl("skein:pairing:telegram:pending")).toBeGreaterThan(3_500_000);
    if (request.type === "code") await store.approve("telegram", request.code);
    expect(await redis.hkeys("skein:pairing:telegram:approved")).toEqual(["1"]);
    expect(await redis.smembers("skein:pairing:channels")).toEqual(["telegram"]);
  });

  it("lets one process of the cluster answer a stranger per interval", async () => {
    const [first, second] = [
      new RedisReplyLimit({ redis, prefix: "skein:" }),
      new RedisReplyLimit({ redis: otherConnection, prefix: "skein:" }),
    ];
    expect(await first.claim("slack\0user-7", 60_000)).toBe(true);
    expect(await second.claim("slack\0user-7", 60_000)).toBe(false);
    expect(await second.claim("slack\0user-8", 60_000)).toBe(true);
    expect(await redis.pttl("skein:pairing:replied:slack:user-7")).toBeGreaterThan(59_000);
    expect(await first.claim("slack\0user-7", 0)).toBe(true);
  });

  it("fails fast while Redis is down (a stranger is told, not left in silence) and works again once it is back", async () => {
    const store = storeOn(redis);
    const { log, lines } = recordingLogger();
    const gate = createAccessGate({ config: configWith({}), home: "/nonexistent", log, pairings: store });
    await redisServer().kill();
    await expect(store.isApproved("telegram", "1")).rejects.toThrow();
    expect(await gate.admit(message({ senderId: "7" }))).toEqual({ type: "reply", text: pairingUnavailableText });
    expect(lines).toContainEqual(
      expect.objectContaining({ location: "Redis (skein:pairing:*)", msg: expect.stringContaining("bus.redis_url") }),
    );
    await redisServer().start();
    await expect.poll(() => store.isApproved("telegram", "1").catch(() => "down"), { timeout: 10_000 }).toBe(false);
  });
});
