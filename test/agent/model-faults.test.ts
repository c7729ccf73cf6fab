import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { apologies } from "../../src/agent/turn/apology.js";
import { createLogger } from "../../src/log.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { type Harness, startHarness } from "./harness.js";

const apiKey = "sk-live-0123456789abcdefSECRET";

/** A real skein logger (secrets redacted, as the daemon's) whose lines are kept as text. */
async function textLogger(secrets: string[]) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      callback();
    },
  });
  const log = await createLogger({ level: "debug", destination, pretty: false, secrets });
  return { log, lines };
}

describe("what a user is told when the model fails", () => {
  let harness: Harness;
  afterEach(() => harness?.close());

  it("never sends the API key a 401 quotes: the chat says the bot is misconfigured and the log says what to set, once", async () => {
    const { log, lines } = await textLogger([apiKey]);
    harness = await startHarness({ apiKey, log, secrets: [apiKey] });
    harness.fake.reply({ type: "unauthorized" }, { type: "unauthorized" });
    const first = await harness.ask("hello?");
    const second = await harness.ask("anyone there?");
    expect(harness.fake.requests[0]!.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect([first.reply, second.reply]).toEqual([apologies.misconfigured, apologies.misconfigured]);
    expect(harness.sent.map((message) => message.text).join("\n")).not.toContain(apiKey);
    expect(lines.join("\n")).not.toContain(apiKey);
    const advice = lines.filter((line) => line.includes("OPENAI_API_KEY or providers.openai.api_key"));
    expect(advice).toHaveLength(1);
    expect(lines.join("\n")).toContain("Incorrect API key provided: [redacted]");
  });

  it("tells the user the model is unreachable without naming the host, port or error code", async () => {
    const refused = await FakeOpenAI.refused();
    try {
      harness = await startHarness({ baseUrl: refused.baseUrl });
      const outcome = await harness.ask("hello?");
      expect(outcome).toMatchObject({ status: "failed", reply: apologies.unreachable });
      expect(outcome.error).toMatch(/ECONNREFUSED/);
      const sent = harness.sent.map((message) => message.text).join("\n");
      expect(sent).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|:\d{2,5}\b/);
    } finally {
      await refused.release();
    }
  });

  it("asks the user to try again after an overloaded model, without the provider's text", async () => {
    harness = await startHarness();
    harness.fake.reply({
      type: "error",
      status: 503,
      body: { error: { message: "upstream 10.1.2.3:8000 is overloaded", type: "server_error" } },
    });
    const outcome = await harness.ask("hello?");
    expect(outcome.reply).toBe(apologies.overloaded);
    expect(outcome.reply).toMatch(/try again/);
  });

  it("removes a configured secret from any outbound text, even one the model wrote", async () => {
    harness = await startHarness({ secrets: [apiKey] });
    harness.fake.reply({ content: `Your key is ${apiKey}, keep it safe.` });
    await harness.ask("what is my key?");
    expect(harness.sent.map((message) => message.text)).toEqual(["Your key is [redacted], keep it safe."]);
  });

  it("answers the next message in a chat after one the model refused as too long", async () => {
    harness = await startHarness();
    harness.fake.reply({
      type: "error",
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 128000 tokens.",
          type: "invalid_request_error",
          code: "context_length_exceeded",
        },
      },
    });
    const refused = await harness.ask("x".repeat(20_000));
    expect(refused.reply).toBe(apologies.tooLong);
    const next = await harness.ask("a normal question");
    expect(next).toMatchObject({ status: "answered", reply: "echo: a normal question" });
    const replayed = harness.fake.requests[1]!.body.messages.map((message) => message.content ?? "");
    expect(replayed.join("").length).toBeLessThan(20_000);
  });
});
