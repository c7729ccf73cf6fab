import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { type ApprovalPlatform, describeApprovals, type Presser } from "../../approvals/approval-suite.js";
import { scriptToolCalls } from "../../approvals/scripted-model.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeTelegram, type FakeUser, type SentMessage } from "../../fakes/fake-telegram.js";
import { alice, aliceChat, captureLog, fastOptions, mallory } from "./harness.js";

const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };
const users: Record<Presser, FakeUser> = { requester: alice, approver: bob, stranger: mallory };
const TIMEOUT_S = 4;

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

interface TelegramPlatform extends ApprovalPlatform<SentMessage> {
  telegram: FakeTelegram;
  daemon: Daemon;
  home: string;
  /** Stops the daemon and starts a new one on the same home, fake Telegram and model (a restart). */
  restart(): Promise<void>;
}

/** A daemon serving Telegram (tools.approval: ask) against the fake Bot API. */
async function startTelegram(): Promise<TelegramPlatform> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  scriptToolCalls(model);
  const home = await mkdtemp(join(tmpdir(), "skein-telegram-approvals-"));
  const configPath = join(home, "config.json");
  const tools = { approval: "ask", approvers: [`telegram:${bob.id}`], approval_timeout: TIMEOUT_S };
  await writeFile(configPath, JSON.stringify({ tools }));
  const newDaemon = () =>
    createDaemon({
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
      graceMs: 1_000,
    });
  let daemon = newDaemon();
  await daemon.start();
  const returned = new Set<number>();
  const editsOf = (prompt: SentMessage) =>
    telegram.callsOf("editMessageText").filter((call) => call.payload.message_id === prompt.message_id);

  const platform: TelegramPlatform = {
    telegram,
    get daemon() {
      return daemon;
    },
    home,
    model,
    workspace: join(home, "workspace"),
    timeoutSeconds: TIMEOUT_S,
    send(text) {
      const { message } = telegram.userMessage(aliceChat, alice, text);
      const id = `telegram:${aliceChat.id}:${String(message.message_id)}`;
      return new Promise<TurnOutcome>((resolve) => {
        const stop = daemon.onOutcome((outcome) => {
          if (outcome.message.id !== id) return;
          stop();
          resolve(outcome);
        });
      });
    },
    async nextPrompt() {
      for (;;) {
        const prompt = telegram.sent.find((sent) => sent.payload.reply_markup && !returned.has(sent.message_id));
        if (prompt) {
          returned.add(prompt.message_id);
          return prompt;
        }
        await telegram.waitForSent(telegram.sent.length + 1);
      }
    },
    async press(prompt, presser, label) {
      const keyboard = prompt.payload.reply_markup as Keyboard;
      const button = keyboard.inline_keyboard.flat().find((candidate) => candidate.text === label);
      if (!button) throw new Error(`no button "${label}"`);
      telegram.pressButton(prompt, users[presser], button.callback_data);
    },
    async promptUpdated(prompt, count = 1) {
      await telegram.waitForCall("editMessageText", () => editsOf(prompt).length >= count);
      const edit = editsOf(prompt)[count - 1]!;
      return { text: String(edit.payload.text), buttons: edit.payload.reply_markup !== undefined };
    },
    async refusalShown() {
      const call = await telegram.waitForCall(
        "answerCallbackQuery",
        (candidate) => candidate.payload.show_alert === true,
        telegram.calls.length,
      );
      return String(call.payload.text);
    },
    updatesOf: (prompt) => editsOf(prompt).length,
    async restart() {
      await daemon.stop();
      daemon = newDaemon();
      await daemon.start();
    },
    async close() {
      await daemon.stop();
      await telegram.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
  return platform;
}

describeApprovals("approval prompts in Telegram", startTelegram);

describe("approval prompts in Telegram, across /new and restarts", () => {
  let platform: TelegramPlatform | undefined;
  afterEach(async () => {
    await platform?.close();
    platform = undefined;
  });
  const button = (prompt: SentMessage, label: string) =>
    (prompt.payload.reply_markup as Keyboard).inline_keyboard.flat().find((candidate) => candidate.text === label)!
      .callback_data;

  it("forgets 'Allow for this conversation' when /new starts a fresh conversation", async () => {
    platform = await startTelegram();
    const first = platform.send("shell: echo same >> same.txt");
    await platform.press(await platform.nextPrompt(), "requester", "Allow for this conversation");
    await first;
    await platform.send("/new");
    const afterNew = platform.send("shell: echo same >> same.txt");
    await platform.press(await platform.nextPrompt(), "requester", "Deny");
    expect((await afterNew).reply).toContain("denied by the user");
    expect(await readFile(join(platform.workspace, "same.txt"), "utf8")).toBe("same\n");
  });

  it("denies a call still waiting at a restart, says so in the prompt, and answers its stale buttons after the restart", async () => {
    platform = await startTelegram();
    const waiting = platform.send("shell: echo restart >> restart.txt");
    const prompt = await platform.nextPrompt();
    const staleButton = button(prompt, "Allow once");
    await platform.restart();
    expect((await waiting).reply).toContain("the bot is restarting");
    const edited = await platform.promptUpdated(prompt);
    expect(edited.text).toContain("the bot is restarting");
    expect(edited.buttons).toBe(false);

    const answered = platform.telegram.calls.length;
    platform.telegram.pressButton(prompt, alice, staleButton);
    const stale = await platform.telegram.waitForCall("answerCallbackQuery", () => true, answered);
    expect(stale.payload).toMatchObject({ text: "This request expired or was already decided.", show_alert: true });
    expect(await readFile(join(platform.workspace, "restart.txt"), "utf8").catch(() => "")).toBe("");
  });
});
