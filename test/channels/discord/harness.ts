import type { Logger } from "pino";
import { DiscordChannel, type DiscordChannelOptions } from "../../../channels/discord/discord-channel.js";
import type { DiscordSettings } from "../../../channels/discord/settings.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import type { ChannelDeps } from "../../../src/channel-kit/channel.js";
import { silentLogger } from "../../../src/log.js";
import { FakeDiscord, type FakeDiscordOptions } from "../../fakes/fake-discord.js";
import { within } from "../../support/within.js";

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

/** What a Discord channel is given: settings pointing at the fake, a bus and a logger. */
export function discordDeps(options: {
  apiUrl: string;
  token?: string;
  bus?: MessageBus;
  log?: Logger;
  streaming?: boolean;
}): ChannelDeps<DiscordSettings> {
  return {
    settings: {
      token: options.token ?? "test-token",
      api_url: options.apiUrl,
      allow_from: [],
      group_policy: "mention",
      streaming: options.streaming ?? true,
      stream_interval: 1,
    },
    bus: options.bus ?? new MessageBus(),
    log: options.log ?? silentLogger(),
    home: "/nonexistent",
  };
}

export async function startDiscordHarness(
  fakeOptions: FakeDiscordOptions = {},
  { log = silentLogger(), ...channelOptions }: DiscordChannelOptions & { log?: Logger } = {},
): Promise<DiscordHarness> {
  const fake = await FakeDiscord.start(fakeOptions);
  const bus = new MessageBus();
  const channel = new DiscordChannel(discordDeps({ apiUrl: fake.apiUrl, bus, log }), channelOptions);
  bus.registerChannel("discord", (message) => channel.send(message));
  const inbound: InboundMessage[] = [];
  bus.onInbound((message) => inbound.push(message));
  const nextInbound = () => {
    const next = new Promise<InboundMessage>((resolve) => {
      const off = bus.onInbound((message) => {
        off();
        resolve(message);
      });
    });
    return within(next, "the next inbound message", () => inbound.map((message) => message.text));
  };
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
