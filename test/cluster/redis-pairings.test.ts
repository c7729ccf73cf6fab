import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisPairings, RedisReplyLimit } from "../../src/cluster/redis-pairings.js";
import { pairingStoreContract } from "../access/pairing-store-contract.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

describe.skipIf(redisSkipReason)("the pairing store in Redis", () => {
  let server: RedisServer;
  let redis: Redis;
  let otherConnection: Redis;
  let now: number;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = await connectRedis({ url: server.url });
    otherConnection = await connectRedis({ url: server.url });
  });
  afterAll(async () => {
    redis?.disconnect();
    otherConnection?.disconnect();
    await server?.stop();
  });
  beforeEach(async () => {
    await redis.flushall();
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

  it("fails fast while Redis is down and works again once it is back", async () => {
    const store = storeOn(redis);
    await server.kill();
    await expect(store.isApproved("telegram", "1")).rejects.toThrow();
    await server.start();
    await expect.poll(() => store.isApproved("telegram", "1").catch(() => "down"), { timeout: 10_000 }).toBe(false);
  });
});
