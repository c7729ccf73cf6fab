import { describe, expect, it } from "vitest";
import { browserTool } from "../../src/tools/builtin/browser.js";

const port = { act: () => Promise.reject(new Error("not used")) };
const tool = (evaluate: boolean) => browserTool(port, { timeoutMs: 1_000, evaluate, allowPrivate: false });

describe("which browser calls ask under tools.approval: ask", () => {
  it("does not ask about code the page may not run (evaluate off): it is refused without a prompt", () => {
    const needsApproval = tool(false).needsApproval!;
    expect(needsApproval({ action: "evaluate", expression: "document.cookie" })).toBe(false);
    expect(needsApproval({ action: "navigate", url: " JavaScript:alert(1)" })).toBe(false);
    expect(needsApproval({ action: "navigate", url: "https://example.com/" })).toBe(true);
    expect(needsApproval({ action: "snapshot" })).toBe(true);
  });

  it("asks about every call, code included, when evaluate is on", () => {
    const needsApproval = tool(true).needsApproval!;
    expect(needsApproval({ action: "evaluate", expression: "6 * 7" })).toBe(true);
    expect(needsApproval({ action: "navigate", url: "javascript:1" })).toBe(true);
  });
});
