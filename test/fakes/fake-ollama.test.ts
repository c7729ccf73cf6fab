import { Ollama } from "ollama";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOllama } from "./fake-ollama.js";

/** The fake, checked with the `ollama` package's client. */
describe("the fake Ollama /api/chat, spoken to by the ollama package", () => {
  let fake: FakeOllama;
  let client: Ollama;

  beforeAll(async () => {
    fake = await FakeOllama.start();
    client = new Ollama({ host: fake.baseUrl });
  });
  afterAll(() => fake.close());

  it("answers in one JSON object when not streaming, with token counts", async () => {
    fake.reply({ content: "hello" });
    const answer = await client.chat({
      model: "llama-test",
      messages: [{ role: "user", content: "hi" }],
      stream: false,
    });
    expect(answer.message.content).toBe("hello");
    expect(answer.done_reason).toBe("stop");
    expect(answer.prompt_eval_count).toBe(10);
  });

  it("streams text, thinking and tool calls with object arguments, and takes them back as objects", async () => {
    fake.reply({ thinking: "hmm", content: "checking", toolCalls: [{ name: "look", arguments: { at: 1 } }] });
    const parts = await client.chat({
      model: "llama-test",
      messages: [{ role: "user", content: "go", images: ["aGVsbG8="] }],
      tools: [{ type: "function", function: { name: "look", parameters: { type: "object" } } }],
      stream: true,
      think: true,
    });
    const lines = [];
    for await (const part of parts) lines.push(part);
    expect(lines.map((part) => part.message.thinking ?? "").join("")).toBe("hmm");
    expect(lines.map((part) => part.message.content).join("")).toBe("checking");
    const calls = lines.flatMap((part) => part.message.tool_calls ?? []);
    expect(calls).toEqual([{ function: { name: "look", arguments: { at: 1 } } }]);
    expect(lines.at(-1)!.done).toBe(true);

    fake.reply({ content: "done" });
    const next = await client.chat({
      model: "llama-test",
      stream: false,
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: "", tool_calls: calls },
        { role: "tool", content: "1", tool_name: "look" },
      ],
    });
    expect(next.message.content).toBe("done");
    await expect(
      client.chat({ model: "m", stream: false, messages: [{ role: "tool", content: "1" }] }),
    ).rejects.toThrow(/tool_name/);
  });
});
