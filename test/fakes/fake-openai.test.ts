import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "./fake-openai.js";

describe("the fake OpenAI server", () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
  });
  afterAll(() => fake.close());

  it("answers the real SDK with scripted tool calls, in JSON and in SSE", async () => {
    const client = new OpenAI({ apiKey: "test", baseURL: fake.baseUrl, maxRetries: 0 });
    fake.reply({ toolCalls: [{ name: "echo", arguments: { text: "hi" } }] }, { content: "streamed answer" });
    const json = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(json.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: "function",
      function: { name: "echo", arguments: '{"text":"hi"}' },
    });
    const stream = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("streamed answer");
    expect(fake.requests).toHaveLength(2);
  });
});
