import { DiscordChannel, type DiscordChannelOptions } from "../../channels/discord/discord-channel.js";
import { MessageBus } from "../../src/bus/message-bus.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import { silentLogger } from "../../src/log.js";
import { FakeDiscord, type FakeDiscordOptions } from "../fakes/fake-discord.js";

/** A started fake Discord and a Discord channel connected to it over a real bus. */
export interface DiscordHarness {
  fake: FakeDiscord;
  bus: MessageBus;
  channel: DiscordChannel;
  /** Inbound messages the channel published, in order. */
  inbound: InboundMessage[];
  /** Resolves with the next inbound message the channel publishes. */
  nextInbound(): Promise<InboundMessage>;
  close(): Promise<void>;
}

export async function startDiscordHarness(
  fakeOptions: FakeDiscordOptions = {},
  channelOptions: Partial<DiscordChannelOptions> = {},
): Promise<DiscordHarness> {
  const fake = await FakeDiscord.start(fakeOptions);
  const bus = new MessageBus();
  const channel = new DiscordChannel({
    token: "test-token",
    apiUrl: fake.apiUrl,
    bus,
    log: silentLogger(),
    ...channelOptions,
  });
  bus.registerChannel("discord", (message) => channel.send(message));
  const inbound: InboundMessage[] = [];
  bus.onInbound((message) => inbound.push(message));
  const nextInbound = () =>
    new Promise<InboundMessage>((resolve) => {
      const off = bus.onInbound((message) => {
        off();
        resolve(message);
      });
    });
  const controller = new AbortController();
  await channel.start(controller.signal);
  return {
    fake,
    bus,
    channel,
    inbound,
    nextInbound,
    async close() {
      await channel.stop();
      await fake.close();
    },
  };
}
