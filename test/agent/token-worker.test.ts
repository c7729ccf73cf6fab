import { countTokens as referenceCount } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { PIECE_CHARS, TokenizerThread } from "../../src/agent/compaction/token-worker.js";

describe("the tokenizer's thread", () => {
  it("counts each text of a batch as o200k_base does, 1,024 characters at a time", async () => {
    const thread = new TokenizerThread();
    const long = "word ".repeat(1_000);
    const counts = await thread.count(["hello there", long]);
    let expected = 0;
    for (let start = 0; start < long.length; start += PIECE_CHARS)
      expected += referenceCount(long.slice(start, start + PIECE_CHARS));
    expect(counts).toEqual([referenceCount("hello there"), expected]);
  });

  it("stops once unused for its idle time, giving its memory back, and starts again for the next count", async () => {
    const thread = new TokenizerThread({ idleMs: 50 });
    expect(thread.running).toBe(false);
    await thread.count(["a"]);
    expect(thread.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(thread.running).toBe(false);
    expect(await thread.count(["hello there"])).toEqual([referenceCount("hello there")]);
  });
});
