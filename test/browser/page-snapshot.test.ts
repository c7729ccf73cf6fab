import { describe, expect, it } from "vitest";
import { cutAt, fullReference, SNAPSHOT_MAX_BYTES } from "../../src/browser/page-snapshot.js";

describe("a page snapshot's text", () => {
  it("is kept whole when it fits", () => {
    expect(cutAt("Title: a\nURL: b", SNAPSHOT_MAX_BYTES)).toBe("Title: a\nURL: b");
  });

  it("is cut at the last whole line that fits in 70,000 bytes, with a note saying so", () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `- link "Link number ${index} ✓" [ref=e${index}]`);
    const text = lines.join("\n");
    const cut = cutAt(text, SNAPSHOT_MAX_BYTES);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(SNAPSHOT_MAX_BYTES);
    expect(Buffer.byteLength(cut)).toBeGreaterThan(SNAPSHOT_MAX_BYTES - 200);
    const [kept, note] = cut.split("\n[... ");
    expect(text.startsWith(`${kept}\n`)).toBe(true);
    expect(note).toMatch(
      /^the page is longer: the snapshot was cut at 70,000 bytes; [\d,]+ more bytes not shown \.\.\.\]$/,
    );
    const hidden = Number(note!.match(/; ([\d,]+) more/)![1]!.replaceAll(",", ""));
    expect(hidden).toBe(Buffer.byteLength(text) - Buffer.byteLength(kept!));
  });

  it("names main-frame elements e12 and those of inner frames with their frame's prefix", () => {
    expect(fullReference("e12", "f2")).toBe("f2e12");
    expect(fullReference("e12", "")).toBe("e12");
    expect(fullReference("f3e4", "f2")).toBe("f3e4");
  });
});
