import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Logger, pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { run as usageCli } from "../../src/commands/usage.js";
import { configSchema } from "../../src/config/schema.js";
import { routerFromConfig } from "../../src/providers/configured-router.js";
import { BudgetGuard } from "../../src/usage/budgets.js";
import { pricesFrom, UsageLedger } from "../../src/usage/usage-ledger.js";
import { UsageFiles } from "../../src/usage/usage-store.js";
import { type Harness, startHarness } from "./harness.js";

/** Every fake answer carries usage 10 prompt + 5 completion tokens. */
const TOKENS_PER_CALL = 15;

function recordingLog(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return { log: pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) }), lines };
}

describe("usage and budgets", () => {
  let harness: Harness;
  let clock: number;
  let logged: ReturnType<typeof recordingLog>;
  /** The harness's ledger: it stores its records in the background. */
  let ledger: UsageLedger;
  afterEach(() => harness?.close());

  /** A harness whose turns go through the model router (provider "main"), recording usage with a fake clock. */
  async function start(settings: { budgets?: object; prices?: object; stream?: boolean } = {}) {
    clock = Date.parse("2025-03-10T12:00:00Z");
    logged = recordingLog();
    harness = await startHarness({
      log: logged.log,
      agent: { budgets: settings.budgets ?? {} },
      loop: ({ home, fake, log }) => {
        const config = configSchema.parse({
          agents: { defaults: { model: "fake-model", budgets: settings.budgets ?? {} } },
          providers: {
            main: { base_url: fake.baseUrl, max_retries: 0, stream: settings.stream ?? false, prices: settings.prices },
          },
        });
        const now = () => clock;
        ledger = new UsageLedger({
          store: new UsageFiles(join(home, "usage")),
          priceOf: pricesFrom(config.providers),
          log,
          now,
        });
        return {
          provider: routerFromConfig({ config, log, now }),
          ledger,
          budgets: new BudgetGuard({ limits: config.agents.defaults.budgets, ledger, log }),
        };
      },
    });
    return harness;
  }

  /** The records in the usage files, once the ledger stored what it gathered. */
  const records = async () => {
    await ledger.flush();
    return new UsageFiles(join(harness.home, "usage")).readSince(0);
  };

  for (const stream of [false, true]) {
    it(`records each model call's tokens, model, provider, channel, chat and sender from a ${stream ? "streamed" : "JSON"} answer`, async () => {
      await start({ stream, prices: { "fake-model": { input: 2, output: 8 } } });
      await harness.ask("hello", { chatId: "chat-9", senderId: "ada" });
      expect(await records()).toEqual([
        {
          at: "2025-03-10T12:00:00.000Z",
          channel: "test",
          chatId: "chat-9",
          senderId: "ada",
          provider: "main",
          model: "fake-model",
          promptTokens: 10,
          completionTokens: 5,
          cost: (10 * 2 + 5 * 8) / 1_000_000,
        },
      ]);
      expect(harness.fake.requests[0]?.body).toMatchObject(
        stream ? { stream: true, stream_options: { include_usage: true } } : { stream: false },
      );
    });
  }

  it("answers /usage with this chat's and this sender's tokens and cost, today and this month", async () => {
    await start({ prices: { "fake-model": { input: 1_000, output: 1_000 } } });
    clock = Date.parse("2025-03-02T09:00:00Z");
    await harness.ask("earlier this month", { senderId: "ada" });
    clock = Date.parse("2025-03-10T12:00:00Z");
    await harness.ask("today", { senderId: "ada" });
    await harness.ask("someone else, same chat", { senderId: "bob" });
    await harness.ask("ada elsewhere", { senderId: "ada", chatId: "other" });
    const outcome = await harness.ask("/usage", { senderId: "ada" });
    expect(outcome.status).toBe("command");
    expect(outcome.reply?.split("\n")).toEqual([
      "Usage (UTC days):",
      "This chat: today 30 tokens ($0.030), this month 45 tokens ($0.045)",
      "You: today 30 tokens ($0.030), this month 45 tokens ($0.045)",
      expect.stringMatching(
        /^This conversation: [\d,]+ tokens of context \([\d.]+% of 128,000; compacts at 60%\), not compacted yet$/,
      ),
    ]);
  });

  it("shows the input tokens the prompt cache served in /usage and skein usage, priced at cached_input", async () => {
    await start({ prices: { "fake-model": { input: 1_000, output: 1_000, cached_input: 100 } } });
    harness.fake.reply({ content: "from the cache", cachedTokens: 8 });
    await harness.ask("hello", { senderId: "ada" });
    const outcome = await harness.ask("/usage", { senderId: "ada" });
    // 2 fresh input tokens at 1,000, 8 cached at 100 and 5 output at 1,000 per million.
    expect(outcome.reply?.split("\n")[1]).toBe(
      "This chat: today 15 tokens (8 input cached, $0.0078), this month 15 tokens (8 input cached, $0.0078)",
    );
    await ledger.flush();
    const output: string[] = [];
    const io = {
      stdout: (text: string) => void output.push(text),
      stderr: (text: string) => void output.push(text),
      env: { SKEIN_HOME: harness.home },
      cwd: harness.home,
      now: () => clock,
    };
    expect(await usageCli({ by: "user" }, io)).toBe(0);
    const [, header, row] = output.join("").split("\n");
    expect(header?.split(/\s+/)).toEqual(["user", "calls", "input", "cached", "output", "tokens", "cost"]);
    expect(row?.split(/\s+/)).toEqual(["test:ada", "1", "10", "8", "5", "15", "$0.0078"]);
  });

  it("totals the records with `skein usage --json`, grouped by chat, user or model", async () => {
    await start();
    await harness.ask("one", { senderId: "ada" });
    await harness.ask("two", { senderId: "bob" });
    await harness.ask("three", { senderId: "ada", chatId: "other" });
    await ledger.flush();
    const cwd = await mkdtemp(join(tmpdir(), "skein-usage-cli-"));
    try {
      const output: string[] = [];
      const io = {
        stdout: (text: string) => void output.push(text),
        stderr: (text: string) => void output.push(text),
        env: { SKEIN_HOME: harness.home },
        cwd,
        now: () => clock,
      };
      expect(await usageCli({ by: "user", json: true }, io)).toBe(0);
      const report = JSON.parse(output.join(""));
      expect(report).toMatchObject({
        since: "2025-03-01",
        by: "user",
        total: { calls: 3, promptTokens: 30, completionTokens: 15 },
      });
      expect(report.groups.map((group: { key: string; calls: number }) => [group.key, group.calls])).toEqual([
        ["test:ada", 2],
        ["test:bob", 1],
      ]);
      output.length = 0;
      expect(await usageCli({ by: "chat", json: true, since: "2025-03-11" }, io)).toBe(0);
      expect(JSON.parse(output.join("")).total.calls).toBe(0);
      output.length = 0;
      expect(await usageCli({ by: "planet" }, io)).toBe(1);
      expect(output.join("")).toContain("--by must be one of chat, user, model");
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it("stops a user at per_user_daily_tokens with one short message, and lets them in again the next day", async () => {
    await start({ budgets: { per_user_daily_tokens: 2 * TOKENS_PER_CALL } });
    await harness.ask("one", { senderId: "ada" });
    await harness.ask("two", { senderId: "ada" });
    const refused = await harness.ask("three", { senderId: "ada" });
    expect(refused).toMatchObject({
      status: "gated",
      reply: "You have reached your daily limit of 30 tokens. It resets at 00:00 UTC (in 12 h).",
    });
    expect(harness.fake.requests).toHaveLength(2);
    expect((await harness.ask("hi", { senderId: "bob" })).status).toBe("answered");
    expect(logged.lines.find((line) => line.msg?.toString().startsWith("budget reached"))).toMatchObject({
      budget: "agents.defaults.budgets.per_user_daily_tokens",
      scope: "test:ada",
    });

    clock = Date.parse("2025-03-11T00:00:01Z");
    expect((await harness.ask("four", { senderId: "ada" })).status).toBe("answered");
  });

  it("stops a whole chat at per_chat_daily_tokens, whoever writes, until the next day", async () => {
    await start({ budgets: { per_chat_daily_tokens: TOKENS_PER_CALL } });
    await harness.ask("one", { senderId: "ada" });
    const refused = await harness.ask("two", { senderId: "bob" });
    expect(refused.reply).toBe("This chat has reached its daily limit of 15 tokens. It resets at 00:00 UTC (in 12 h).");
    expect((await harness.ask("elsewhere", { senderId: "bob", chatId: "other" })).status).toBe("answered");
    expect(harness.fake.requests).toHaveLength(2);
    clock = Date.parse("2025-03-11T08:30:00Z");
    expect((await harness.ask("three", { senderId: "bob" })).status).toBe("answered");
  });

  it("stops the whole bot at daily_cost and warns the operator once at 80%", async () => {
    // 15 tokens at 40,000 per million: 0.6 per call.
    await start({ budgets: { daily_cost: 1.4 }, prices: { "fake-model": { input: 40_000, output: 40_000 } } });
    await harness.ask("one", { chatId: "a" });
    expect(logged.lines.filter((line) => line.msg === "budget 80% used")).toHaveLength(0);
    await harness.ask("two", { chatId: "b" });
    const warnings = logged.lines.filter((line) => line.msg === "budget 80% used");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ budget: "agents.defaults.budgets.daily_cost", scope: "bot" });
    await harness.ask("three", { chatId: "c" });
    expect(logged.lines.filter((line) => line.msg === "budget 80% used")).toHaveLength(1);
    const refused = await harness.ask("four", { chatId: "d" });
    expect(refused.reply).toBe("I have reached my daily spending limit ($1.40). It resets at 00:00 UTC (in 12 h).");
    expect(harness.fake.requests).toHaveLength(3);
    clock = Date.parse("2025-03-11T00:00:00Z");
    expect((await harness.ask("five", { chatId: "d" })).status).toBe("answered");
  });

  it("counts the usage recorded before a restart against today's budget", async () => {
    await start({ budgets: { per_user_daily_tokens: TOKENS_PER_CALL } });
    await harness.ask("one", { senderId: "ada" });
    await ledger.flush();
    const restarted = new UsageLedger({
      store: new UsageFiles(join(harness.home, "usage")),
      priceOf: () => undefined,
      log: pino({ level: "silent" }),
      now: () => clock,
    });
    const guard = new BudgetGuard({
      limits: { per_user_daily_tokens: 15 },
      ledger: restarted,
      log: pino({ level: "silent" }),
    });
    expect((await guard.check({ channel: "test", chatId: "chat-1", senderId: "ada" })).type).toBe("reached");
    expect((await guard.check({ channel: "test", chatId: "chat-1", senderId: "bob" })).type).toBe("within");
  });
});
