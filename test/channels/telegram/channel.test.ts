import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { configSchema } from "../../../src/config/schema.js";
import { fakeBot } from "../../fakes/fake-telegram.js";
import { refusedPort } from "../../fakes/refused-port.js";
import {
  alice,
  aliceChat,
  type ChannelHarness,
  captureLog,
  fastOptions,
  forum,
  group,
  startChannel,
} from "./harness.js";

describe("the Telegram channel, receiving", () => {
  let harness: ChannelHarness;
  afterEach(() => harness?.close());

  it("connects with getMe and long polling, and reports connected as the bot's @username", async () => {
    harness = await startChannel();
    expect(harness.fake.callsOf("getMe")).toHaveLength(1);
    await harness.fake.waitForCall("getUpdates");
    expect(harness.channel.status()).toMatchObject({ state: "connected", account: "@skein_test_bot" });
  });

  it("turns a private message into a direct InboundMessage with a stable id", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    const { message } = harness.fake.userMessage(aliceChat, { ...alice, last_name: "Liddell" }, "hello there");
    expect(await next).toMatchObject({
      id: `telegram:${aliceChat.id}:${message.message_id}`,
      channel: "telegram",
      chatId: "111",
      senderId: "111",
      senderName: "Alice Liddell",
      senderUsername: "alice",
      text: "hello there",
      isDirect: true,
    });
  });

  it("marks a group message that mentions the bot, strips the mention, and asks for a reply to it", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    const text = `@${fakeBot.username} what time is it?`;
    const { message } = harness.fake.userMessage(group, alice, text, {
      entities: [{ type: "mention", offset: 0, length: fakeBot.username!.length + 1 }],
    });
    expect(await next).toMatchObject({
      chatId: String(group.id),
      text: "what time is it?",
      isDirect: false,
      mentioned: true,
      replyToId: String(message.message_id),
    });
  });

  it("leaves a group message without a mention unmarked", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    harness.fake.userMessage(group, alice, "just chatting", { entities: [{ type: "mention", offset: 0, length: 4 }] });
    expect(await next).toMatchObject({ text: "just chatting", mentioned: false });
  });

  it("counts a reply to one of the bot's messages as a mention", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    harness.fake.userMessage(group, alice, "and then?", {
      reply_to_message: { message_id: 1, date: 0, chat: group, from: fakeBot, text: "earlier answer" },
    });
    expect(await next).toMatchObject({ mentioned: true, text: "and then?" });
  });

  it("turns /cmd@botname into /cmd, and ignores commands meant for another bot", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    const command = `/new@${fakeBot.username}`;
    harness.fake.userMessage(group, alice, "/help@other_bot", {
      entities: [{ type: "bot_command", offset: 0, length: 15 }],
    });
    harness.fake.userMessage(group, alice, command, {
      entities: [{ type: "bot_command", offset: 0, length: command.length }],
    });
    expect(await next).toMatchObject({ text: "/new", mentioned: true });
    expect(harness.inbound).toHaveLength(1);
  });

  it("reads a leading /cmd@botname from the text, with no entities or with its @name also marked as a mention", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    const command = `/model@${fakeBot.username}`;
    harness.fake.userMessage(group, alice, "/model@other_bot default");
    harness.fake.userMessage(group, alice, `${command} backup/fb-model`);
    expect(await next).toMatchObject({ text: "/model backup/fb-model", mentioned: true });
    const second = harness.nextInbound();
    harness.fake.userMessage(group, alice, `${command} backup/fb-model`, {
      entities: [
        { type: "bot_command", offset: 0, length: command.length },
        { type: "mention", offset: 6, length: command.length - 6 },
      ],
    });
    expect(await second).toMatchObject({ text: "/model backup/fb-model", mentioned: true });
    expect(harness.inbound).toHaveLength(2);
  });

  it("gives each forum topic its own thread", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    harness.fake.userMessage(forum, alice, "in a topic", { message_thread_id: 77, is_topic_message: true });
    expect(await next).toMatchObject({ chatId: String(forum.id), threadId: "77" });
  });

  it("passes a captioned photo and a document on with the caption as text and the attachments listed", async () => {
    harness = await startChannel();
    const first = harness.nextInbound();
    harness.fake.userMessage(aliceChat, alice, undefined, {
      caption: "look at this",
      photo: [
        { file_id: "small", file_unique_id: "s", width: 90, height: 90 },
        { file_id: "large", file_unique_id: "l", width: 800, height: 800, file_size: 20_480 },
      ],
    });
    expect(await first).toMatchObject({
      text: "look at this",
      media: [{ kind: "photo", ref: "large", size: 20_480 }],
    });
    const second = harness.nextInbound();
    harness.fake.userMessage(aliceChat, alice, undefined, {
      document: { file_id: "doc", file_unique_id: "d", file_name: "report.pdf", mime_type: "application/pdf" },
    });
    expect(await second).toMatchObject({
      text: "",
      media: [{ kind: "document", name: "report.pdf" }],
    });
  });

  it("passes /start, /help and /new on as text for the core to answer", async () => {
    harness = await startChannel();
    const texts: string[] = [];
    for (const command of ["/start", "/help", "/new"]) {
      const next = harness.nextInbound();
      harness.fake.userMessage(aliceChat, alice, command, {
        entities: [{ type: "bot_command", offset: 0, length: command.length }],
      });
      texts.push((await next).text);
    }
    expect(texts).toEqual(["/start", "/help", "/new"]);
  });
});

