import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { run as usageCli } from "../../src/commands/usage.js";
import { UsageLedger } from "../../src/usage/usage-ledger.js";
import { UsageFiles, type UsageRecord, type UsageStore } from "../../src/usage/usage-store.js";
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

  it("adds a spoken column to skein usage once speech calls were made", async () => {
    const home = await mkdtemp(join(tmpdir(), "skein-speech-usage-"));
    try {
      const at = "2026-12-01T10:00:00.000Z";
      const files = new UsageFiles(join(home, "usage"));
      const call = { at, ...caller, provider: "openai" };
      await files.append({ ...call, model: "gpt-4o", promptTokens: 10, completionTokens: 5 });
      await files.append({ ...call, model: "gpt-4o-mini-tts", promptTokens: 0, completionTokens: 0, characters: 1234 });
      const output: string[] = [];
      const io = {
        stdout: (text: string) => void output.push(text),
        stderr: (text: string) => void output.push(text),
        env: { SKEIN_HOME: home },
        cwd: home,
        now: () => Date.parse(at),
      };

      expect(await usageCli({ by: "model" }, io)).toBe(0);

      const [, header, ...rows] = output.join("").trim().split("\n");
      expect(header?.split(/\s+/)).toEqual(["model", "calls", "input", "output", "tokens", "spoken", "cost"]);
      expect(rows.map((row) => row.split(/\s+/))).toEqual([
        ["openai/gpt-4o", "1", "10", "5", "15", "0", "-"],
        ["openai/gpt-4o-mini-tts", "1", "0", "0", "0", "1,234", "-"],
        ["total", "2", "10", "5", "15", "1,234", "-"],
      ]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
