import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis, readyWithin, redisClient } from "../../src/bus/redis-connection.js";
import { RedisSessions } from "../../src/cluster/redis-sessions.js";
import type { ChatMessage } from "../../src/providers/provider.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { recordingLogger } from "../support/tool-context.js";

const said = (text: string): ChatMessage => ({ role: "user", content: text });

describe.skipIf(redisSkipReason)("sessions in Redis (a real redis-server)", () => {
  let server: RedisServer;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = await connectRedis({ url: server.url });
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });
  beforeEach(() => redis.flushall());

  const { log, lines } = recordingLogger();
  const open = (options: { retain?: number; now?: () => Date } = {}) =>
    new RedisSessions({ redis, prefix: "skein:", log, ...options });

  it("answers a chat that moved to another process and back from what Redis holds, never from a stale copy", async () => {
    const first = open();
    const second = open();
    await first.append("telegram:1", [said("one")]);
    expect(await first.load("telegram:1")).toEqual([said("one")]);
    await second.append("telegram:1", [said("two")]);
    expect(await first.load("telegram:1")).toEqual([said("one"), said("two")]);
  });

  it("reads only the window a turn uses from a 10,000-message history", async () => {
    const history = Array.from({ length: 10_000 }, (_, index) => JSON.stringify(said(`${index}`)));
    await redis.rpush("skein:session:telegram:1", ...history);
    const loaded = await open({ retain: 40 }).load("telegram:1");
    expect(loaded).toEqual(Array.from({ length: 40 }, (_, index) => said(`${9960 + index}`)));
  });

  it("keeps one list per session with a JSON message per element, and its turn records beside it", async () => {
    await open().append("telegram:1", [said("hi"), { role: "assistant", content: "hello" }], {
      id: "telegram:1:5",
      replies: ["hello"],
    });
    expect(await redis.lrange("skein:session:telegram:1", 0, -1)).toEqual([
      '{"role":"user","content":"hi"}',
      '{"role":"assistant","content":"hello"}',
    ]);
    expect(await redis.lrange("skein:session-turns:telegram:1", 0, -1)).toEqual([
      '{"turn":"telegram:1:5","replies":["hello"]}',
    ]);
    expect(await redis.smembers("skein:session-chat:telegram:1")).toEqual(["telegram:1"]);
  });

  it("archives a session on /new under a timestamped key that expires after 30 days", async () => {
    const store = open({ now: () => new Date("2026-11-22T07:00:00.000Z") });
    await store.append("telegram:1", [said("hi")]);
    const archived = await store.archive("telegram:1");
    expect(archived).toBe("skein:session-archive:telegram:1:2026-11-22T07-00-00-000Z");
    expect(await redis.lrange(archived!, 0, -1)).toEqual(['{"role":"user","content":"hi"}']);
    const ttl = await redis.ttl(archived!);
    expect(ttl).toBeGreaterThan(29 * 24 * 3600);
    expect(ttl).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(await redis.exists("skein:session:telegram:1", "skein:session-chat:telegram:1")).toBe(0);
  });

  it("skips a corrupt element with a warning and keeps the rest", async () => {
    await redis.rpush("skein:session:telegram:1", JSON.stringify(said("kept")), "not json", '{"role":"wizard"}');
    expect(await open().load("telegram:1")).toEqual([said("kept")]);
    expect(lines.filter((line) => line.msg === "skipping a corrupt session line")).toHaveLength(2);
  });

  it("stores a turn once, even when a second process appends it again", async () => {
    const record = { id: "telegram:1:5", replies: ["hello"] };
    await open().append("telegram:1", [said("hi")], record);
    await open().append("telegram:1", [said("hi")], record);
    await open().append("telegram:1", [said("next")]);
    expect(await open().load("telegram:1")).toEqual([said("hi"), said("next")]);
  });

  it("waits for Redis to answer a read for at most its patience, and stores a write once it is back, in order", async () => {
    const client = redisClient({ url: server.url });
    try {
      expect(await readyWithin(client, 10_000)).toBe(true);
      const store = new RedisSessions({ redis: client, prefix: "skein:", log, readPatienceMs: 200 });
      await store.append("telegram:1", [said("before")]);
      await server.kill();
      await expect(store.load("telegram:1")).rejects.toThrow();
      await expect(store.recordedTurn("telegram:1", "x")).rejects.toThrow();
      const patient = new RedisSessions({ redis: client, prefix: "skein:", log });
      const waitingRead = patient.load("telegram:1");
      const first = store.append("telegram:1", [said("during 1")], { id: "m1", replies: [] });
      const second = store.append("telegram:1", [said("during 2")]);
      await waitForLine("storing the session in Redis failed; retrying");
      await server.start();
      await Promise.all([first, second]);
      expect((await waitingRead)[0]).toEqual(said("before"));
      expect(await store.load("telegram:1")).toEqual([said("before"), said("during 1"), said("during 2")]);
      expect(await store.recordedTurn("telegram:1", "m1")).toEqual([]);
    } finally {
      client.disconnect();
      redis.disconnect();
      redis = await connectRedis({ url: server.url });
    }
  });

  it("gives up a write waiting for Redis when the store closes", async () => {
    const client = redisClient({ url: server.url });
    try {
      expect(await readyWithin(client, 10_000)).toBe(true);
      const store = new RedisSessions({ redis: client, prefix: "skein:", log });
      await server.kill();
      const waiting = store.append("telegram:1", [said("never stored")]);
      await store.close();
      await expect(waiting).rejects.toThrow();
    } finally {
      await server.start();
      client.disconnect();
      redis.disconnect();
      redis = await connectRedis({ url: server.url });
    }
  });

  async function waitForLine(text: string): Promise<void> {
    for (let attempt = 0; !lines.some((line) => line.msg === text) && attempt < 500; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.map((line) => line.msg)).toContain(text);
  }
});
