import { afterEach, describe, expect, it } from "vitest";
import { DiscordChannel } from "../../../channels/discord/discord-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import { receivingLeaseName } from "../../../src/channel-catalog/loader.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { ALICE, DM_CHANNEL_ID, FakeDiscord } from "../../fakes/fake-discord.js";
import { waitUntil } from "../../support/wait-until.js";
import { discordDeps } from "./harness.js";

/** Cluster mode: a Discord channel that sends over REST from the start, with a gateway only while it holds the lease. */
describe("the Discord channel opened for sending only", () => {
  let fake: FakeDiscord | undefined;
  let channel: DiscordChannel | undefined;
  afterEach(async () => {
    await channel?.stop();
    await fake?.close();
  });

  async function open(token?: string) {
    fake = await FakeDiscord.start();
    const bus = new MessageBus();
    const inbound: InboundMessage[] = [];
    bus.onInbound((message) => inbound.push(message));
    const deps = discordDeps({ apiUrl: fake.apiUrl, bus, ...(token && { token }) });
    channel = new DiscordChannel(
      { ...deps, settings: { ...deps.settings, stream_interval: 0.1 } },
      { streamFloorMs: 0 },
    );
    await channel.openForSending(new AbortController().signal);
    return { fake, channel, inbound };
  }

  it("sends DMs, typing, a streamed reply and an approval prompt over REST, with no gateway session", async () => {
    const { fake, channel } = await open();
    await channel.send({ channel: "discord", chatId: DM_CHANNEL_ID, text: "a reply from another process" });
    channel.indicateWorking(dm("working")).end();
    const stream = channel.openStream({ channel: "discord", chatId: DM_CHANNEL_ID });
    stream!.update("growing");
    await stream!.finish("grown");
    await channel.askApproval({
      id: "0123456789abcdef",
      channel: "discord",
      chatId: DM_CHANNEL_ID,
      tool: "shell",
      summary: "ls",
      offersConversation: true,
      text: "Allow shell?",
    });

    expect(channel.status().state).toBe("connected");
    expect(fake.sent.map((message) => fake!.shownText(message.id) ?? message.body.content)).toEqual([
      "a reply from another process",
      "grown",
      "Allow shell?",
    ]);
    expect(fake.typing).toEqual([DM_CHANNEL_ID]);
    expect(fake.connections, "no gateway connection").toEqual([]);
  });

  it("rejects a bad token as a failure for good", async () => {
    const opening = open("wrong-token");
    await expect(opening).rejects.toBeInstanceOf(ChannelError);
    await expect(opening).rejects.toMatchObject({ kind: "auth" });
  });

  it("receives once its gateway connects, and keeps sending after it closed the gateway", async () => {
    const { fake, channel, inbound } = await open();
    await channel.startReceiving(new AbortController().signal);
    expect(fake.received.identify).toBe(1);
    fake.dm("hello", ALICE);
    await waitUntil(() => inbound.length === 1, "the DM is received");

    await channel.stopReceiving();
    await waitUntil(() => !fake!.connected, "the gateway is closed");
    await channel.send({ channel: "discord", chatId: DM_CHANNEL_ID, text: "still sending" });

    expect(channel.status().state).toBe("connected");
    expect(fake.sent.at(-1)?.body.content).toBe("still sending");
    await channel.startReceiving(new AbortController().signal);
    expect(fake.received.identify, "a new session once the lease is back").toBe(2);
  });

  it("names its lease after a hash of the token, never the token", () => {
    const lease = receivingLeaseName(
      "discord",
      discordDeps({ apiUrl: "http://127.0.0.1:1", token: "secret" }).settings,
    );

    expect(lease).toMatch(/^connection:discord:[0-9a-f]{16}$/);
    expect(lease).not.toContain("secret");
  });
});

function dm(text: string): InboundMessage {
  return {
    id: "discord:1",
    channel: "discord",
    chatId: DM_CHANNEL_ID,
    senderId: ALICE.id,
    text,
    isDirect: true,
    receivedAt: Date.now(),
  };
}
