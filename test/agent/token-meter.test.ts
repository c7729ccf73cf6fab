import { describe, expect, it } from "vitest";
import { TokenMeter } from "../../src/agent/compaction/token-count.js";
import type { ChatMessage } from "../../src/providers/provider.js";

const parts = (messages: ChatMessage[]) => ({ system: "You are skein.", tools: [], messages });
const turn = (n: number): ChatMessage[] => [
  { role: "user", content: `message ${n} ${"é".repeat(n)}` },
  { role: "assistant", content: `answer ${n}` },
];

describe("TokenMeter's bound", () => {
  it("of a history that grew or was cut since the last turn is the bound counted afresh", () => {
    const meter = new TokenMeter();
    const stored: ChatMessage[] = [];
    for (let n = 1; n <= 5; n++) {
      stored.push(...turn(n));
      expect(meter.bound(parts(stored.slice()))).toBe(new TokenMeter().bound(parts(stored.slice())));
    }
    const kept = stored.slice(0, 3);
    expect(meter.bound(parts(kept))).toBe(new TokenMeter().bound(parts(kept)));
    const other = [stored[0]!, ...turn(9)];
    expect(meter.bound(parts(other))).toBe(new TokenMeter().bound(parts(other)));
    expect(meter.bound(parts(stored))).toBe(new TokenMeter().bound(parts(stored)));
    expect(meter.bound(parts([]))).toBe(new TokenMeter().bound(parts([])));
  });
});

describe("TokenMeter's count", () => {
  it("tokenizes a long history piece by piece with the event loop turning meanwhile, to the same total", async () => {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    const command = `echo ${"a ".repeat(200_000)}`;
    const arguments_ = JSON.stringify({ command });
    const history: ChatMessage[] = [
      { role: "user", content: "run it" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "exec_shell", arguments: arguments_ } }],
      },
    ];
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const tokens = await new TokenMeter().count(parts(history));
    counting = false;
    expect(turns).toBeGreaterThan(1);
    const text = `exec_shell${arguments_}`;
    let expected = countTokens("You are skein.") + 4 + countTokens("[]") + countTokens("run it") + 4 + 4;
    for (let start = 0; start < text.length; start += 1024) expected += countTokens(text.slice(start, start + 1024));
    expect(tokens).toBe(expected);
  });
});
