import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageFiles, type UsageRecord } from "../../src/usage/usage-store.js";
import { usageStoreContract } from "./usage-store-contract.js";

function record(at: string, chatId: string): UsageRecord {
  return {
    at,
    channel: "telegram",
    chatId,
    senderId: "1",
    provider: "openai",
    model: "m",
    promptTokens: 1,
    completionTokens: 1,
  };
}

describe("UsageFiles", () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-usage-"));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  usageStoreContract(() => ({
    store: new UsageFiles(join(home, "usage")),
    other: new UsageFiles(join(home, "usage")),
  }));

  it("writes appends made at the same time in the order they were made, each in its day's file", async () => {
    const store = new UsageFiles(join(home, "usage"));
    const chats = Array.from({ length: 50 }, (_, index) => String(index));
    await Promise.all([
      ...chats.map((chat) => store.append(record("2026-01-01T10:00:00.000Z", chat))),
      store.append(record("2026-01-02T00:00:01.000Z", "next day")),
    ]);
    const firstDay = await readFile(join(home, "usage", "2026-01-01.jsonl"), "utf8");
    expect(
      firstDay
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).chatId),
    ).toEqual(chats);
    expect((await store.readSince(Date.parse("2026-01-02T00:00:00.000Z"))).map((entry) => entry.chatId)).toEqual([
      "next day",
    ]);
  });

  it("gathers records for gatherMs and writes them when flushed, resolving their appends then", async () => {
    const store = new UsageFiles(join(home, "usage"), { gatherMs: 60_000 });
    let stored = 0;
    const appends = ["a", "b", "c"].map((chat) =>
      store.append(record("2026-01-01T10:00:00.000Z", chat)).then(() => void stored++),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored).toBe(0);
    expect(await new UsageFiles(join(home, "usage")).readSince(0)).toEqual([]);
    await store.flush();
    await Promise.all(appends);
    expect(stored).toBe(3);
    expect((await new UsageFiles(join(home, "usage")).readSince(0)).map((entry) => entry.chatId)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("makes its folder again when it was removed while running", async () => {
    const store = new UsageFiles(join(home, "usage"));
    await store.append(record("2026-01-01T10:00:00.000Z", "before"));
    await rm(join(home, "usage"), { recursive: true });
    await store.append(record("2026-01-01T10:00:00.000Z", "lost")).catch(() => undefined);
    await store.append(record("2026-01-01T10:00:01.000Z", "after"));
    expect((await store.readSince(0)).map((entry) => entry.chatId)).toContain("after");
  });
});
