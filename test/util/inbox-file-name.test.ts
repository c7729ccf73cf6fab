import { describe, expect, it } from "vitest";
import { composeName, safeInboxName } from "../../src/util/inbox-file-name.js";

describe("inbox file names", () => {
  it("cuts a long name between characters, never inside a surrogate pair, and keeps the extension", () => {
    const saved = composeName("2026-01-01-", safeInboxName(`${"𝒜".repeat(200)}.tar.gz`, "document.bin"));
    expect(Buffer.from(saved).toString()).toBe(saved);
    expect(Buffer.byteLength(saved)).toBeLessThanOrEqual(120);
    expect(saved).toMatch(/^2026-01-01-(𝒜)+\.gz$/u);
  });

  it("leaves room for the collision suffix within the 120 bytes", () => {
    const saved = composeName("2026-01-01-", safeInboxName(`${"a".repeat(300)}.pdf`, "document.bin"), "-17");
    expect(Buffer.byteLength(saved)).toBe(120);
    expect(saved.endsWith("a-17.pdf")).toBe(true);
  });

  it("keeps no extension longer than 16 bytes apart, and no Windows device name bare", () => {
    expect(safeInboxName("x.averyveryverylongextension", "f")).toEqual({
      stem: "x.averyveryverylongextension",
      extension: "",
    });
    expect(safeInboxName("aux.c", "f")).toEqual({ stem: "_aux", extension: ".c" });
    expect(safeInboxName("LPT1", "f")).toEqual({ stem: "_LPT1", extension: "" });
  });
});
