import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TelegramApprovals, telegramPlatform } from "../security/approval-platforms.js";
import { browserMissing, chromiumPath } from "../support/browser.js";
import { bwrapWorks } from "../support/bwrap-works.js";

/**
 * The browser under `tools.approval: "ask"`, through the built CLI on Telegram, with `tools.browser.evaluate`
 * on: every call asks first, with the usual prompt naming `browser`, JavaScript included. One daemon, one Chromium.
 */
const skip = browserMissing() ?? (bwrapWorks() ? undefined : "bubblewrap does not run here");

let platform: TelegramApprovals;
beforeAll(async () => {
  if (skip) return;
  platform = await telegramPlatform(30, { tools: { browser: { evaluate: true, executable: chromiumPath } } });
}, 60_000);
afterAll(() => platform?.close());

/** Asks for one browser call as Alice, answers its prompt with `label`; resolves with the prompt and the result. */
async function asked(args: Record<string, unknown>, label: string): Promise<{ shown: string; result: string }> {
  platform.ask({ name: "browser", arguments: args });
  const prompt = await platform.nextPrompt();
  const result = platform.nextToolResult();
  await platform.press(prompt, "requester", label);
  return { shown: prompt.shown, result: await result };
}

describe.skipIf(skip)(`the browser under tools.approval: ask${skip ? ` (skipped: ${skip})` : ""}`, () => {
  it("asks before evaluate and before a javascript: URL, naming the browser and the code, and runs them once allowed", async () => {
    const evaluated = await asked({ action: "evaluate", expression: "6 * 7" }, "Allow once");
    expect(evaluated.shown).toContain("browser");
    expect(evaluated.shown).toContain("6 * 7");
    expect(evaluated.result).toBe("42");
    const javascript = await asked({ action: "navigate", url: "javascript:[1, 2].length" }, "Allow once");
    expect(javascript.shown).toContain("javascript:[1, 2].length");
    expect(javascript.result).toBe("2");
  });

  it("asks before every other action too, and a denied one does not run", async () => {
    const denied = await asked({ action: "snapshot" }, "Deny");
    expect(denied.shown).toContain("browser");
    expect(denied.result).toContain("denied by the user");
  });
});
