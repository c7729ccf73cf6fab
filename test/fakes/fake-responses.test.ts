import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeResponses } from "./fake-responses.js";

/** The fake, checked with the real openai SDK's Responses client. */
describe("the fake OpenAI Responses API, spoken to by the openai SDK", () => {
  let fake: FakeResponses;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await FakeResponses.start();
    client = new OpenAI({ apiKey: "sk-test", baseURL: fake.baseUrl, maxRetries: 0 });
  });
  afterAll(() => fake.close());

  it("answers with a response object the SDK reads (output_text, usage with cached tokens)", async () => {
    fake.reply({ content: "hello" });
    const response = await client.responses.create({ model: "o-test", input: "hi", store: false });
    expect(response.output_text).toBe("hello");
    expect(response.usage?.input_tokens_details.cached_tokens).toBe(4);
  });

  it("streams reasoning, text and function calls as events, and takes the reasoning back before its call", async () => {
    fake.reply({ thinking: "hmm", toolCalls: [{ name: "look", arguments: { at: 1 } }] });
    const stream = await client.responses.create({
      model: "o-test",
      input: [{ role: "user", content: "go" }],
      store: false,
      include: ["reasoning.encrypted_content"],
      tools: [{ type: "function", name: "look", parameters: { type: "object" }, strict: false }],
      stream: true,
    });
    const types: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.completed") completed = event.response;
    }
    expect(types[0]).toBe("response.created");
    expect(types).toContain("response.function_call_arguments.delta");
    const [reasoning, call] = completed!.output;
    expect(reasoning).toMatchObject({ type: "reasoning", encrypted_content: expect.stringMatching(/^enc_/) });
    expect(call).toMatchObject({ type: "function_call", name: "look", arguments: '{"at":1}' });

    const { call_id } = call as OpenAI.Responses.ResponseFunctionToolCall;
    const input = [
      { role: "user" as const, content: "go" },
      reasoning as OpenAI.Responses.ResponseReasoningItem,
      { type: "function_call" as const, call_id, name: "look", arguments: '{"at":1}' },
      { type: "function_call_output" as const, call_id, output: "1" },
    ];
    fake.reply({ content: "done" });
    const next = await client.responses.create({ model: "o-test", input, store: false });
    expect(next.output_text).toBe("done");
    await expect(
      client.responses.create({ model: "o-test", input: input.slice(2), store: false }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
