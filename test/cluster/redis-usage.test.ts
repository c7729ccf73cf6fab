import type { Redis } from "ioredis";
import { pino } from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { RedisUsage, USAGE_RETENTION_DAYS } from "../../src/cluster/redis-usage.js";
import type { ChatResponse } from "../../src/providers/provider.js";
import { BudgetGuard } from "../../src/usage/budgets.js";
import { UsageLedger } from "../../src/usage/usage-ledger.js";
import { redisSkipReason } from "../support/redis-server.js";
import { usageStoreContract } from "../usage/usage-store-contract.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("usage in Redis", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);
  let redis: Redis;
  let otherConnection: Redis;
  let now: number;
  beforeEach(() => {
    [redis, otherConnection] = connections();
    now = Date.parse("2026-01-02T18:00:00Z");
  });

  const storeOn = (connection: Redis) => new RedisUsage({ redis: connection, prefix: "skein:", now: () => now });

  usageStoreContract(() => ({ store: storeOn(redis), other: storeOn(otherConnection) }));

  it("keeps one hash per day, expiring after the retention time, whose size grows with the chats, not the calls", async () => {
    const store = storeOn(redis);
    const call = {
      at: "2026-01-02T10:00:00.000Z",
      channel: "slack",
      chatId: "C1",
      senderId: "U1",
      provider: "main",
      model: "m",
      promptTokens: 3,
      completionTokens: 4,
    };
    for (let index = 0; index < 50; index++) await store.append(call);
    expect(await redis.exists("skein:usage:2026-01-02")).toBe(1);
    expect(await redis.ttl("skein:usage:2026-01-02")).toBeGreaterThan((USAGE_RETENTION_DAYS - 1) * 86_400);
    const fields = await redis.hlen("skein:usage:2026-01-02");
    // A new chat adds its record group and its chat totals: calls, input and output tokens (no cost) each.
    await store.append({ ...call, chatId: "C2" });
    expect(await redis.hlen("skein:usage:2026-01-02")).toBe(fields + 6);
    expect(await store.dayTotals("2026-01-02", { channel: "slack", chatId: "C1", senderId: "U1" })).toEqual({
      day: "2026-01-02",
      user: { calls: 51, promptTokens: 153, completionTokens: 204, cost: 0 },
      chat: { calls: 50, promptTokens: 150, completionTokens: 200, cost: 0 },
      all: { calls: 51, promptTokens: 153, completionTokens: 204, cost: 0 },
    });
    await store.append({ ...call, chatId: "C3", cachedTokens: 2 });
    expect(await store.dayTotals("2026-01-02", { channel: "slack", chatId: "C3", senderId: "U1" })).toMatchObject({
      chat: { calls: 1, promptTokens: 3, cachedTokens: 2 },
      all: { calls: 52, promptTokens: 156, cachedTokens: 2 },
    });
  });

  it("stops a caller in one process once calls made in another reached the daily budget", async () => {
    const log = pino({ level: "silent" });
    const ledgerOn = (connection: Redis) => {
      const store = storeOn(connection);
      return new UsageLedger({ store, shared: store, priceOf: () => undefined, log, now: () => now });
    };
    const [first, second] = [ledgerOn(redis), ledgerOn(otherConnection)];
    const limits = { per_user_daily_tokens: 100 };
    const guard = new BudgetGuard({ limits, ledger: second, log });
    const caller = { channel: "slack", chatId: "C1", senderId: "U1" };
    const answer: ChatResponse = {
      content: "ok",
      toolCalls: [],
      finishReason: "stop",
      usage: { promptTokens: 40, completionTokens: 20 },
    };
    await first.record(caller, answer, "m");
    expect(await guard.check(caller)).toEqual({ type: "within" });
    await first.record(caller, answer, "m");
    expect(await guard.check(caller)).toMatchObject({ type: "reached", budget: "per_user_daily_tokens", used: 120 });
    now += 86_400_000;
    expect(await guard.check(caller)).toEqual({ type: "within" });
  });
});
