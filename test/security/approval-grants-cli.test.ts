import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlannedCall, type TelegramApprovals, telegramPlatform, tgGroup, tgUsers } from "./approval-platforms.js";

/**
 * What one approval covers, through the built CLI on Telegram. Attack inputs from peers:
 * openclaw #107683 (an allow-always grant on a script survived its content changing),
 * openclaw GHSA-2fgq-7j6h-9rm4 (`env -S`), Hermes Agent PRs #57475 and #84577 (interpreter
 * `-c` payloads and wrappers); a sender admitted through a group reaching other chats.
 */
const shell = (command: string): PlannedCall => ({ name: "exec_shell", arguments: { command } });

let platform: TelegramApprovals;
beforeAll(async () => {
  const { requester, approver } = tgUsers;
  // Mallory is let in only through the group's chat id; the group needs no mention.
  platform = await telegramPlatform(30, {
    allowFrom: `${requester.id},${approver.id},${tgGroup.id}`,
    env: { TELEGRAM_GROUP_POLICY: "open" },
  });
}, 60_000);
afterAll(async () => {
  await platform.close();
});

const promptsSoFar = () => platform.telegram.sent.filter((sent) => sent.payload.reply_markup).length;

/** Asks for `call` as Alice and allows it for the conversation; resolves with its result. */
async function allowForConversation(call: PlannedCall): Promise<string> {
  platform.ask(call);
  const prompt = await platform.nextPrompt();
  const result = platform.nextToolResult();
  await platform.press(prompt, "requester", "Allow for this conversation");
  return result;
}

/** Asks for `call` as Alice and resolves with its result, checking that no prompt was posted for it. */
async function runsWithoutAsking(call: PlannedCall): Promise<string> {
  const before = promptsSoFar();
  const result = platform.nextToolResult();
  platform.ask(call);
  const text = await result;
  expect(promptsSoFar()).toBe(before);
  return text;
}

/** Asks for `call` as `from` and denies the prompt it must post; resolves with the prompt's text. */
async function askedAgain(call: PlannedCall, from: "requester" | "approver" = "requester"): Promise<string> {
  platform.askAs(from, call);
  const prompt = await platform.nextPrompt();
  const result = platform.nextToolResult();
  await platform.press(prompt, from, "Deny");
  expect(await result).toContain("denied by the user");
  return prompt.shown;
}

describe("'Allow for this conversation', the built CLI", () => {
  it("covers only the same inner program of an interpreter or wrapper: python3 -c, sh -c and env -S are asked again for another", async () => {
    for (const [approved, other] of [
      ["python3 -c 'print(1)'", "python3 -c 'print(2)'"],
      ["sh -c ls", "sh -c 'ls; id'"],
      ["env -S 'echo hi'", "env -S 'echo hi; id'"],
    ] as const) {
      expect(await allowForConversation(shell(approved))).toContain('"exit_code":0');
      expect(await runsWithoutAsking(shell(approved))).toContain('"exit_code":0');
      expect(await askedAgain(shell(other))).toContain(`command: ${other}`);
    }
  });

  it("asks again about bash run.sh once run.sh was rewritten", async () => {
    const write = (content: string): PlannedCall => ({
      name: "write_file",
      arguments: { path: "run.sh", content },
    });
    expect(await runsWithoutAsking(write("echo first >> runs.txt\n"))).not.toContain("error");
    expect(await allowForConversation(shell("bash run.sh"))).toContain('"exit_code":0');
    expect(await runsWithoutAsking(shell("bash run.sh"))).toContain('"exit_code":0');
    expect(await runsWithoutAsking(write("echo rewritten >> runs.txt\n"))).not.toContain("error");
    await askedAgain(shell("bash run.sh"));
    expect(await readFile(join(platform.workspace, "runs.txt"), "utf8")).toBe("first\nfirst\n");
  });

  it("does not cover the same call in another chat", async () => {
    expect(await allowForConversation(shell("echo mine >> mine.txt"))).toContain('"exit_code":0');
    await askedAgain(shell("echo mine >> mine.txt"), "approver");
  });
});

describe("a scheduled task's turn, the built CLI", () => {
  it("asks in its chat with Allow once and Deny only, never covered by an approval for the conversation, and runs on an approver's press", async () => {
    const command = shell("echo task >> task.txt");
    expect(await allowForConversation(command)).toContain('"exit_code":0');
    const task = platform.plan(command);
    const at = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await runsWithoutAsking({
      name: "schedule",
      arguments: { action: "add", kind: "task", text: `go ${task}`, at },
    });
    expect(scheduled).toContain('"status":"scheduled"');
    const prompt = await platform.nextPrompt();
    expect(prompt.labels).toEqual(["Allow once", "Deny"]);
    expect((prompt.handle as { chat_id: number }).chat_id).toBe(tgUsers.requester.id);
    expect(await readFile(join(platform.workspace, "task.txt"), "utf8")).toBe("task\n");
    const result = platform.nextToolResult();
    await platform.press(prompt, "approver", "Allow once");
    expect(await result).toContain('"exit_code":0');
    expect(await readFile(join(platform.workspace, "task.txt"), "utf8")).toBe("task\ntask\n");
  }, 30_000);
});

describe("a sender let in only through a group's chat id, the built CLI", () => {
  const inGroup = async (from: "stranger" | "requester", call: PlannedCall) => {
    const result = platform.nextToolResult();
    platform.askAs(from, call, tgGroup);
    return result;
  };
  const alicesDm = String(tgUsers.requester.id);

  it("may send with the message tool to that group only", async () => {
    const elsewhere = await inGroup("stranger", {
      name: "message",
      arguments: { channel: "telegram", chat_id: alicesDm, content: "hi from the group" },
    });
    expect(elsewhere).toMatch(/permission denied: this sender may reach only telegram chat -1001234567/);
    const here = await inGroup("stranger", {
      name: "message",
      arguments: { channel: "telegram", chat_id: String(tgGroup.id), content: "hi group" },
    });
    expect(here).not.toContain("error");
  });

  it("may schedule deliveries to that group only", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await inGroup("stranger", {
      name: "schedule",
      arguments: { action: "add", text: "ping", at, deliver_to: { channel: "telegram", chat_id: alicesDm } },
    });
    expect(refused).toMatch(/permission denied: this sender may reach only/);
  });

  it("leaves a personally allowed member of the group free to reach their own chat", async () => {
    const sent = await inGroup("requester", {
      name: "message",
      arguments: { channel: "telegram", chat_id: alicesDm, content: "note to self" },
    });
    expect(sent).not.toContain("error");
  });
});
