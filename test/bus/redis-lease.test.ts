import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { keepLease, RedisLeases } from "../../src/bus/redis-lease.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

describe.skipIf(redisSkipReason)("leases in Redis (a real redis-server)", () => {
  let server: RedisServer;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.stop());
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  async function leasesOf(holder: string, ttlMs: number): Promise<RedisLeases> {
    const redis = await connectRedis({ url: server.url });
    clients.push(redis);
    return new RedisLeases({ redis, holder, ttlMs, prefix: `test-${expect.getState().currentTestName}:` });
  }

  it("has one holder at a time while the holder renews it", async () => {
    // Renewed every 100 ms: a lease time far longer, so that a loaded machine's late timer does not let it lapse.
    const first = await leasesOf("first", 2_000);
    const second = await leasesOf("second", 2_000);
    const lease = await first.acquire("telegram");
    expect(lease).toBeDefined();
    for (let round = 0; round < 5; round++) {
      expect(await second.acquire("telegram")).toBeUndefined();
      expect(await first.renew(lease!)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await second.holderOf("telegram")).toEqual({ holder: "first", token: lease!.token });
  });

  it("is taken over with a larger fencing token once it lapses, and the old holder can no longer renew it", async () => {
    const first = await leasesOf("first", 150);
    const second = await leasesOf("second", 150);
    const old = await first.acquire("discord");
    let taken = await second.acquire("discord");
    const deadline = Date.now() + 5000;
    while (!taken && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      taken = await second.acquire("discord");
    }
    expect(taken?.token).toBeGreaterThan(old!.token);
    expect(await first.renew(old!)).toBe(false);
    expect(await second.holderOf("discord")).toEqual({ holder: "second", token: taken!.token });
  });

  it("is free at once when its holder releases it, and a release by a former holder changes nothing", async () => {
    const first = await leasesOf("first", 60_000);
    const second = await leasesOf("second", 60_000);
    const old = await first.acquire("partition:3");
    await first.release(old!);
    const taken = await second.acquire("partition:3");
    expect(taken!.token).toBe(old!.token + 1);
    await first.release(old!);
    expect(await first.holderOf("partition:3")).toEqual({ holder: "second", token: taken!.token });
  });

  it("goes back to its holder on renewal when it lapsed while nobody took it (Redis was out of reach)", async () => {
    const first = await leasesOf("first", 100);
    const lease = await first.acquire("partition:5");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await first.holderOf("partition:5")).toBeUndefined();
    expect(await first.renew(lease!)).toBe(true);
    expect(await first.holderOf("partition:5")).toEqual({ holder: "first", token: lease!.token });
  });

  it("keeps a single-consumer connection's lease while renewing, and hands it to the next process once released", async () => {
    // Renewed every 333 ms, watched for longer than a lease time: only renewals keep it, and a timer
    // late by less than two renewals on a loaded machine does not let it lapse.
    const first = await leasesOf("first", 1_000);
    const second = await leasesOf("second", 1_000);
    const stopFirst = new AbortController();
    const stopSecond = new AbortController();
    const lost: string[] = [];
    try {
      const held = await keepLease(first, "telegram:poller", {
        signal: stopFirst.signal,
        onLost: () => lost.push("first"),
      });
      let secondHeld = false;
      const waiting = keepLease(second, "telegram:poller", {
        signal: stopSecond.signal,
        onLost: () => lost.push("second"),
      }).then((lease) => {
        secondHeld = true;
        return lease;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(secondHeld, "the second process waits while the first renews").toBe(false);
      stopFirst.abort();
      const taken = await waiting;
      expect(taken!.token).toBeGreaterThan(held!.token);
      expect(lost).toEqual([]);
    } finally {
      stopFirst.abort();
      stopSecond.abort();
    }
  });

  it("tells the holder it lost the lease when another process took it", async () => {
    const first = await leasesOf("first", 150);
    const stop = new AbortController();
    let lost = false;
    try {
      await keepLease(first, "discord:gateway", { signal: stop.signal, onLost: () => (lost = true) });
      const admin = await leasesOf("admin", 150);
      await clients.at(-1)!.set(admin.keyOf("discord:gateway"), "intruder 999");
      const deadline = Date.now() + 5000;
      while (!lost && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lost).toBe(true);
    } finally {
      stop.abort();
    }
  });
});
