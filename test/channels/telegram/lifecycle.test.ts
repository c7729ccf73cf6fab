import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { configSchema } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import { FakeTelegram } from "../../fakes/fake-telegram.js";
import { fastOptions } from "./harness.js";

describe("the Telegram channel, failing to start", () => {
  it("leaves no listener on the daemon's signal when polling cannot begin", async () => {
    const fake = (await FakeTelegram.start()).failNext("deleteWebhook", {
      type: "error",
      status: 400,
      description: "Bad Request",
    });
    try {
      const config = configSchema.parse({ channels: { telegram: { token: fake.token, api_root: fake.apiRoot } } });
      const channel = new TelegramChannel(
        { settings: config.channels.telegram, bus: new MessageBus(), log: silentLogger(), home: "/nonexistent" },
        fastOptions,
      );
      const signal = new AbortController().signal;
      await expect(channel.start(signal)).rejects.toBeInstanceOf(ChannelError);
      await channel.stop();

      expect(getEventListeners(signal, "abort")).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
