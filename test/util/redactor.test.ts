import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/util/redactor.js";

const apiKey = "sk-live-0123456789abcdef";
const token = "123456:AAbbCCdd";

describe("the redactor", () => {
  it("replaces every secret, a longer one containing a shorter one whole, and leaves short values alone", () => {
    const redactor = new Redactor(["abc", token, "0123456789", apiKey]);
    expect(redactor.redact(`key ${apiKey}, token ${token}, abc`)).toBe("key [redacted], token [redacted], abc");
  });

  it("holds back the tail of a growing text that may be the start of a secret, and only that", () => {
    const redactor = new Redactor([apiKey, token]);
    expect(redactor.redactGrowing("the key is sk-live-0123")).toBe("the key is ");
    expect(redactor.redactGrowing("the key is s")).toBe("the key is ");
    expect(redactor.redactGrowing(`the key is ${apiKey}`)).toBe("the key is [redacted]");
    expect(redactor.redactGrowing("the key is sk-live-x and more")).toBe("the key is sk-live-x and more");
    expect(redactor.redactGrowing(`token 123456:AAbbCCdd and 12`)).toBe("token [redacted] and ");
  });

  it("shows every prefix of a text without any part of a secret split anywhere in it", () => {
    const redactor = new Redactor([apiKey, token]);
    const text = `First ${apiKey} then ${token}, the end.`;
    for (let length = 0; length <= text.length; length++) {
      const shown = redactor.redactGrowing(text.slice(0, length));
      expect(shown).not.toContain("sk-live-0");
      expect(shown).not.toContain("123456:");
    }
  });
});
