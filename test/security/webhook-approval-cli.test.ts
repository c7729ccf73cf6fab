import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText } from "../fakes/fake-openai.js";
import type { SentMessage } from "../fakes/fake-telegram.js";
import { send } from "../support/dashboard-client.js";
import { freePort } from "../support/free-port.js";
import { alice, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * An agent-mode webhook's turn that wants a privileged call (issue #28, "turns without a human
 * present"; openclaw's hook turns ran tools with no one asked). Nobody is in the webhook to press
 * a button: as docs/tools.md says, the prompt goes to the hook's deliver_to chat, only an approver
 * may decide there, and no press within tools.approval_timeout is a denial the model is told of.
 */
const token = "ci-hook-token-approval-0123456789";

describe("an agent-mode webhook's turn under tools.approval: ask (skein start)", () => {
  let skein: SkeinUnderAttack;
  let hookPort: number;
  /** The tool results the model received, in order. */
  const results: string[] = [];

  beforeAll(async () => {
    hookPort = await freePort();
    skein = await SkeinUnderAttack.start({
      gateway: { port: hookPort },
      tools: { approval: "ask", approval_timeout: 2, approvers: [`telegram:${alice.id}`] },
      hooks: { ci: { token, deliver_to: { channel: "telegram", chat_id: String(alice.id) }, mode: "agent" } },
    });
    // The webhook's data names the file to write; the model asks to write it with exec_shell.
    skein.model.respondWith((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "tool") {
        results.push(contentText(last.content));
        return { content: "done" };
      }
      const file = /"file": "([a-z]+\.txt)"/.exec(contentText(last?.content))?.[1] ?? "none.txt";
      return {
        toolCalls: [{ id: "call_0", name: "exec_shell", arguments: { command: `echo built >> ${file}` } }],
      };
    });
  });
  afterAll(() => skein?.close());

  const hook = (body: unknown) =>
    send(hookPort, "/hooks/ci", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** The next message with buttons the bot sends to Alice's chat. */
  async function nextPrompt(after: number): Promise<SentMessage> {
    for (let count = after + 1; ; count++) {
      const sent = await skein.telegram.waitForSent(count);
      const prompt = sent.slice(after).find((message) => message.payload.reply_markup);
      if (prompt) return prompt;
    }
  }

  const press = (prompt: SentMessage, label: string) => {
    const keyboard = prompt.payload.reply_markup as {
      inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
    };
    const data = keyboard.inline_keyboard.flat().find((button) => button.text === label)!.callback_data;
    const before = skein.telegram.calls.length;
    skein.telegram.pressButton(prompt, alice, data);
    return skein.telegram.waitForCall("answerCallbackQuery", () => true, before);
  };

  it("asks in the deliver_to chat, and with nobody pressing, runs nothing and tells the model it timed out", async () => {
    const before = skein.telegram.sent.length;
    const callsBefore = skein.telegram.calls.length;
    expect((await hook({ event: "build failed", file: "unattended.txt" })).status).toBe(202);
    const prompt = await nextPrompt(before);
    expect(prompt.chat_id).toBe(alice.id);
    expect(String(prompt.payload.text)).toContain("in a scheduled or webhook turn nobody is present for");
    const keyboard = prompt.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> };
    expect(keyboard.inline_keyboard.flat().map((button) => button.text)).toEqual(["Allow once", "Deny"]);

    const denied = await skein.skein.waitForLine("approval not given");
    expect(denied).toMatchObject({ tool: "exec_shell", ending: "timeout" });
    await skein.telegram.waitForCall("sendMessage", (call) => call.payload.text === "done", callsBefore);
    expect(results.at(-1)).toContain("approval timed out");
    expect(existsSync(join(skein.workspace, "unattended.txt"))).toBe(false);

    // A press after the timeout decides nothing.
    const late = await press(prompt, "Allow once");
    expect(String(late.payload.text)).toContain("expired");
    expect(existsSync(join(skein.workspace, "unattended.txt"))).toBe(false);
  });

  it("runs the call once an approver presses Allow once in that chat", async () => {
    const before = skein.telegram.sent.length;
    const callsBefore = skein.telegram.calls.length;
    expect((await hook({ event: "build failed", file: "approved.txt" })).status).toBe(202);
    const prompt = await nextPrompt(before);
    await press(prompt, "Allow once");
    await skein.telegram.waitForCall("sendMessage", (call) => call.payload.text === "done", callsBefore);
    expect(results.at(-1)).toContain('"exit_code":0');
    expect(existsSync(join(skein.workspace, "approved.txt"))).toBe(true);
  });
});
