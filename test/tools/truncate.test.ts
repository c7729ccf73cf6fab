import { describe, expect, it } from "vitest";
import { contentFor } from "../../src/agent/turn/tool-loop.js";
import { toolResult } from "../../src/tools/tool.js";
import { MAX_TOOL_RESULT_BYTES, truncateForLlm, truncateJsonText } from "../../src/tools/truncate.js";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
const LIMIT = MAX_TOOL_RESULT_BYTES;

describe("truncation of tool results to 65,536 bytes", () => {
  it("is 65,536 bytes", () => {
    expect(LIMIT).toBe(65_536);
  });

  it("leaves a string of exactly 65,536 bytes alone", () => {
    const text = "a".repeat(LIMIT);
    expect(truncateForLlm(text)).toBe(text);
  });

  it("cuts a string one byte over the limit, with a suffix stating the original size", () => {
    const text = "a".repeat(LIMIT + 1);
    const result = truncateForLlm(text);
    expect(bytes(result)).toBeLessThanOrEqual(LIMIT);
    expect(result.endsWith(`[output truncated — original size: ${LIMIT + 1} bytes]`)).toBe(true);
    expect(result.startsWith("a".repeat(60_000))).toBe(true);
  });

  it("never cuts a string inside a multi-byte character", () => {
    const text = "é".repeat(LIMIT); // 2 bytes each
    const result = truncateForLlm(text);
    expect(bytes(result)).toBeLessThanOrEqual(LIMIT);
    expect(result).not.toContain("\uFFFD");
    expect(result.replace(/\n\[output truncated.*$/, "")).toMatch(/^é+$/);
  });

  it("leaves an array whose JSON is exactly 65,536 bytes alone", () => {
    // ["xxxx...x"] : 2 brackets + 2 quotes around the string
    const array = ["x".repeat(LIMIT - 4)];
    expect(bytes(JSON.stringify(array))).toBe(LIMIT);
    expect(truncateForLlm(array)).toBe(JSON.stringify(array));
  });

  it("keeps the leading elements of a larger array plus a sentinel with the original count", () => {
    const array = Array.from({ length: 10_000 }, (_, index) => ({ index, name: `item-${index}` }));
    const result = truncateForLlm(array);
    expect(bytes(result)).toBeLessThanOrEqual(LIMIT);
    const parsed = JSON.parse(result) as unknown[];
    expect(parsed.at(-1)).toEqual({ _truncated: true, original_count: 10_000 });
    expect(parsed.slice(0, -1)).toEqual(array.slice(0, parsed.length - 1));
    expect(parsed.length).toBeGreaterThan(1_000);
  });

  it("keeps no element when even the first does not fit", () => {
    const result = truncateForLlm(["y".repeat(LIMIT)]);
    expect(JSON.parse(result)).toEqual([{ _truncated: true, original_count: 1 }]);
  });

  it("wraps a larger object in a _truncated_json envelope that still fits", () => {
    const object = { content: "z".repeat(LIMIT), path: "big.txt" };
    const result = truncateForLlm(object);
    expect(bytes(result)).toBeLessThanOrEqual(LIMIT);
    const parsed = JSON.parse(result) as { _truncated_json: string; original_size: number };
    expect(parsed.original_size).toBe(bytes(JSON.stringify(object)));
    expect(JSON.stringify(object).startsWith(parsed._truncated_json)).toBe(true);
    expect(parsed._truncated_json.length).toBeGreaterThan(60_000);
  });

  it("fits an object whose JSON needs escaping", () => {
    const object = { text: '"\n\\'.repeat(LIMIT) };
    const result = truncateForLlm(object);
    expect(bytes(result)).toBeLessThanOrEqual(LIMIT);
    expect(JSON.parse(result)).toHaveProperty("_truncated_json");
  });

  it("leaves an object of exactly 65,536 bytes alone", () => {
    const object = { a: "b".repeat(LIMIT - 8) }; // {"a":"..."} = 8 bytes of syntax
    expect(bytes(JSON.stringify(object))).toBe(LIMIT);
    expect(truncateForLlm(object)).toBe(JSON.stringify(object));
  });

  it("cuts JSON text the same way: as it is up to 65,536 bytes, wrapped beyond, counting bytes", () => {
    const fits = JSON.stringify({ a: "é".repeat((LIMIT - 8) / 2) });
    expect(truncateJsonText(fits)).toBe(fits);
    const over = JSON.stringify({ a: "é".repeat(LIMIT / 2) });
    expect(over.length).toBeLessThan(LIMIT);
    const cut = truncateJsonText(over);
    expect(bytes(cut)).toBeLessThanOrEqual(LIMIT);
    expect(JSON.parse(cut)).toMatchObject({ original_size: bytes(over) });
  });

  it("serialises a failure as an error object for the model, truncated too", () => {
    expect(JSON.parse(contentFor({ type: "tool-error", kind: "NotFound", message: 'no tool named "x"' }))).toEqual({
      error: 'not found: no tool named "x"',
    });
    const big = contentFor({
      type: "tool-error",
      kind: "Timeout",
      message: "too slow",
      data: { output: "o".repeat(LIMIT) },
    });
    expect(bytes(big)).toBeLessThanOrEqual(LIMIT);
    expect(contentFor(toolResult({ ok: true }))).toBe('{"ok":true}');
    expect(contentFor(toolResult("plain text"))).toBe("plain text");
  });
});
