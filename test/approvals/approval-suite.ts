import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TurnOutcome } from "../../src/agent/agent-loop.js";
import type { FakeOpenAI } from "../fakes/fake-openai.js";
import { lastToolResult } from "./scripted-model.js";

/** Who presses: the sender who started the turn, someone in tools.approvers, or anyone else. */
export type Presser = "requester" | "approver" | "stranger";

/** A platform with a running daemon (tools.approval: ask) whose fake can press buttons. */
export interface ApprovalPlatform<Prompt> {
  model: FakeOpenAI;
  /** The daemon's workspace. */
  workspace: string;
  /** tools.approval_timeout of the daemon, in seconds. */
  timeoutSeconds: number;
  /** Sends `text` as the requester; resolves with its turn's outcome. */
  send(text: string): Promise<TurnOutcome>;
  /** Resolves with the next prompt posted that was not returned before. */
  nextPrompt(): Promise<Prompt>;
  /** Presses the button labelled `label` on `prompt`. */
  press(prompt: Prompt, presser: Presser, label: string): Promise<void>;
  /** Waits until the prompt was updated `count` times in all; resolves with its text then, and whether buttons remain. */
  promptUpdated(prompt: Prompt, count?: number): Promise<{ text: string; buttons: boolean }>;
  /** Resolves with what only the stranger was shown after their press (an alert, an ephemeral message). */
  refusalShown(): Promise<string>;
  /** How many times the prompt was updated so far. */
  updatesOf(prompt: Prompt): number;
  close(): Promise<void>;
}

/** The behaviour every platform's approval prompts must have, run against its fake. */
export function describeApprovals<Prompt>(name: string, start: () => Promise<ApprovalPlatform<Prompt>>): void {
  describe(name, () => {
    let platform: ApprovalPlatform<Prompt>;
    beforeAll(async () => {
      platform = await start();
    });
    afterAll(async () => {
      await platform.close();
    });
    const workspaceFile = (file: string) => readFile(join(platform.workspace, file), "utf8").catch(() => "");

    it("holds a privileged call until Allow once, runs it exactly once, and shows who allowed it", async () => {
      const turn = platform.send("shell: echo once >> once.txt");
      const prompt = await platform.nextPrompt();
      expect(await workspaceFile("once.txt")).toBe("");
      await platform.press(prompt, "requester", "Allow once");
      expect((await turn).reply).toMatch(/^tool said: .*"exit_code":0/);
      expect(await workspaceFile("once.txt")).toBe("once\n");
      const updated = await platform.promptUpdated(prompt);
      expect(updated.text).toContain("exec_shell");
      expect(updated.text).toContain("✅ Allowed once by");
      expect(updated.buttons).toBe(false);
    });

    it("gives the model a tool error when the user denies, and runs nothing", async () => {
      const turn = platform.send("shell: echo denied >> denied.txt");
      const prompt = await platform.nextPrompt();
      await platform.press(prompt, "requester", "Deny");
      expect((await turn).reply).toContain("permission denied: denied by the user");
      expect(await workspaceFile("denied.txt")).toBe("");
      expect((await platform.promptUpdated(prompt)).text).toContain("🚫 Denied by");
    });

    it("refuses a stranger's press, telling only them, and lets an approver decide", async () => {
      const turn = platform.send("shell: echo approver >> approver.txt");
      const prompt = await platform.nextPrompt();
      const refusal = platform.refusalShown();
      await platform.press(prompt, "stranger", "Allow once");
      expect(await refusal).toBe("Not yours to approve.");
      expect(platform.updatesOf(prompt)).toBe(0);
      expect(await workspaceFile("approver.txt")).toBe("");
      await platform.press(prompt, "approver", "Allow once");
      await turn;
      expect(await workspaceFile("approver.txt")).toBe("approver\n");
    });

    it("runs the same call without a second prompt after Allow for this conversation, and asks for other arguments", async () => {
      const first = platform.send("shell: echo same >> same.txt");
      const prompt = await platform.nextPrompt();
      await platform.press(prompt, "requester", "Allow for this conversation");
      await first;
      await platform.send("shell: echo same >> same.txt");
      expect(await workspaceFile("same.txt")).toBe("same\nsame\n");
      const other = platform.send("shell: echo other >> same.txt");
      const otherPrompt = await platform.nextPrompt();
      await platform.press(otherPrompt, "requester", "Deny");
      await other;
      expect(await workspaceFile("same.txt")).toBe("same\nsame\n");
    });

    it("never asks for read-only tools", async () => {
      await writeFile(join(platform.workspace, "notes.txt"), "plain notes");
      expect((await platform.send("read: notes.txt")).reply).toContain("plain notes");
    });

    it("is decided while the chat's next message waits in its queue, without a deadlock", async () => {
      const waiting = platform.send("shell: echo busy >> busy.txt");
      const prompt = await platform.nextPrompt();
      const queued = platform.send("and another thing");
      await platform.press(prompt, "requester", "Allow once");
      expect((await waiting).reply).toMatch(/^tool said:/);
      expect((await queued).reply).toBe("echo: and another thing");
    });

    it("denies a call nobody answers within approval_timeout and says so in the prompt", async () => {
      const turn = platform.send("shell: echo late >> late.txt");
      const prompt = await platform.nextPrompt();
      expect((await turn).reply).toContain("permission denied: approval timed out");
      expect(lastToolResult(platform.model)).toContain("approval timed out");
      const updated = await platform.promptUpdated(prompt);
      expect(updated.text).toContain(`No answer within ${platform.timeoutSeconds} s`);
      expect(updated.buttons).toBe(false);
      expect(await workspaceFile("late.txt")).toBe("");
    }, 20_000);
  });
}
