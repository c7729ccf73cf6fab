import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { usageOf } from "../../src/providers/assemble-stream.js";
import { bodyText, chatCompletionsBody } from "../../src/providers/chat-request-body.js";
import { costOf, pricesFrom } from "../../src/usage/usage-ledger.js";

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
    const tokens = { promptTokens: 1_000_000, cachedTokens: 800_000, completionTokens: 0 };
    expect(costOf({ input: 2, output: 8, cached_input: 0.5 }, tokens)).toBeCloseTo(0.4 + 0.4);
    expect(costOf({ input: 2, output: 8 }, { ...tokens, completionTokens: 1_000_000 })).toBeCloseTo(2 + 8);
  });

  it("prices input written to the cache at cache_write: 1.25 x input on the anthropic API, input elsewhere", () => {
    const price = { input: 4, output: 20, cached_input: 0.4 };
    const providers = configSchema.parse({
      providers: { anthropic: { prices: { claude: price } }, openai: { prices: { gpt: price } } },
    }).providers;
    const priceOf = pricesFrom(providers);
    expect(priceOf("anthropic", "claude")?.cache_write).toBe(5);
    expect(priceOf("openai", "gpt")?.cache_write).toBe(4);
    // 100k uncached, 700k read from the cache, 200k written to it.
    const tokens = { promptTokens: 1_000_000, cachedTokens: 700_000, cacheWriteTokens: 200_000, completionTokens: 0 };
    expect(costOf(priceOf("anthropic", "claude")!, tokens)).toBeCloseTo(0.4 + 0.28 + 1);
    expect(costOf({ ...price, cache_write: 6 }, tokens)).toBeCloseTo(0.4 + 0.28 + 1.2);
  });

  it("marks the system prompt and the last message with cache_control breakpoints", () => {
    const messages = [
      { role: "system" as const, content: "sys" },
      { role: "user" as const, content: "a" },
      { role: "assistant" as const, content: "b" },
      { role: "user" as const, content: "c" },
    ];
    const body = chatCompletionsBody({ model: "m", messages }, { stream: false, cacheControl: true });
    const marked = (JSON.parse(bodyText(body)) as { messages: Array<{ content: unknown }> }).messages;
    expect(marked[0]?.content).toEqual([{ type: "text", text: "sys", cache_control: { type: "ephemeral" } }]);
    expect(marked[1]?.content).toBe("a");
    expect(marked[3]?.content).toEqual([{ type: "text", text: "c", cache_control: { type: "ephemeral" } }]);
  });
});
