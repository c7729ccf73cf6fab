import { expect, it } from "vitest";
import type { UsageRecord, UsageStore } from "../../src/usage/usage-store.js";
import { summarise } from "../../src/usage/usage-summary.js";

/** Two handles on one store (two processes of a cluster, or a daemon and `skein usage`). */
export interface UsageStoreWorld {
  store: UsageStore;
  other: UsageStore;
}

function call(at: string, chatId: string, senderId: string, model: string, cost?: number): UsageRecord {
  return {
    at,
    channel: "telegram",
    chatId,
    senderId,
    provider: "main",
    model,
    promptTokens: 10,
    completionTokens: 5,
    ...(cost === undefined ? {} : { cost }),
  };
}

/** What every usage store does, whatever keeps it: the same totals by chat, user and model, day by day. */
export function usageStoreContract(world: () => UsageStoreWorld): void {
  it("adds up the calls of every handle by chat, user and model, from the day asked for", async () => {
    const { store, other } = world();
    await Promise.all([
      store.append(call("2026-01-01T10:00:00.000Z", "chat-1", "ada", "small")),
      store.append(call("2026-01-02T09:00:00.000Z", "chat-1", "ada", "small", 0.5)),
      other.append(call("2026-01-02T10:00:00.000Z", "chat-1", "bob", "large", 0.25)),
      other.append(call("2026-01-02T11:00:00.000Z", "chat-2", "bob", "large")),
      store.append(call("2026-01-02T12:00:00.000Z", "chat-1", "ada", "small")),
    ]);
    const fromFirst = await other.readSince(Date.parse("2026-01-01T00:00:00Z"));
    expect(summarise(fromFirst, "model").total).toEqual({
      calls: 5,
      promptTokens: 50,
      completionTokens: 25,
      cost: 0.75,
    });

    const fromSecond = await store.readSince(Date.parse("2026-01-02T00:00:00Z"));
    expect(summarise(fromSecond, "chat").groups).toEqual([
      { key: "telegram:chat-1", calls: 3, promptTokens: 30, completionTokens: 15, cost: 0.75 },
      { key: "telegram:chat-2", calls: 1, promptTokens: 10, completionTokens: 5, cost: 0 },
    ]);
    expect(summarise(fromSecond, "user").groups.map((group) => [group.key, group.calls])).toEqual([
      ["telegram:ada", 2],
      ["telegram:bob", 2],
    ]);
    expect(summarise(fromSecond, "model").groups.map((group) => [group.key, group.calls])).toEqual([
      ["main/large", 2],
      ["main/small", 2],
    ]);
    expect(fromSecond.every((record) => Date.parse(record.at) >= Date.parse("2026-01-02T00:00:00Z"))).toBe(true);
  });

  it("adds up the input tokens the prompt cache served, as a part of the input tokens", async () => {
    const { store, other } = world();
    await Promise.all([
      store.append({ ...call("2026-01-02T09:00:00.000Z", "chat-1", "ada", "small"), cachedTokens: 8 }),
      other.append({ ...call("2026-01-02T10:00:00.000Z", "chat-1", "ada", "small"), cachedTokens: 6 }),
      other.append(call("2026-01-02T11:00:00.000Z", "chat-2", "bob", "small")),
    ]);
    const records = await store.readSince(Date.parse("2026-01-02T00:00:00Z"));
    expect(summarise(records, "model").total).toEqual({
      calls: 3,
      promptTokens: 30,
      cachedTokens: 14,
      completionTokens: 15,
      cost: 0,
    });
    expect(summarise(records, "chat").groups).toEqual([
      { key: "telegram:chat-1", calls: 2, promptTokens: 20, cachedTokens: 14, completionTokens: 10, cost: 0 },
      { key: "telegram:chat-2", calls: 1, promptTokens: 10, completionTokens: 5, cost: 0 },
    ]);
  });

  it("adds up the characters speech calls read out", async () => {
    const { store, other } = world();
    const spoken = (at: string, characters: number): UsageRecord => ({
      ...call(at, "chat-1", "ada", "tts"),
      promptTokens: 0,
      completionTokens: 0,
      characters,
    });
    await Promise.all([
      store.append(spoken("2026-01-02T09:00:00.000Z", 120)),
      other.append(spoken("2026-01-02T10:00:00.000Z", 30)),
    ]);
    const records = await store.readSince(Date.parse("2026-01-02T00:00:00Z"));
    expect(summarise(records, "model").total).toMatchObject({ calls: 2, characters: 150 });
  });

  it("reads nothing before the first call", async () => {
    const { store } = world();
    expect(await store.readSince(Date.parse("2026-01-01T00:00:00Z"))).toEqual([]);
  });
}