describe("the Telegram channel, starting and stopping", () => {
  let harness: ChannelHarness | undefined;
  afterEach(() => harness?.close());

  it("fails to start with a clear auth error when the token is rejected", async () => {
    const failure = await startChannel({ token: "999:wrong" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChannelError);
    expect(failure).toMatchObject({ kind: "auth", channel: "telegram" });
    expect((failure as Error).message).toMatch(/bot token was rejected \(401 Unauthorized\).*TELEGRAM_BOT_TOKEN/);
  });

  it("gives up starting, as a retryable network error, when the Bot API cannot be reached", async () => {
    const refused = await refusedPort();
    onTestFinished(refused.release);
    const apiRoot = `http://127.0.0.1:${refused.port}`;
    const config = configSchema.parse({ channels: { telegram: { token: "123:abc", api_root: apiRoot } } });
    const { log, lines } = captureLog();
    const channel = new TelegramChannel(
      { settings: config.channels.telegram, bus: new MessageBus(), log, home: "/nonexistent" },
      fastOptions,
    );
    const failure = await channel.start(new AbortController().signal).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "network", channel: "telegram", retryable: true });
    expect((failure as Error).message).toContain(`cannot reach the Bot API at ${apiRoot}`);
    expect(lines.some((line) => /telegram getMe failed \(attempt 1 of 3\)/.test(String(line.msg)))).toBe(true);
    await channel.stop();
  });

  it("confirms the last update when stopped, and still sends replies afterwards", async () => {
    harness = await startChannel();
    const next = harness.nextInbound();
    const { updateId } = harness.fake.userMessage(aliceChat, alice, "hi");
    await next;
    // Recorded before grammY handles its batch; the next poll is sent once the batch is handled.
    await harness.fake.waitForCall("getUpdates", (call) => call.payload.offset === updateId + 1);
    await harness.channel.stop();
    expect(harness.channel.status().state).toBe("stopped");
    expect(harness.fake.callsOf("getUpdates").at(-1)?.payload).toMatchObject({ offset: updateId + 1, limit: 1 });
    await harness.channel.send({ channel: "telegram", chatId: "111", text: "late reply" });
    expect(harness.fake.sent.at(-1)?.visibleText).toBe("late reply");
  });

  it("reports a 409 Conflict as another instance polling with this token, then polls again", async () => {
    harness = await startChannel();
    await harness.fake.waitForCall("getUpdates");
    harness.fake.failNext("getUpdates", {
      type: "error",
      status: 409,
      description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    });
    harness.fake.userMessage(aliceChat, alice, "wake the poll");
    const line = await harness.log.waitFor(/another skein\/bot instance is polling with this token/);
    expect(line.level).toBe(50);
    expect(harness.channel.status()).toMatchObject({
      state: "failed",
      detail: expect.stringContaining("409 Conflict"),
    });
    const next = harness.nextInbound();
    harness.fake.userMessage(aliceChat, alice, "after the conflict");
    expect((await next).text).toBe("after the conflict");
    expect(harness.channel.status().state).toBe("connected");
  });

  it("says in the log when polling fails and when it works again", async () => {
    harness = await startChannel();
    harness.fake.failNext("getUpdates", {
      type: "error",
      status: 429,
      description: "Too Many Requests: retry after 0",
      retryAfter: 0,
    });
    const failed = await harness.log.waitFor(/^telegram: getUpdates failed: 429/);
    expect(failed.level).toBe(40);
    await harness.log.waitFor(/^telegram: polling works again$/);
    expect(harness.channel.status().state).toBe("connected");
  });

  it("restarts a stalled long poll and says so in the log", async () => {
    harness = await startChannel({}, { stallAfterMs: 300 });
    harness.fake.failNext("getUpdates", { type: "hang" });
    await harness.log.waitFor(/telegram polling stalled: no answer to getUpdates/);
    const next = harness.nextInbound();
    harness.fake.userMessage(aliceChat, alice, "still there?");
    expect((await next).text).toBe("still there?");
  });
});
