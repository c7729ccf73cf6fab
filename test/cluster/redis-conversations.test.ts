import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { RedisConversations } from "../../src/cluster/redis-conversations.js";
import { RedisSessions, sessionActivityKey } from "../../src/cluster/redis-sessions.js";
import { conversationStoreContract } from "../dashboard/conversation-store-contract.js";
import { redisSkipReason } from "../support/redis-server.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("the dashboard's conversations from the sessions in Redis", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);
  conversationStoreContract(async () => {
    const [writer, reader] = connections();
    const sessions = new RedisSessions({ redis: writer, prefix: "skein:", log: pino({ level: "silent" }) });
    return {
      sessions,
      conversations: new RedisConversations({ redis: reader, prefix: "skein:", sessions }),
      touch: async (key, time) => {
        await writer.zadd(sessionActivityKey("skein:"), time, key);
      },
    };
  });

  it("dates a conversation by its last stored turn, and drops it from the list on /new", async () => {
    const [redis] = connections();
    let now = new Date("2026-03-01T08:00:00Z");
    const sessions = new RedisSessions({ redis, prefix: "skein:", log: pino({ level: "silent" }), now: () => now });
    const conversations = new RedisConversations({ redis, prefix: "skein:", sessions });
    await sessions.append("telegram:1", [{ role: "user", content: "first" }]);
    await sessions.append("telegram:2", [{ role: "user", content: "second" }]);
    now = new Date("2026-03-01T09:30:00Z");
    await sessions.append("telegram:1", [{ role: "assistant", content: "later" }]);
    expect(await conversations.list({})).toMatchObject([
      { key: "telegram:1", lastActivity: Date.parse("2026-03-01T09:30:00Z"), messageCount: 2 },
      { key: "telegram:2", lastActivity: Date.parse("2026-03-01T08:00:00Z"), messageCount: 1 },
    ]);
    await sessions.archive("telegram:1");
    expect((await conversations.list({})).map((entry) => entry.key)).toEqual(["telegram:2"]);
    expect(await redis.zrange(sessionActivityKey("skein:"), 0, -1)).toEqual(["telegram:2"]);
  });

  it("dates a session an older version wrote (no activity recorded) by its idle time, and keeps that date", async () => {
    const [redis] = connections();
    const sessions = new RedisSessions({ redis, prefix: "skein:", log: pino({ level: "silent" }) });
    const conversations = new RedisConversations({ redis, prefix: "skein:", sessions });
    await redis.rpush("skein:session:telegram:9", JSON.stringify({ role: "user", content: "from before" }));
    const [listed] = await conversations.list({});
    expect(listed).toMatchObject({ key: "telegram:9", messageCount: 1, title: "from before" });
    expect(Math.abs(Date.now() - listed!.lastActivity)).toBeLessThan(5_000);
    expect(Number(await redis.zscore(sessionActivityKey("skein:"), "telegram:9"))).toBe(listed!.lastActivity);
  });
});
