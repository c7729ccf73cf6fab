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
