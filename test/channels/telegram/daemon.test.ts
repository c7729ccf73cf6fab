import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { run as approve } from "../../../src/commands/pairing-approve.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeTelegram, fakeBot } from "../../fakes/fake-telegram.js";
import {
  alice,
  aliceChat,
  captureLog,
  fastOptions,
  forum,
  group,
  longReply,
  mallory,
  malloryChat,
  recordingTimers,
} from "./harness.js";

/** The daemon with the real agent loop and gates, the Telegram channel on the fake Bot API, the fake model. */
async function startDaemon(
  telegram: FakeTelegram,
  model: FakeOpenAI,
  home: string,
  timers?: typeof fastOptions.timers,
) {
  const env = {
    HOME: home,
    SKEIN_HOME: home,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_ALLOW_FROM: String(alice.id),
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: "sk-test",
  };
  const daemon = createDaemon({
    env,
    cwd: home,
    ignoreDotEnv: true,
    log: captureLog().log,
    platformChannels: false,
    channels: [
      {
        name: "telegram",
        create: ({ config, ...deps }) =>
          new TelegramChannel(
            { ...deps, settings: config.channels.telegram },
            { ...fastOptions, ...(timers ? { timers } : {}) },
          ),
      },
    ],
  });
  const outcomes: TurnOutcome[] = [];
  daemon.onOutcome((outcome) => outcomes.push(outcome));
  await daemon.start();
  return { daemon, env, outcomes };
}

/** Resolves with the next outcome (not among the `seen` first ones) of the Telegram message `chatId:messageId`. */
function outcomeOf(
  daemon: Daemon,
  chatId: number,
  message: Record<string, unknown>,
  seen: TurnOutcome[] = [],
): Promise<TurnOutcome> {
  const id = `telegram:${chatId}:${String(message.message_id)}`;
  const earlier = seen.find((outcome) => outcome.message.id === id);
  if (earlier) return Promise.resolve(earlier);
  return new Promise((resolve) => {
    const stop = daemon.onOutcome((outcome) => {
      if (outcome.message.id !== id) return;
      stop();
      resolve(outcome);
    });
  });
}

