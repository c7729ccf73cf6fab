import { once } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { REFUSED_NOTICE } from "../../../src/channel-kit/refused-send.js";
import {
  ALICE,
  BOB,
  BOB_DM_CHANNEL_ID,
  BOT,
  DM_CHANNEL_ID,
  GENERAL_CHANNEL_ID,
  GUILD_ID,
  OTHER_BOT,
  ROLE_ID,
  THREAD_ID,
} from "../../fakes/fake-discord.js";
import { type DiscordHarness, startDiscordHarness } from "./harness.js";

let harness: DiscordHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("the Discord channel, receiving", () => {
  it("publishes a DM as a direct message from its author", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    const id = harness.fake.dm("hello there");
    expect(await next).toMatchObject({
      id: `discord:${id}`,
      channel: "discord",
      chatId: DM_CHANNEL_ID,
      senderId: ALICE.id,
      senderName: "Alice",
      senderUsername: "alice",
      text: "hello there",
      isDirect: true,
    });
  });

  it("publishes a guild message that mentions the bot as mentioned, with the mention stripped, a reply target and its server", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    const id = harness.fake.guildMessage(`<@${BOT.id}> what is up?`, { mentions: [BOT] });
    expect(await next).toMatchObject({
      chatId: GENERAL_CHANNEL_ID,
      guildId: GUILD_ID,
      text: "what is up?",
      isDirect: false,
      mentioned: true,
      replyToId: id,
    });
  });

  it("marks a guild message without a mention as not mentioned, so the group policy can ignore it", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.guildMessage("just chatting");
    expect(await next).toMatchObject({ text: "just chatting", isDirect: false, mentioned: false });
  });

  it("counts a reply to one of the bot's messages as a mention", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.guildMessage("and then?", { replyTo: { id: "123456789012345678", author: BOT } });
    expect(await next).toMatchObject({ text: "and then?", mentioned: true });
  });

  it("renders other users, channels and roles readably", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.guildMessage(`<@!${BOT.id}> ask <@${BOB.id}> and <@&${ROLE_ID}> in <#${GENERAL_CHANNEL_ID}>`, {
      mentions: [BOT, BOB],
      mentionRoles: [ROLE_ID],
    });
    expect((await next).text).toBe("ask @bob and @devs in #general");
  });

  it("treats a thread as its own chat, so the session and the reply stay in the thread, naming the channel it is in", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.guildMessage(`<@${BOT.id}> in a thread`, { channelId: THREAD_ID, mentions: [BOT] });
    const inbound = await next;
    expect(inbound).toMatchObject({
      chatId: THREAD_ID,
      parentChatId: GENERAL_CHANNEL_ID,
      guildId: GUILD_ID,
      mentioned: true,
    });
    expect(inbound.threadId, "the session key stays the thread's chat").toBeUndefined();
    await harness.bus.publishOutbound({
      channel: "discord",
      chatId: inbound.chatId,
      text: "threaded answer",
      replyToId: inbound.replyToId!,
    });
    expect(harness.fake.sent[0]).toMatchObject({ channelId: THREAD_ID, body: { content: "threaded answer" } });
  });

  it("lists attachments for a download after the gates, a message with only a file included", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.dm("", ALICE, [{ filename: "cat.png", size: 1234, content_type: "image/png" }]);
    expect(await next).toMatchObject({
      text: "",
      media: [
        { kind: "photo", name: "cat.png", mimeType: "image/png", size: 1234, ref: "https://cdn.example/cat.png" },
      ],
    });
  });

  it("ignores its own messages and other bots' messages", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.guildMessage(`<@${BOT.id}> I am a bot`, { author: OTHER_BOT, mentions: [BOT] });
    harness.fake.dm("I am the bot itself", BOT);
    harness.fake.dm("I am a person");
    expect((await next).text).toBe("I am a person");
    expect(harness.inbound).toHaveLength(1);
  });
});

