import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApprovalPlatform, PLATFORMS } from "./approval-platforms.js";

/**
 * Approval prompts through the built CLI on each platform's fake. Attack inputs from peers'
 * advisories: openclaw GHSA-pcqg-f7rg-xfvv (PR #43687, invisible format characters in exec
 * approval prompts), Trojan Source (CVE-2021-42574, bidi overrides, as in openclaw PR #150599),
 * letta-code #1584 and Hermes Agent PR #1649 (approval prompts that cut a command's tail),
 * untether #388 and zeroclaw PR #9838 (a button press from another chat or person deciding).
 */
const TIMEOUT_S = 8;

// The three platforms' daemons run side by side (their waits, the approval timeout above all, overlap);
// each platform's prompts come one at a time, in order.
describe.concurrent.each(Object.keys(PLATFORMS) as Array<keyof typeof PLATFORMS>)(
  "approval prompts on %s, the built CLI",
  (name) => {
    let platform: ApprovalPlatform;
    beforeAll(async () => {
      platform = await PLATFORMS[name](TIMEOUT_S);
    }, 60_000);
    afterAll(async () => {
      await platform.close();
    });
    const ran = (file: string) => readFile(join(platform.workspace, file), "utf8").catch(() => "");
    const shell = (command: string) => ({ name: "exec_shell", arguments: { command } });

    describe.sequential("one prompt at a time", () => {
      it("spells out bidi, zero-width, tag, ANSI and carriage-return characters instead of showing them raw", async () => {
        const command =
          "echo harmless\u202e; txt.exe\u202c\u200b\u2066\u{e0041}\u{e0042}\u001b[8mhidden\u001b[0m\rcovered\u00a0x";
        platform.ask(shell(command));
        const prompt = await platform.nextPrompt();
        for (const spelled of [
          "\\u202e",
          "\\u202c",
          "\\u200b",
          "\\u2066",
          "\\u{e0041}",
          "\\u{e0042}",
          "\\u001b[8m",
          "\\r",
          "\\u00a0",
        ])
          expect(prompt.shown).toContain(spelled);
        for (const raw of ["\u202e", "\u202c", "\u200b", "\u2066", "\u001b", "\r", "\u00a0", "\u{e0041}"])
          expect(prompt.shown).not.toContain(raw);
        expect(prompt.shown).toContain("echo harmless\\u202e; txt.exe");
        const result = platform.nextToolResult();
        await platform.press(prompt, "requester", "Deny");
        expect(await result).toContain("denied by the user");
      });

      it("shows HTML, Markdown fences, spoilers, mentions and mrkdwn in the arguments as written, with none of it live", async () => {
        const command =
          "echo '<b>bold</b> **strong** ||spoiler|| ~~gone~~ _it_ __u__ <@U0BOSS> <!channel> @everyone " +
          "[docs](https://evil.example) :rotating_light: <t:1:R>\n```\n# heading\n> quote\n- item\n1. first\n```'";
        platform.ask(shell(command));
        const prompt = await platform.nextPrompt();
        expect(prompt.markupFree).toBe(true);
        expect(prompt.shown).toContain(`command: ${command}`);
        await platform.press(prompt, "requester", "Deny");
        await platform.updated(prompt);
      });

      it("never cuts a command padded with 4,000 spaces: it is shown in full, or refused when it does not fit", async () => {
        const command = `echo hello${" ".repeat(4_000)}; touch padded.txt`;
        platform.ask(shell(command));
        const result = platform.nextToolResult();
        if (name === "slack") {
          // A Slack message holds it (plain-text sections of 3,000 characters each).
          const prompt = await platform.nextPrompt();
          expect(prompt.shown).toContain(`command: ${command}`);
          await platform.press(prompt, "requester", "Deny");
          expect(await result).toContain("denied by the user");
        } else {
          // Telegram shows 4,096 characters and Discord 2,000 in one message: refused, not cut.
          expect(await result).toMatch(/too long to show in full in an approval prompt.*not run/);
        }
        expect(await ran("padded.txt")).toBe("");
      });

      it("drops the prompt's button data pressed on another message in another chat, and lets only the real button decide", async () => {
        platform.ask(shell("echo crossed >> crossed.txt"));
        const prompt = await platform.nextPrompt();
        await platform.press(prompt, "requester", "Allow once", true);
        expect(await platform.toldPresser()).toMatch(/expired/);
        expect(platform.updatesOf(prompt)).toBe(0);
        expect(await ran("crossed.txt")).toBe("");
        const result = platform.nextToolResult();
        await platform.press(prompt, "requester", "Allow once");
        expect(await result).toContain('"exit_code":0');
        expect(await ran("crossed.txt")).toBe("crossed\n");
      });

      it("refuses a press from someone who is not an approver, changing nothing, and runs on an approver's press", async () => {
        platform.ask(shell("echo approved >> approver.txt"));
        const prompt = await platform.nextPrompt();
        await platform.press(prompt, "stranger", "Allow once");
        expect(await platform.toldPresser()).toBe("Not yours to approve.");
        expect(platform.updatesOf(prompt)).toBe(0);
        expect(await ran("approver.txt")).toBe("");
        const result = platform.nextToolResult();
        await platform.press(prompt, "approver", "Allow once");
        expect(await result).toContain('"exit_code":0');
        expect(await platform.updated(prompt)).toMatch(/✅ Allowed once by/);
      });

      it("answers a press after the timeout 'expired' and runs nothing", async () => {
        platform.ask(shell("echo late >> late.txt"));
        const prompt = await platform.nextPrompt();
        expect(await platform.updated(prompt)).toContain(`No answer within ${TIMEOUT_S} s`);
        await platform.press(prompt, "requester", "Allow once");
        expect(await platform.toldPresser()).toBe("This request expired: nothing was run.");
        expect(platform.updatesOf(prompt)).toBe(1);
        expect(await ran("late.txt")).toBe("");
      }, 30_000);
    });
  },
);
