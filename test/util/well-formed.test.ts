import { describe, expect, it } from "vitest";
import { wellFormedDeep } from "../../src/util/well-formed.js";

const lone = "half an emoji \ud83d";

describe("wellFormedDeep", () => {
  it("returns the same objects when nothing needs healing, and heals a lone surrogate wherever it is", () => {
    const history = [
      { role: "user", content: "hello" },
      { role: "assistant", content: "hi" },
    ];
    expect(wellFormedDeep(history)).toBe(history);
    const bad = { role: "tool", content: lone, extra: { [lone]: [lone] } };
    const healed = wellFormedDeep([...history, bad]);
    expect(healed[2]).toEqual({
      role: "tool",
      content: "half an emoji \ufffd",
      extra: { "half an emoji \ufffd": ["half an emoji \ufffd"] },
    });
    expect(bad.content).toBe(lone);
  });

  it("still heals a message appended to an array it checked before (a tool loop's messages)", () => {
    const messages: Array<{ role: string; content: string }> = [{ role: "user", content: "run it" }];
    expect(wellFormedDeep(messages)).toBe(messages);
    messages.push({ role: "tool", content: lone });
    expect(wellFormedDeep(messages)[1]!.content).toBe("half an emoji \ufffd");
    expect(wellFormedDeep(messages)[0]).toBe(messages[0]);
  });
});