describe("the Discord channel, replying", () => {
  it("answers a DM in the DM, without a reply reference", async () => {
    harness = await startDiscordHarness();
    const receipt = await harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "hi back" });
    expect(harness.fake.sent).toHaveLength(1);
    expect(harness.fake.sent[0]!.body).toMatchObject({ content: "hi back" });
    expect(harness.fake.sent[0]!.body.message_reference).toBeUndefined();
    expect(receipt).toEqual({ channel: "discord", chatId: DM_CHANNEL_ID, messageIds: [harness.fake.sent[0]!.id] });
  });

  it("answers a guild mention as a reply that does not fail when the original is gone, and never pings everyone", async () => {
    harness = await startDiscordHarness();
    await harness.bus.publishOutbound({
      channel: "discord",
      chatId: GENERAL_CHANNEL_ID,
      text: "@everyone look",
      replyToId: "777",
    });
    expect(harness.fake.sent[0]!.body).toMatchObject({
      message_reference: { message_id: "777", fail_if_not_exists: false },
      allowed_mentions: { parse: [] },
    });
  });

  it("sends a 5,000-character reply as ordered chunks of at most 2,000 characters, only the first as a reply", async () => {
    harness = await startDiscordHarness();
    const paragraphs = Array.from({ length: 50 }, (_, index) => `Paragraph ${index}: ${"word ".repeat(18)}`.trim());
    const text = paragraphs.join("\n\n");
    expect(text.length).toBeGreaterThan(5000);
    await harness.bus.publishOutbound({ channel: "discord", chatId: GENERAL_CHANNEL_ID, text, replyToId: "777" });
    const contents = harness.fake.sent.map((message) => message.body.content ?? "");
    expect(contents.length).toBe(3);
    for (const content of contents) expect(content.length).toBeLessThanOrEqual(2000);
    expect(contents.join("\n\n").replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " "));
    expect(harness.fake.sent.map((message) => message.body.message_reference?.message_id)).toEqual([
      "777",
      undefined,
      undefined,
    ]);
  });

  it("sends a long code block as chunks whose fences are balanced, each reopened with its language", async () => {
    harness = await startDiscordHarness();
    const code = Array.from({ length: 200 }, (_, index) => `console.log("line ${index} of the program");`).join("\n");
    await harness.bus.publishOutbound({
      channel: "discord",
      chatId: DM_CHANNEL_ID,
      text: `Here:\n\n\`\`\`js\n${code}\n\`\`\`\n\nDone.`,
    });
    const contents = harness.fake.sent.map((message) => message.body.content ?? "");
    expect(contents.length).toBeGreaterThan(2);
    for (const content of contents) {
      expect(content.length).toBeLessThanOrEqual(2000);
      expect(content.match(/```/g)?.length ?? 0).toSatisfy((count: number) => count % 2 === 0);
    }
    for (const content of contents.slice(1, -1)) expect(content.startsWith("```js\n")).toBe(true);
  });

  it("waits out a 429 with retry_after and then delivers exactly one message", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({ type: "rate-limit", retryAfterSeconds: 0.05 });
    await harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "after the limit" });
    expect(
      harness.fake.requests.filter((request) => request === `POST /channels/${DM_CHANNEL_ID}/messages`),
    ).toHaveLength(2);
    expect(harness.fake.sent.map((message) => message.body.content)).toEqual(["after the limit"]);
  });

  it("retries a 5xx answer and delivers once", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({ type: "server-error", status: 502 }, { type: "server-error", status: 503 });
    await harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "eventually" });
    expect(harness.fake.sent.map((message) => message.body.content)).toEqual(["eventually"]);
  });

  it("splits a message Discord refuses as too long (50035) and sends the halves", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({
      type: "discord-error",
      status: 400,
      code: 50035,
      message: "Invalid Form Body\ncontent[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.",
    });
    await harness.bus.publishOutbound({
      channel: "discord",
      chatId: DM_CHANNEL_ID,
      text: "The first half of it. The second half of it.",
    });
    expect(harness.fake.sent.map((message) => message.body.content).join(" ")).toBe(
      "The first half of it. The second half of it.",
    );
    expect(harness.fake.sent).toHaveLength(2);
  });

  it("sends a short plain notice when Discord refuses a message's form for another reason (50035)", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({
      type: "discord-error",
      status: 400,
      code: 50035,
      message: "Invalid Form Body\nmessage_reference[MESSAGE_REFERENCE_UNKNOWN_MESSAGE]: Unknown message",
    });
    const delivery = harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "refused" });
    await expect(delivery).rejects.toBeInstanceOf(ChannelError);
    expect(harness.fake.sent.map((message) => message.body.content)).toEqual([REFUSED_NOTICE]);
  });

  it("reports a permanent refusal (missing permissions) as a ChannelError without retrying", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({ type: "discord-error", status: 403, code: 50013, message: "Missing Permissions" });
    const failed = new Promise<unknown>((resolve) =>
      harness!.bus.onDeliveryFailed((_message, error) => resolve(error)),
    );
    const delivery = harness.bus.publishOutbound({ channel: "discord", chatId: GENERAL_CHANNEL_ID, text: "nope" });
    await expect(delivery).rejects.toThrow(/missing permissions/);
    const error = await failed;
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ kind: "rejected", retryable: false });
    expect(harness.fake.requests.filter((request) => request.startsWith("POST /channels/"))).toHaveLength(1);
    expect(harness.fake.sent).toHaveLength(0);
  });

  it("reports an unknown channel as a ChannelError", async () => {
    harness = await startDiscordHarness();
    await expect(harness.channel.send({ channel: "discord", chatId: "999", text: "hello?" })).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringMatching(/unknown channel/),
    });
  });

  it("posts to a user id in that user's DM, which it opens once and then remembers", async () => {
    harness = await startDiscordHarness();
    await harness.channel.send({ channel: "discord", chatId: BOB.id, text: "first" });
    await harness.channel.send({ channel: "discord", chatId: BOB.id, text: "second" });

    expect(harness.fake.sent.map((sent) => [sent.channelId, sent.body.content])).toEqual([
      [BOB_DM_CHANNEL_ID, "first"],
      [BOB_DM_CHANNEL_ID, "second"],
    ]);
    expect(harness.fake.openedDms).toEqual([BOB.id]);
    expect(harness.fake.requests.filter((request) => request === `GET /channels/${BOB.id}`)).toHaveLength(1);
  });

  it("shows typing now and every 8 seconds while working, and stops when the turn ends", async () => {
    harness = await startDiscordHarness();
    const inbound = {
      id: "discord:1",
      channel: "discord",
      chatId: DM_CHANNEL_ID,
      senderId: ALICE.id,
      text: "x",
      isDirect: true,
      receivedAt: 0,
    };
    // Only the indicator's own interval is faked; discord.js keeps its real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const indicator = harness.channel.indicateWorking(inbound);
      vi.advanceTimersByTime(7_999);
      vi.advanceTimersByTime(1);
      vi.advanceTimersByTime(8_000);
      indicator.end();
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
    }
    await harness.fake.waitForTyping(3);
    await harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "done" });
    expect(harness.fake.typing).toEqual([DM_CHANNEL_ID, DM_CHANNEL_ID, DM_CHANNEL_ID]);
  });

  it("delivers a reply still in flight before it stops", async () => {
    harness = await startDiscordHarness();
    harness.fake.failNextSends({ type: "rate-limit", retryAfterSeconds: 0.1 });
    const delivery = harness.channel.send({ channel: "discord", chatId: DM_CHANNEL_ID, text: "last words" });
    await once(harness.fake, "rate-limited");
    await harness.channel.stop();
    await delivery;
    expect(harness.fake.sent.map((message) => message.body.content)).toEqual(["last words"]);
    expect(harness.channel.status().state).toBe("stopped");
  });
});
