import { type Logger, pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { routerFromConfig } from "../../src/providers/configured-router.js";
import type { ModelRouter } from "../../src/providers/model-router.js";
import { type ChatRequest, ProviderError } from "../../src/providers/provider.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";

const ask = (model: string): ChatRequest => ({ model, messages: [{ role: "user", content: "hi" }] });

/** A logger whose warnings the test can read. */
function recordingLog(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the model router over two fake model servers", () => {
  let primary: FakeOpenAI;
  let backup: FakeOpenAI;
  let clock: number;
  let logged: ReturnType<typeof recordingLog>;

  beforeEach(async () => {
    [primary, backup] = await Promise.all([FakeOpenAI.start(), FakeOpenAI.start()]);
    primary.respondWith(() => ({ content: "from primary" }));
    backup.respondWith(() => ({ content: "from backup" }));
    clock = Date.parse("2025-03-10T12:00:00Z");
    logged = recordingLog();
  });
  afterEach(() => Promise.all([primary.close(), backup.close()]));

  function router(settings: { primary?: object; backup?: object; fallbacks?: string[] } = {}): ModelRouter {
    const config = configSchema.parse({
      agents: { defaults: { model: "big", fallbacks: settings.fallbacks ?? ["backup/small"] } },
      providers: {
        main: { base_url: primary.baseUrl, api_key: "sk-main", max_retries: 0, ...settings.primary },
        backup: { base_url: backup.baseUrl, api_key: "sk-backup", max_retries: 0, ...settings.backup },
      },
    });
    return routerFromConfig({ config, log: logged.log, now: () => clock });
  }

  it("sends a bare model name to the first provider and '<provider>/<model>' to that provider", async () => {
    const models = router();
    expect(await models.chat(ask("big"))).toMatchObject({
      content: "from primary",
      servedBy: { provider: "main", model: "big" },
    });
    expect(await models.chat(ask("backup/small"))).toMatchObject({
      content: "from backup",
      servedBy: { provider: "backup", model: "small" },
    });
    expect(models.resolve("meta-llama/llama-3")).toEqual({ provider: "main", model: "meta-llama/llama-3" });
    expect(primary.requests.map((request) => request.body.model)).toEqual(["big"]);
    expect(backup.requests.map((request) => request.body.model)).toEqual(["small"]);
  });

  it("fails over to the fallback on a 503 after the provider's retries, with the fallback's answer unchanged", async () => {
    primary.respondWith(() => ({ type: "error", status: 503, headers: { "retry-after-ms": "1" } }));
    const response = await router({ primary: { max_retries: 1 } }).chat(ask("big"));
    expect(response.content).toBe("from backup");
    expect(response.servedBy).toEqual({ provider: "backup", model: "small" });
    expect(primary.requests).toHaveLength(2);
    expect(logged.lines.find((line) => line.msg === "answered by a fallback model")).toMatchObject({
      from: "main/big",
      to: "backup/small",
    });
  });

  it("fails over when the model does not answer in time", async () => {
    primary.respondWith(() => ({ type: "hang" }));
    const response = await router({ primary: { timeout: 0.2 } }).chat(ask("big"));
    expect(response.content).toBe("from backup");
  });

  it("fails over at once on a 429 with a long retry-after instead of waiting", async () => {
    primary.respondWith(() => ({ type: "error", status: 429, headers: { "retry-after": "120" } }));
    const models = router({ primary: { max_retries: 3 } });
    expect((await models.chat(ask("big"))).content).toBe("from backup");
    expect(primary.requests).toHaveLength(1);
  });

  it("retries a 429 with a short retry-after on the same provider first", async () => {
    primary.reply({ type: "error", status: 429, headers: { "retry-after-ms": "1" } });
    expect((await router({ primary: { max_retries: 1 } }).chat(ask("big"))).content).toBe("from primary");
    expect(backup.requests).toHaveLength(0);
  });

  it("does not fail over on a 401: a fallback would not fix the key", async () => {
    primary.respondWith(() => ({ type: "error", status: 401, body: { error: { message: "bad key" } } }));
    const error = await failure(router().chat(ask("big")));
    expect(error.kind).toBe("auth");
    expect(backup.requests).toHaveLength(0);
  });

  it("skips a provider that failed for its cooldown, then tries it again", async () => {
    primary.respondWith(() => ({ type: "error", status: 500 }));
    const models = router({ primary: { cooldown: 30 } });
    await models.chat(ask("big"));
    expect(primary.requests).toHaveLength(1);

    clock += 29_000;
    expect((await models.chat(ask("big"))).content).toBe("from backup");
    expect(primary.requests).toHaveLength(1);
    expect(models.status().providers.find((provider) => provider.name === "main")).toMatchObject({
      coolingDownUntil: Date.parse("2025-03-10T12:00:30Z"),
    });
    expect(models.status().failovers).toBe(2);

    clock += 2_000;
    primary.respondWith(() => ({ content: "primary is back" }));
    expect((await models.chat(ask("big"))).content).toBe("primary is back");
    expect(models.status().providers.find((provider) => provider.name === "main")?.coolingDownUntil).toBeUndefined();
  });

  it("still tries a cooling provider when every candidate is cooling down", async () => {
    primary.respondWith(() => ({ type: "error", status: 500 }));
    backup.respondWith(() => ({ type: "error", status: 500 }));
    const models = router();
    expect((await failure(models.chat(ask("big")))).kind).toBe("server");
    primary.respondWith(() => ({ content: "recovered" }));
    expect((await models.chat(ask("big"))).content).toBe("recovered");
  });

  it("sends a context-length error only to a fallback with a larger window", async () => {
    const tooLong = {
      type: "error" as const,
      status: 400,
      body: { error: { message: "maximum context length exceeded", code: "context_length_exceeded" } },
    };
    primary.respondWith(() => tooLong);
    const models = router({
      fallbacks: ["backup/small", "backup/huge"],
      primary: { context_windows: { big: 128_000 } },
      backup: { context_windows: { small: 8_000, huge: 1_000_000 } },
    });
    expect(await models.chat(ask("big"))).toMatchObject({ servedBy: { provider: "backup", model: "huge" } });
    expect(backup.requests.map((request) => request.body.model)).toEqual(["huge"]);

    const withoutLarger = router({ fallbacks: ["backup/small"] });
    expect((await failure(withoutLarger.chat(ask("big")))).kind).toBe("bad-request");
  });

  it("sends each provider's extra headers", async () => {
    await router({ primary: { headers: { "X-Title": "skein" } } }).chat(ask("big"));
    expect(primary.requests[0]?.headers["x-title"]).toBe("skein");
    expect(primary.requests[0]?.headers.authorization).toBe("Bearer sk-main");
  });
});
