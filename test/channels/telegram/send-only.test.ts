import { afterEach, describe, expect, it } from "vitest";
import { telegram as telegramPlugin } from "../../../channels/telegram/index.js";
import { TelegramChannel, type TelegramChannelOptions } from "../../../channels/telegram/telegram-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import { receivingLeaseName } from "../../../src/channel-catalog/loader.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { configSchema } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import { FakeTelegram } from "../../fakes/fake-telegram.js";
import { waitUntil } from "../../support/wait-until.js";
import { alice, aliceChat, fastOptions } from "./harness.js";

/** Cluster mode: a Telegram channel that sends from the start and polls only while it holds the lease. */
describe("the Telegram channel opened for sending only", () => {
  let fake: FakeTelegram | undefined;
  let channel: TelegramChannel | undefined;
  afterEach(async () => {
    await channel?.stop();
    await fake?.close();
  });

  async function open(token?: string, options: TelegramChannelOptions = {}) {
    fake = await FakeTelegram.start();
    const config = configSchema.parse({
      channels: { telegram: { token: token ?? fake.token, api_root: fake.apiRoot } },
    });
    const bus = new MessageBus();
    const inbound: InboundMessage[] = [];
    bus.onInbound((message) => inbound.push(message));
    channel = new TelegramChannel(
      { settings: config.channels.telegram, bus, log: silentLogger(), home: "/nonexistent" },
      { ...fastOptions, ...options },
    );
    await channel.openForSending(new AbortController().signal);
    return { fake, channel, inbound };
  }

  it("sends, shows typing and posts approval prompts without polling", async () => {
    const { fake, channel } = await open();
    await channel.send({ channel: "telegram", chatId: String(aliceChat.id), text: "a reply from another process" });
    channel.indicateWorking({ ...message("working"), chatId: String(aliceChat.id) }).end();
    await channel.askApproval({
      id: "0123456789abcdef",
      channel: "telegram",
      chatId: String(aliceChat.id),
      tool: "shell",
      summary: "ls",
      offersConversation: true,
      text: "Allow shell?",
    });

    expect(channel.status().state).toBe("connected");
    expect(fake.sent.map((sent) => sent.visibleText)).toEqual(["a reply from another process", "Allow shell?"]);
    expect(fake.callsOf("sendChatAction")).toHaveLength(1);
    expect(fake.callsOf("getUpdates"), "no poll").toEqual([]);
  });

  it("rejects a bad token as a failure for good", async () => {
    const opening = open("999:WRONG");
    await expect(opening).rejects.toBeInstanceOf(ChannelError);
    await expect(opening).rejects.toMatchObject({ kind: "auth" });
  });

  it("polls once receiving begins, and stops at once without confirming the batch when told to", async () => {
    const { fake, channel, inbound } = await open();
    await channel.startReceiving(new AbortController().signal);
    fake.userMessage(aliceChat, alice, "while receiving");
    await waitUntil(() => inbound.length === 1, "the message is received");
    const polled = fake.callsOf("getUpdates").length;
    await waitUntil(() => fake!.callsOf("getUpdates").length > polled, "the next long poll waits");

    const polls = fake.callsOf("getUpdates").length;
    await channel.stopReceiving();
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(fake.callsOf("getUpdates"), "no closing getUpdates after the lease was lost").toHaveLength(polls);
    expect(channel.status().state).toBe("connected");
    await channel.send({ channel: "telegram", chatId: String(aliceChat.id), text: "still sending" });
    expect(fake.sent.at(-1)?.visibleText).toBe("still sending");

    await channel.startReceiving(new AbortController().signal);
    await waitUntil(() => fake!.callsOf("getUpdates").length > polls, "polling again after the lease came back");
  });

  it("takes a 409 Conflict as another poller: disconnected and polling again later, not failed for good", async () => {
    const { fake, channel } = await open(undefined, { pollingRetryMs: 60_000 });
    await channel.startReceiving(new AbortController().signal);
    fake.failNext("getUpdates", {
      type: "error",
      status: 409,
      description: "Conflict: terminated by other getUpdates",
    });
    fake.userMessage(aliceChat, alice, "ends the long poll in progress");

    await waitUntil(() => channel.status().detail?.includes("409") === true, "the 409 is reported");
    expect(channel.status().state).toBe("disconnected");
  });

  it("names its lease after the bot id, and needs none in webhook mode", () => {
    const settings = (telegram: Record<string, unknown>) =>
      configSchema.parse({ channels: { telegram } }).channels.telegram;

    expect(receivingLeaseName("telegram", settings({ token: "123456:SECRET" }))).toBe("connection:telegram:123456");
    expect(
      telegramPlugin.receivingLease?.(
        settings({ token: "123456:SECRET", webhook_url: "https://bot.example.com/hook" }),
      ),
    ).toBeUndefined();
  });
});

function message(text: string): InboundMessage {
  return {
    id: "telegram:111:1",
    channel: "telegram",
    chatId: "111",
    senderId: "111",
    text,
    isDirect: true,
    receivedAt: Date.now(),
  };
}
