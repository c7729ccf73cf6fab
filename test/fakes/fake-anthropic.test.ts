import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnthropic } from "./fake-anthropic.js";

/** The fake, checked with the real SDK: what the SDK sends, the fake accepts; what the fake sends, the SDK reads. */
describe("the fake Anthropic Messages API, spoken to by @anthropic-ai/sdk", () => {
  let fake: FakeAnthropic;
  let client: Anthropic;

  beforeAll(async () => {
    fake = await FakeAnthropic.start();
    client = new Anthropic({ apiKey: "sk-ant-test", baseURL: fake.baseUrl, maxRetries: 2, logLevel: "off" });
  });
  afterAll(() => fake.close());

  it("answers a message in JSON, with usage", async () => {
    fake.reply({ content: "hello" });
    const message = await client.messages.create({
      model: "claude-test",
      max_tokens: 100,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(message.content).toEqual([{ type: "text", text: "hello" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.headers["anthropic-version"]).toBeDefined();
  });

  it("streams thinking, text and tool calls as events the SDK's message stream assembles", async () => {
    fake.reply({ thinking: "let me think", content: "checking", toolCalls: [{ name: "look", arguments: { at: 1 } }] });
    const message = await client.messages
      .stream({
        model: "claude-test",
        max_tokens: 5000,
        thinking: { type: "enabled", budget_tokens: 1024 },
        tools: [{ name: "look", input_schema: { type: "object" } }],
        messages: [{ role: "user", content: "go" }],
      })
      .finalMessage();
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
    expect(message.content[0]).toMatchObject({ thinking: "let me think", signature: expect.stringMatching(/^sig_/) });
    expect(message.content[2]).toMatchObject({ name: "look", input: { at: 1 } });
    expect(message.stop_reason).toBe("tool_use");

    // The thinking block goes back unchanged with the tool result, as the API wants.
    const [thinking, , use] = message.content;
    fake.reply({ content: "done" });
    const next = await client.messages.create({
      model: "claude-test",
      max_tokens: 5000,
      thinking: { type: "enabled", budget_tokens: 1024 },
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: [thinking!, use!] as Anthropic.ContentBlockParam[] },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: (use as Anthropic.ToolUseBlock).id, content: "1" }],
        },
      ],
    });
    expect(next.content).toEqual([{ type: "text", text: "done" }]);
  });

  it("refuses what the API refuses: a changed thinking block, unpaired tool calls, too many breakpoints", async () => {
    const refused = (body: Anthropic.MessageCreateParamsNonStreaming) =>
      client.messages.create(body).then(
        () => undefined,
        (error: InstanceType<typeof Anthropic.APIError>) => error.status,
      );
    const marked = { type: "text" as const, text: "x", cache_control: { type: "ephemeral" as const } };
    expect(
      await refused({
        model: "m",
        max_tokens: 10,
        messages: [{ role: "user", content: [marked, marked, marked, marked, marked] }],
      }),
    ).toBe(400);
    expect(
      await refused({
        model: "m",
        max_tokens: 10,
        messages: [
          { role: "user", content: "a" },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "x", input: {} }] },
          { role: "user", content: "b" },
        ],
      }),
    ).toBe(400);
    expect(
      await refused({
        model: "m",
        max_tokens: 5000,
        messages: [
          { role: "user", content: "a" },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "made up", signature: "sig_x" },
              { type: "text", text: "b" },
            ],
          },
          { role: "user", content: "c" },
        ],
      }),
    ).toBe(400);
    expect(fake.violations.length).toBeGreaterThanOrEqual(3);
  });

  it("answers 529 overloaded, which the SDK retries; an overloaded_error event inside a stream throws", async () => {
    const before = fake.requests.length;
    fake.reply({ type: "error", status: 529 }, { type: "error", status: 529 }, { content: "made it" });
    const message = await client.messages.create({
      model: "m",
      max_tokens: 10,
      messages: [{ role: "user", content: "a" }],
    });
    expect(message.content).toEqual([{ type: "text", text: "made it" }]);
    expect(fake.requests.length - before).toBe(3);

    fake.reply({ type: "stream-error" });
    const stream = await client.messages.create({
      model: "m",
      max_tokens: 10,
      stream: true,
      messages: [{ role: "user", content: "a" }],
    });
    await expect(
      (async () => {
        for await (const _event of stream);
      })(),
    ).rejects.toMatchObject({ error: { error: { type: "overloaded_error" } } });
  });
});
