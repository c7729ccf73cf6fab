import { describe, expect, it } from "vitest";
import { chunkText } from "../../src/channel-kit/chunk-text.js";

/** Counts fence lines in a chunk: a balanced chunk has an even number. */
function fenceLines(chunk: string): number {
  return chunk.split("\n").filter((line) => /^ {0,3}(```|~~~)/.test(line)).length;
}

describe("chunkText", () => {
  it("gives no chunks for empty or blank text", () => {
    expect(chunkText("", { limit: 10 })).toEqual([]);
    expect(chunkText(" \n\n \t", { limit: 10 })).toEqual([]);
  });

  it("keeps text that fits in one chunk unchanged", () => {
    expect(chunkText("hello *world*", { limit: 100 })).toEqual(["hello *world*"]);
  });

  it("cuts between paragraphs before cutting between lines or words", () => {
    const text = "first paragraph here\nstill first\n\nsecond paragraph";
    expect(chunkText(text, { limit: 40 })).toEqual(["first paragraph here\nstill first", "second paragraph"]);
  });

  it("starts the next chunk at the next paragraph, however many blank lines lie between", () => {
    expect(chunkText("first paragraph\n\n\n\n\nsecond paragraph", { limit: 20 })).toEqual([
      "first paragraph",
      "second paragraph",
    ]);
  });

  it("cuts between lines when no paragraph break fits", () => {
    const text = "line one is here\nline two is here\nline three";
    expect(chunkText(text, { limit: 36 })).toEqual(["line one is here\nline two is here", "line three"]);
  });

  it("cuts between words when a line is too long", () => {
    const text = "alpha beta gamma delta epsilon";
    const chunks = chunkText(text, { limit: 12 });
    expect(chunks).toEqual(["alpha beta", "gamma delta", "epsilon"]);
  });

  it("cuts anywhere when a word alone is longer than the limit", () => {
    const chunks = chunkText("x".repeat(25), { limit: 10 });
    expect(chunks).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("does not split a surrogate pair when cutting anywhere", () => {
    const chunks = chunkText("😀".repeat(5), { limit: 3 });
    expect(chunks.join("")).toBe("😀".repeat(5));
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(3);
    expect(chunks.every((chunk) => !/[\ud800-\udbff]$/.test(chunk))).toBe(true);
  });

  it("closes a cut code block and reopens it with its language in the next chunk", () => {
    const code = Array.from({ length: 30 }, (_, index) => `print(${index})`).join("\n");
    const text = `Here is code:\n\n\`\`\`python\n${code}\n\`\`\`\n\nDone.`;
    const chunks = chunkText(text, { limit: 120 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(120);
      expect(fenceLines(chunk) % 2).toBe(0);
    }
    expect(chunks[1]!.startsWith("```python\n")).toBe(true);
    expect(chunks.at(-2)!.endsWith("```")).toBe(true);
    // Every line of code arrives exactly once, in order.
    const lines = chunks
      .join("\n")
      .split("\n")
      .filter((line) => line.startsWith("print("));
    expect(lines).toEqual(code.split("\n"));
    expect(chunks.at(-1)).toContain("Done.");
  });

  it("does not reopen an empty block when the cut falls on the closing fence", () => {
    const text = "```js\nconst a = 1;\nconst b = 2;\n```\nafter";
    const chunks = chunkText(text, { limit: 34 });
    for (const chunk of chunks) {
      expect(chunk).not.toMatch(/```js\n```/);
      expect(fenceLines(chunk) % 2).toBe(0);
      expect(chunk.length).toBeLessThanOrEqual(34);
    }
    expect(chunks.join("\n")).toContain("after");
  });

  it("treats tilde fences and longer backtick fences as code blocks too", () => {
    const text = `~~~\n${"a line of text\n".repeat(10)}~~~`;
    const chunks = chunkText(text, { limit: 60 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith("~~~")).toBe(true);
      expect(chunk.endsWith("~~~")).toBe(true);
    }
  });

  it("measures chunks with the platform's measure, fence lines included", () => {
    const measure = (chunk: string) => chunk.replace(/[*_`]/g, "").length;
    const text = `${"**bold** ".repeat(40)}\n\n\`\`\`\n${"code\n".repeat(40)}\`\`\``;
    const chunks = chunkText(text, { limit: 50, measure });
    for (const chunk of chunks) expect(measure(chunk)).toBeLessThanOrEqual(50);
    expect(chunks.join(" ").match(/bold/g)).toHaveLength(40);
    expect(chunks.join("\n").match(/code/g)).toHaveLength(40);
  });

  it("never exceeds the limit on a long mixed reply, and loses no words", () => {
    const paragraph = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(12);
    const block = `\`\`\`ts\n${"const value = compute(value) + 1; // step\n".repeat(60)}\`\`\``;
    const text = [paragraph, block, paragraph, "- item one\n- item two", block].join("\n\n");
    const chunks = chunkText(text, { limit: 500 });
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(fenceLines(chunk) % 2).toBe(0);
    }
    const words = (value: string) =>
      value
        .replace(/```(ts)?/g, " ")
        .split(/\s+/)
        .filter(Boolean);
    expect(words(chunks.join("\n"))).toEqual(words(text));
  });

  it("rejects a limit below one", () => {
    expect(() => chunkText("abc", { limit: 0 })).toThrow(RangeError);
  });
});
