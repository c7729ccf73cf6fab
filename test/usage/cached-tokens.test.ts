import { describe, expect, it } from "vitest";
import { usageOf } from "../../src/providers/assemble-stream.js";
import { chatCompletionsBody } from "../../src/providers/chat-request-body.js";
import { costOf } from "../../src/usage/usage-ledger.js";

describe("cached input tokens", () => {
  it("reads prompt_tokens_details.cached_tokens as the cached part of prompt_tokens", () => {
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 80 } })).toEqual(
      {
        promptTokens: 100,
        completionTokens: 5,
        cachedTokens: 80,
      },
    );
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 5 })).toEqual({ promptTokens: 100, completionTokens: 5 });
  });

  it("prices cached input at cached_input, or at input when the model has no cached price", () => {
    expect(costOf({ input: 2, output: 8, cached_input: 0.5 }, 1_000_000, 800_000, 0)).toBeCloseTo(0.4 + 0.4);
    expect(costOf({ input: 2, output: 8 }, 1_000_000, 800_000, 1_000_000)).toBeCloseTo(2 + 8);
  });

  it("marks the system prompt and the last message with cache_control breakpoints", () => {
    const messages = [
      { role: "system" as const, content: "sys" },
      { role: "user" as const, content: "a" },
      { role: "assistant" as const, content: "b" },
      { role: "user" as const, content: "c" },
    ];
    const body = chatCompletionsBody({ model: "m", messages }, { stream: false, cacheControl: true });
    const marked = (JSON.parse(body) as { messages: Array<{ content: unknown }> }).messages;
    expect(marked[0]?.content).toEqual([{ type: "text", text: "sys", cache_control: { type: "ephemeral" } }]);
    expect(marked[1]?.content).toBe("a");
    expect(marked[3]?.content).toEqual([{ type: "text", text: "c", cache_control: { type: "ephemeral" } }]);
  });
});
