import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { UsageLedger } from "../../src/usage/usage-ledger.js";
import type { UsageRecord, UsageStore } from "../../src/usage/usage-store.js";
import { describeTotals } from "../../src/usage/usage-summary.js";

describe("speech in usage", () => {
  const caller = { channel: "telegram", chatId: "1", senderId: "7" };

  function ledgerWith(prices: Record<string, { per_1m_chars?: number; input?: number; output?: number }>) {
    const records: UsageRecord[] = [];
    const store: UsageStore = {
      append: async (record) => void records.push(record),
      readSince: async () => records,
    };
    const ledger = new UsageLedger({
      store,
      priceOf: (_provider, model) => prices[model],
      log: pino({ level: "silent" }),
      now: () => Date.parse("2026-12-01T10:00:00Z"),
    });
    return { ledger, records };
  }

  it("records a speech call's characters, no tokens, priced per million characters", async () => {
    const { ledger, records } = ledgerWith({ "gpt-4o-mini-tts": { per_1m_chars: 12 } });

    await ledger.recordSpeech(caller, { provider: "openai", model: "gpt-4o-mini-tts", characters: 500_000 });
    await ledger.recordSpeech(caller, { provider: "openai", model: "tts-free", characters: 10 });

    expect(records[0]).toMatchObject({ promptTokens: 0, completionTokens: 0, characters: 500_000, cost: 6 });
    expect(records[1]).not.toHaveProperty("cost");
    const totals = (await ledger.totalsOf(caller)).chat;
    expect(totals).toMatchObject({ calls: 2, characters: 500_010, cost: 6 });
    expect(describeTotals(totals)).toBe("0 tokens (500,010 characters spoken, $6.00)");
  });
});
