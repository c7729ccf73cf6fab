import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { DiscordChannel } from "../../../channels/discord/discord-channel.js";
import { discord } from "../../../channels/discord/index.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { configSchema } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import { BOT, DM_CHANNEL_ID, FakeDiscord } from "../../fakes/fake-discord.js";
import { waitUntil } from "../../support/wait-until.js";
import { type DiscordHarness, discordDeps, startDiscordHarness } from "./harness.js";

let harness: DiscordHarness | undefined;
let fake: FakeDiscord | undefined;
afterEach(async () => {
  await harness?.close();
  await fake?.close();
  harness = undefined;
  fake = undefined;
});

/** A pino logger whose JSON lines land in `lines`. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

/** Collects unhandled rejections while `body` runs (and a moment after). */
async function withoutUnhandledRejections(body: () => Promise<void>): Promise<unknown[]> {
  const rejections: unknown[] = [];
  const listener = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", listener);
  try {
    await body();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("unhandledRejection", listener);
  }
  return rejections;
}

describe("the Discord channel, starting and stopping", () => {
  it("is built by its factory from channels.discord in the config", async () => {
    fake = await FakeDiscord.start();
    const config = configSchema.parse({ channels: { discord: { token: "test-token", api_url: fake.apiUrl } } });
    const channel = (await discord.load())({
      settings: config.channels.discord,
      bus: new MessageBus(),
      log: silentLogger(),
      home: "/nonexistent",
    });
    expect(channel.name).toBe("discord");
    await channel.start(new AbortController().signal);
    expect(channel.status()).toMatchObject({ state: "connected", account: "@skeinbot" });
    await channel.stop();
    expect(channel.status().state).toBe("stopped");
  });

  it("accepts DISCORD_API_URL with a trailing slash or a trailing /v10", async () => {
    fake = await FakeDiscord.start();
    for (const apiUrl of [`${fake.apiUrl}/`, `${fake.apiUrl}/v10`, `${fake.apiUrl}/v10/`]) {
      const config = configSchema.parse({ channels: { discord: { token: "test-token", api_url: apiUrl } } });
      const channel = (await discord.load())({
        settings: config.channels.discord,
        bus: new MessageBus(),
        log: silentLogger(),
        home: "/nonexistent",
      });
      await channel.start(new AbortController().signal);
      expect(channel.status().state).toBe("connected");
      await channel.stop();
    }
  });

  it("reports a token the REST API rejects as an auth error, without an unhandled rejection", async () => {
    fake = await FakeDiscord.start();
    const channel = new DiscordChannel(discordDeps({ token: "wrong-token", apiUrl: fake.apiUrl }));
    const rejections = await withoutUnhandledRejections(async () => {
      const error = await channel.start(new AbortController().signal).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error).toMatchObject({
        kind: "auth",
        channel: "discord",
        message: expect.stringMatching(/token.*DISCORD_BOT_TOKEN/),
      });
    });
    expect(rejections).toEqual([]);
    expect(channel.status()).toMatchObject({ state: "failed", detail: expect.stringMatching(/token/) });
    expect(fake.received.identify).toBe(0);
  });

  it("reports a token the gateway rejects (close 4004) as an auth error instead of hanging", async () => {
    fake = await FakeDiscord.start({ gatewayRejectsToken: true });
    const channel = new DiscordChannel(discordDeps({ apiUrl: fake.apiUrl }));
    const rejections = await withoutUnhandledRejections(async () => {
      await expect(channel.start(new AbortController().signal)).rejects.toMatchObject({
        kind: "auth",
        message: expect.stringMatching(/4004/),
      });
    });
    expect(rejections).toEqual([]);
    expect(channel.status().state).toBe("failed");
  });

  it("keeps working after Discord asks it to reconnect (op 7): it resumes the session and logs it", async () => {
    const { log, lines } = capturingLogger();
    harness = await startDiscordHarness({}, { log });
    await harness.fake.forceReconnect("op7");
    expect(harness.fake.received).toMatchObject({ identify: 1, resume: 1 });
    const next = harness.nextInbound();
    harness.fake.dm("still there?");
    expect(await next).toMatchObject({ text: "still there?" });
    expect(harness.fake.connections).toEqual(["/gateway?v=10&encoding=json", "/resume?v=10&encoding=json"]);
    await harness.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "yes" });
    expect(harness.fake.sent.map((message) => message.body.content)).toEqual(["yes"]);
    expect(harness.channel.status()).toMatchObject({ state: "connected", detail: "resumed" });
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/reconnecting/), expect.stringMatching(/resumed/)]),
    );
  });

  it("resumes after the gateway connection drops, and reports itself disconnected meanwhile", async () => {
    harness = await startDiscordHarness();
    const states: string[] = [];
    harness.fake.on("connection", () => states.push(harness!.channel.status().state));
    await harness.fake.forceReconnect("close");
    expect(states).toEqual(["disconnected"]);
    const next = harness.nextInbound();
    harness.fake.guildMessage(`<@${BOT.id}> hi`, { mentions: [BOT] });
    expect(await next).toMatchObject({ mentioned: true, text: "hi" });
    // The gateway delivers in order: once the message arrived, RESUMED was handled too.
    expect(harness.channel.status().state).toBe("connected");
  });

  it("reports itself disconnected, with the reason, when Discord ends the session for good", async () => {
    const { log, lines } = capturingLogger();
    harness = await startDiscordHarness({}, { log });
    harness.fake.closeGateway(4014, "Disallowed intent(s).");
    await waitUntil(() => harness!.channel.status().state !== "connected", "the channel leaves the connected state");
    expect(harness.channel.status()).toMatchObject({
      state: "disconnected",
      detail: expect.stringMatching(/Message Content Intent/),
    });
    expect(lines.some((line) => line.level >= 50 && /disconnected for good/.test(line.msg))).toBe(true);
  });

  it("says once, clearly, how to enable the Message Content intent when guild messages arrive without text", async () => {
    const { log, lines } = capturingLogger();
    harness = await startDiscordHarness({ messageContentIntent: false }, { log });
    const next = harness.nextInbound();
    harness.fake.guildMessage("hidden one");
    harness.fake.guildMessage("hidden two");
    harness.fake.guildMessage(`<@${BOT.id}> visible`, { mentions: [BOT] });
    expect(await next).toMatchObject({ text: "visible" });
    const warnings = lines.filter((line) => /Message Content/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/Developer Portal/);
    expect(harness.inbound).toHaveLength(1);
  });
});