describe("skein serving Telegram (daemon, agent loop and fake model)", () => {
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let home: string;
  let daemon: Daemon;
  let env: NodeJS.ProcessEnv;
  const { active: typingTimers, timers } = recordingTimers();

  beforeAll(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-telegram-daemon-"));
    ({ daemon, env } = await startDaemon(telegram, model, home, timers));
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

  /** Sends a message as `from` and waits until it was handled. */
  async function converse(
    chat: typeof aliceChat,
    from: typeof alice,
    text: string,
    extras: Record<string, unknown> = {},
  ) {
    const { message, updateId } = telegram.userMessage(chat, from, text, extras);
    const outcome = await outcomeOf(daemon, chat.id, message);
    await daemon.idle();
    return { message, updateId, outcome };
  }

  it("answers a direct message from an allowed sender", async () => {
    const { outcome } = await converse(aliceChat, alice, "hello bot");
    expect(outcome.status).toBe("answered");
    expect(model.requests.at(-1)?.body.messages.at(-1)).toEqual({
      role: "user",
      content: expect.stringMatching(/^\[[^\]]+ UTC\] hello bot$/),
    });
    expect(telegram.sent.map((message) => [message.chat_id, message.visibleText])).toEqual([
      [aliceChat.id, "echo: hello bot"],
    ]);
  });

  it("shows typing while a turn runs and stops it when the turn ends", async () => {
    model.reply({ content: "thought about it", delayMs: 150 });
    const actions = telegram.callsOf("sendChatAction").length;
    await converse(aliceChat, alice, "think hard");
    const typing = telegram.callsOf("sendChatAction").slice(actions);
    expect(typing.length).toBeGreaterThan(0);
    expect(typing[0]!.payload).toMatchObject({ chat_id: aliceChat.id, action: "typing" });
    expect(typingTimers.size).toBe(0);
  });

  it("gives an unknown sender a pairing code without calling the model, and answers them once approved", async () => {
    const modelCalls = model.requests.length;
    const { outcome } = await converse(malloryChat, mallory, "let me in");
    expect(outcome.status).toBe("gated");
    expect(model.requests).toHaveLength(modelCalls);
    const reply = telegram.sent.at(-1)!;
    expect(reply.chat_id).toBe(malloryChat.id);
    const code = /pairing code is ([A-Z0-9]{8})/.exec(reply.visibleText)?.[1];
    expect(reply.visibleText).toContain(`skein pairing approve telegram ${code}`);

    let printed = "";
    const exitCode = await approve(
      { args: ["telegram", code!] },
      {
        stdout: (text) => {
          printed += text;
        },
        stderr: () => {},
        env,
        cwd: home,
      },
    );
    expect(exitCode).toBe(0);
    expect(printed).toContain(`Approved ${mallory.id} (@mallory, Mallory) on telegram`);

    const after = await converse(malloryChat, mallory, "now?");
    expect(after.outcome.status).toBe("answered");
    expect(telegram.sent.at(-1)).toMatchObject({ chat_id: malloryChat.id, visibleText: "echo: now?" });
  });

  it("ignores a group message without a mention, and answers one with a mention as a reply, the mention stripped", async () => {
    const modelCalls = model.requests.length;
    const ignored = await converse(group, alice, "talking among ourselves");
    expect(ignored.outcome.status).toBe("gated");
    expect(model.requests).toHaveLength(modelCalls);
    expect(telegram.sent).toHaveLength(0);

    const handle = `@${fakeBot.username}`;
    const { message, outcome } = await converse(group, alice, `${handle} what is 2+2?`, {
      entities: [{ type: "mention", offset: 0, length: handle.length }],
    });
    expect(outcome.status).toBe("answered");
    const asked = model.requests.at(-1)?.body.messages.at(-1)?.content;
    expect(asked).toMatch(/what is 2\+2\?$/);
    expect(asked).not.toContain(handle);
    expect(telegram.sent).toHaveLength(1);
    expect(telegram.sent[0]).toMatchObject({
      chat_id: group.id,
      visibleText: expect.stringMatching(/what is 2\+2\?$/),
    });
    expect(telegram.sent[0]!.payload.reply_parameters).toEqual({
      message_id: message.message_id,
      allow_sending_without_reply: true,
    });
  });

  it("ignores a stranger in a group silently, even when they mention the bot", async () => {
    const modelCalls = model.requests.length;
    const handle = `@${fakeBot.username}`;
    const eve = { id: 777, first_name: "Eve", username: "eve" };
    const { outcome } = await converse(group, eve, `${handle} hello?`, {
      entities: [{ type: "mention", offset: 0, length: handle.length }],
    });
    expect(outcome.status).toBe("gated");
    expect(model.requests).toHaveLength(modelCalls);
    expect(telegram.sent).toHaveLength(0);
  });

  it("keeps each forum topic its own conversation and answers inside the topic", async () => {
    const handle = `@${fakeBot.username}`;
    const mention = { entities: [{ type: "mention", offset: 0, length: handle.length }] };
    await converse(forum, alice, `${handle} topic one`, { ...mention, message_thread_id: 11, is_topic_message: true });
    await converse(forum, alice, `${handle} topic two`, { ...mention, message_thread_id: 22, is_topic_message: true });
    expect(telegram.sent.map((message) => message.payload.message_thread_id)).toEqual([11, 22]);
    const lastPrompt = model.requests.at(-1)!.body.messages.filter((message) => message.role === "user");
    expect(lastPrompt).toHaveLength(1);
    expect(lastPrompt[0]!.content).toMatch(/topic two$/);
  });

  it("delivers a 10,000-character answer as ordered chunks within Telegram's limit", async () => {
    const answer = longReply();
    model.reply({ content: answer });
    await converse(aliceChat, alice, "write a long report");
    expect(telegram.sent.length).toBeGreaterThanOrEqual(3);
    // Streamed: the first message is the preview, edited into the first chunk.
    const shown = telegram.sent.map((message) => telegram.shownText(message.chat_id, message.message_id) ?? "");
    for (const text of shown) expect(text.length).toBeLessThanOrEqual(4096);
    const steps = [...shown.join("\n").matchAll(/# step (\d+)/g)].map((match) => Number(match[1]));
    expect(steps).toEqual(Array.from({ length: 120 }, (_, index) => index));
  });

  it("falls back to plain text when Telegram rejects the HTML", async () => {
    telegram.failNext("sendMessage", {
      type: "error",
      status: 400,
      description: "Bad Request: can't parse entities: Unsupported start tag",
    });
    model.reply({ content: "**important** news" });
    await converse(aliceChat, alice, "news?");
    expect(telegram.sent.map((message) => [message.parse_mode, message.text])).toEqual([[undefined, "important news"]]);
  });

  it("delivers exactly once after a 429 with retry_after", async () => {
    telegram.failNext("sendMessage", {
      type: "error",
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    await converse(aliceChat, alice, "flood");
    expect(telegram.sent.map((message) => message.visibleText)).toEqual(["echo: flood"]);
  });

  it("runs one turn for a message delivered twice", async () => {
    const modelCalls = model.requests.length;
    const { message } = await converse(aliceChat, alice, "only once");
    telegram.queueUpdate({ message });
    // One chat's messages are handled in order: had the duplicate run, it would come before this one.
    await converse(aliceChat, alice, "and then");
    expect(model.requests).toHaveLength(modelCalls + 2);
    expect(telegram.sent.map((sent) => sent.visibleText)).toEqual(["echo: only once", "echo: and then"]);
  });

  it("answers /start with the help text, without the model", async () => {
    const modelCalls = model.requests.length;
    const { outcome } = await converse(aliceChat, alice, "/start", {
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    });
    expect(outcome.status).toBe("command");
    expect(model.requests).toHaveLength(modelCalls);
    expect(telegram.sent.at(-1)?.visibleText).toContain("/new");
  });
});

describe("skein restarted while Telegram redelivers", () => {
  it("does not answer an update again after a restart", async () => {
    const telegram = await FakeTelegram.start();
    const model = await FakeOpenAI.start();
    const home = await mkdtemp(join(tmpdir(), "skein-telegram-restart-"));
    try {
      const first = await startDaemon(telegram, model, home);
      const { message, updateId } = telegram.userMessage(aliceChat, alice, "before the restart");
      await outcomeOf(first.daemon, aliceChat.id, message);
      await first.daemon.stop();

      // Telegram did not get the confirmation: the update comes again to the next process.
      telegram.redeliver(updateId);
      const second = await startDaemon(telegram, model, home);
      // One chat's messages are handled in order: had the redelivered one run, it would come before this one.
      const after = telegram.userMessage(aliceChat, alice, "after the restart");
      await outcomeOf(second.daemon, aliceChat.id, after.message, second.outcomes);
      await second.daemon.stop();
      expect(model.requests).toHaveLength(2);
      expect(telegram.sent.map((sent) => sent.visibleText)).toEqual([
        "echo: before the restart",
        "echo: after the restart",
      ]);
    } finally {
      await telegram.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
