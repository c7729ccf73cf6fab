import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { lastToolResult, scriptToolCalls } from "../../approvals/scripted-model.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeTelegram, type FakeUser, type SentMessage } from "../../fakes/fake-telegram.js";
import { alice, aliceChat, captureLog, fastOptions, mallory } from "./harness.js";

const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };
const TIMEOUT_S = 4;

describe("approval prompts in Telegram (tools.approval: ask)", () => {
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let home: string;
  let daemon: Daemon;

  beforeAll(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    scriptToolCalls(model);
    home = await mkdtemp(join(tmpdir(), "skein-telegram-approvals-"));
    const configPath = join(home, "config.json");
    const tools = { approval: "ask", approvers: [`telegram:${bob.id}`], approval_timeout: TIMEOUT_S };
    await writeFile(configPath, JSON.stringify({ tools }));
    daemon = createDaemon({
      configPath,
      env: {
        HOME: home,
        SKEIN_HOME: home,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: String(alice.id),
        OPENAI_BASE_URL: model.baseUrl,
        OPENAI_API_KEY: "sk-test",
      },
      cwd: home,
      ignoreDotEnv: true,
      log: captureLog().log,
      platformChannels: false,
      channels: [
        {
          name: "telegram",
          create: ({ config, ...deps }) =>
            new TelegramChannel({ ...deps, settings: config.channels.telegram }, fastOptions),
        },
      ],
    });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await telegram.close();
    await model.close();
    await rm(home, { recursive: true, force: true });
  });
  beforeEach(() => {
    telegram.sent.length = 0;
  });

  /** Sends `text` as Alice; resolves with the outcome of its turn once it ends. */
  function send(text: string): Promise<TurnOutcome> {
    const { message } = telegram.userMessage(aliceChat, alice, text);
    const id = `telegram:${aliceChat.id}:${String(message.message_id)}`;
    return new Promise((resolve) => {
      const stop = daemon.onOutcome((outcome) => {
        if (outcome.message.id !== id) return;
        stop();
        resolve(outcome);
      });
    });
  }

  const shownPrompts = new Set<number>();
  /** Waits for a prompt with buttons not seen before. */
  async function nextPrompt(): Promise<SentMessage> {
    for (;;) {
      const prompt = telegram.sent.find((sent) => sent.payload.reply_markup && !shownPrompts.has(sent.message_id));
      if (prompt) {
        shownPrompts.add(prompt.message_id);
        return prompt;
      }
      await telegram.waitForSent(telegram.sent.length + 1);
    }
  }

  function button(prompt: SentMessage, label: string): string {
    const rows = (
      prompt.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }
    ).inline_keyboard;
    const found = rows.flat().find((candidate) => candidate.text === label);
    if (!found) throw new Error(`no button "${label}"`);
    return found.callback_data;
  }

  const workspaceFile = (name: string) => readFile(join(home, "workspace", name), "utf8").catch(() => "");

  it("holds a shell call until Allow once is pressed, then runs it exactly once and shows who allowed it", async () => {
    const turn = send("shell: echo once >> once.txt");
    const prompt = await nextPrompt();
    expect(prompt.visibleText).toContain("exec_shell");
    expect(prompt.visibleText).toContain("command: echo once >> once.txt");
    expect(await workspaceFile("once.txt")).toBe("");

    telegram.pressButton(prompt, alice, button(prompt, "Allow once"));
    const outcome = await turn;
    expect(outcome.reply).toMatch(/^tool said: .*"exit_code":0/);
    expect(await workspaceFile("once.txt")).toBe("once\n");
    await telegram.waitForCall("editMessageText", (call) => call.payload.message_id === prompt.message_id);
    expect(prompt.visibleText).toContain("✅ Allowed once by @alice");
    expect(prompt.payload.reply_markup).toBeUndefined();
    expect(telegram.callsOf("answerCallbackQuery").length).toBeGreaterThan(0);

    telegram.sent.length = 0;
    const again = send("shell: echo once >> once.txt");
    const second = await nextPrompt();
    telegram.pressButton(second, alice, button(second, "Deny"));
    expect((await again).reply).toContain("permission denied: denied by the user");
    expect(await workspaceFile("once.txt")).toBe("once\n");
  });

  it("refuses a stranger's press with an alert and changes nothing; an approver's press decides", async () => {
    const turn = send("shell: echo approver >> approver.txt");
    const prompt = await nextPrompt();
    const answers = telegram.callsOf("answerCallbackQuery").length;
    telegram.pressButton(prompt, mallory, button(prompt, "Allow once"));
    const refusal = await telegram.waitForCall("answerCallbackQuery", () => true, telegram.calls.length);
    expect(refusal.payload).toMatchObject({ text: "Not yours to approve.", show_alert: true });
    expect(telegram.callsOf("answerCallbackQuery")).toHaveLength(answers + 1);
    expect(prompt.payload.reply_markup).toBeDefined();
    expect(await workspaceFile("approver.txt")).toBe("");

    telegram.pressButton(prompt, bob, button(prompt, "Allow once"));
    await turn;
    expect(await workspaceFile("approver.txt")).toBe("approver\n");
    await telegram.waitForCall("editMessageText", (call) => call.payload.message_id === prompt.message_id);
    expect(prompt.visibleText).toContain("by @bob");
  });

  it("runs the same call again without asking after Allow for this conversation, asks for other arguments, and forgets it on /new", async () => {
    const first = send("shell: echo same >> same.txt");
    const prompt = await nextPrompt();
    telegram.pressButton(prompt, alice, button(prompt, "Allow for this conversation"));
    await first;
    telegram.sent.length = 0;
    await send("shell: echo same >> same.txt");
    expect(telegram.sent.filter((sent) => sent.payload.reply_markup)).toHaveLength(0);
    expect(await workspaceFile("same.txt")).toBe("same\nsame\n");

    const other = send("shell: echo other >> same.txt");
    const otherPrompt = await nextPrompt();
    telegram.pressButton(otherPrompt, alice, button(otherPrompt, "Deny"));
    await other;

    await send("/new");
    telegram.sent.length = 0;
    const afterNew = send("shell: echo same >> same.txt");
    const askedAgain = await nextPrompt();
    telegram.pressButton(askedAgain, alice, button(askedAgain, "Deny"));
    await afterNew;
    expect(await workspaceFile("same.txt")).toBe("same\nsame\n");
  });

  it("never asks for read-only tools", async () => {
    await writeFile(join(home, "workspace", "notes.txt"), "plain notes");
    const outcome = await send("read: notes.txt");
    expect(outcome.reply).toContain("plain notes");
    expect(telegram.sent.filter((sent) => sent.payload.reply_markup)).toHaveLength(0);
  });

  it("is approved while the chat's next message waits in its queue, without a deadlock", async () => {
    const waiting = send("shell: echo busy >> busy.txt");
    const prompt = await nextPrompt();
    const queued = send("and another thing");
    telegram.pressButton(prompt, alice, button(prompt, "Allow once"));
    expect((await waiting).reply).toMatch(/^tool said:/);
    expect((await queued).reply).toBe("echo: and another thing");
    expect(await workspaceFile("busy.txt")).toBe("busy\n");
  });

  it("denies a call nobody answers once approval_timeout has passed, and says so in the prompt", async () => {
    const outcome = send("shell: echo late >> late.txt");
    const prompt = await nextPrompt();
    expect((await outcome).reply).toContain("permission denied: approval timed out");
    expect(lastToolResult(model)).toContain("approval timed out");
    expect(prompt.visibleText).toContain(`No answer within ${TIMEOUT_S} s`);
    expect(prompt.payload.reply_markup).toBeUndefined();
    expect(await workspaceFile("late.txt")).toBe("");
  }, 20_000);
});
