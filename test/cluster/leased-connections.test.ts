import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";
import { createDaemon, type Daemon } from "../../src/daemon.js";
import { silentLogger } from "../../src/log.js";
import { ALICE, DM_CHANNEL_ID, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { type FakeChat, FakeTelegram } from "../fakes/fake-telegram.js";
import { type CuttableProxy, startCuttableProxy } from "../support/cuttable-proxy.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";

/**
 * Two daemons (in this process, each with its own SKEIN_HOME) on one real redis-server:
 * Telegram long polling and the Discord gateway run in one of them at a time, under a lease;
 * both send. A member is "killed" by cutting its connections (to Redis and to the platform)
 * with proxies: it stops renewing without releasing anything, as after a SIGKILL.
 */
describe.skipIf(redisSkipReason)("single-consumer connections leased across two daemons", () => {
  // skein's default: a loaded machine's late timers cost no lease; a takeover takes 2 to 3.5 s.
  const takeoverAfterSeconds = 4;
  let redis: RedisServer;
  let model: FakeOpenAI;
  const members: Member[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];

  interface Member {
    daemon: Daemon;
    /** Ids of the messages this member answered. */
    answered: string[];
    channel(name: string): ChannelStatus;
  }

  beforeAll(async () => {
    redis = await startRedisServer({ tcp: true });
    model = await FakeOpenAI.start();
  });
  afterAll(async () => {
    await model?.close();
    await redis?.stop();
  });
  beforeEach(async () => {
    const admin = await connectRedis({ url: redis.url });
    await admin.flushall();
    admin.disconnect();
  });
  afterEach(async () => {
    for (const member of members.splice(0)) await member.daemon.stop();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startMember(env: Record<string, string>): Promise<Member> {
    const home = await mkdtemp(join(tmpdir(), "skein-leased-"));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    await writeFile(join(home, "config.json"), JSON.stringify({ bus: { takeover_after: takeoverAfterSeconds } }));
    const daemon = createDaemon({
      ignoreDotEnv: true,
      cwd: home,
      log: silentLogger(),
      graceMs: 1_000,
      env: {
        HOME: home,
        SKEIN_HOME: home,
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: model.baseUrl,
        SKEIN_REDIS_URL: redis.tcpUrl!,
        ...env,
      },
    });
    const answered: string[] = [];
    daemon.onOutcome((outcome) => {
      if (outcome.status === "answered") answered.push(outcome.message.id);
    });
    await daemon.start();
    const member: Member = { daemon, answered, channel: (name) => daemon.status().channels[name]! };
    members.push(member);
    return member;
  }

  /** The member that receives on `channel` and the one that only sends, once both know it. */
  async function rolesOf(first: Member, second: Member, channel: string): Promise<[Member, Member]> {
    await waitUntil(
      () =>
        [first, second].some((member) => member.channel(channel).lease?.role === "receiving") &&
        [first, second].some((member) => member.channel(channel).lease?.holder === undefined) === false,
      `one member receives on ${channel} and the other names it`,
      10_000,
    );
    return first.channel(channel).lease?.role === "receiving" ? [first, second] : [second, first];
  }

  describe("Telegram long polling", () => {
    let telegram: FakeTelegram;
    beforeEach(async () => {
      telegram = await FakeTelegram.start();
      cleanups.push(() => telegram.close());
    });

    const telegramEnv = (apiRoot = telegram.apiRoot) => ({
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: apiRoot,
      TELEGRAM_ALLOW_FROM: "*",
      // One sendMessage per answer: what the fake counts is what the users saw.
      TELEGRAM_STREAMING: "false",
    });
    const chat = (id: number): FakeChat => ({ id, type: "private" });
    const user = (id: number) => ({ id, first_name: `User ${id}` });
    /** How many answers each chat got (messages the bot sent there). */
    const answersPerChat = () => {
      const counts = new Map<number, number>();
      for (const sent of telegram.sent) counts.set(sent.chat_id, (counts.get(sent.chat_id) ?? 0) + 1);
      return counts;
    };
    const say = (chatId: number, text: string) =>
      `telegram:${chatId}:${String(telegram.userMessage(chat(chatId), user(chatId), text).message.message_id)}`;

    it("polls in one daemon only, while both answer their chats", async () => {
      const first = await startMember(telegramEnv());
      const second = await startMember(telegramEnv());
      const [receiver, sender] = await rolesOf(first, second, "telegram");
      expect(receiver.channel("telegram")).toMatchObject({ state: "connected", lease: { role: "receiving" } });
      expect(sender.channel("telegram")).toMatchObject({
        state: "connected",
        lease: { role: "sending", holder: receiver.channel("telegram").lease?.holder },
      });
      await waitUntil(
        () => (second.daemon.status().cluster?.partitions.length ?? 0) > 0,
        "the second member owns partitions",
        30_000,
      );

      const chats = Array.from({ length: 24 }, (_, index) => 7_000 + index);
      for (const chatId of chats) say(chatId, `hello from ${chatId}`);
      await waitUntil(() => answersPerChat().size === chats.length, "every chat is answered", 20_000);
      await Promise.all([first.daemon.idle(), second.daemon.idle()]);

      const answeredTwice = [...answersPerChat()].filter(([, count]) => count > 1).map(([chatId]) => chatId);
      const byBoth = receiver.answered.filter((id) => sender.answered.includes(id));
      expect({ answeredTwice, byBoth }, "each chat answered once, by one daemon").toEqual({
        answeredTwice: [],
        byBoth: [],
      });
      expect(sender.answered.length, "the daemon that does not poll answers its chats too").toBeGreaterThan(0);
      expect(receiver.answered.length).toBeGreaterThan(0);
      expect(telegram.conflicts, "never two pollers at once").toBe(0);
    });

    it("moves polling to the other daemon when the poller is killed, and answers every message once", async () => {
      const telegramProxy = await cutAfter(startCuttableProxy({ port: Number(new URL(telegram.apiRoot).port) }));
      const redisProxy = await cutAfter(startCuttableProxy({ path: redis.url }));
      const doomed = await startMember({
        ...telegramEnv(`http://127.0.0.1:${telegramProxy.port}`),
        SKEIN_REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      });
      await waitUntil(() => doomed.channel("telegram").lease?.role === "receiving", "the first daemon polls");
      const survivor = await startMember(telegramEnv());
      await rolesOf(doomed, survivor, "telegram");
      say(8_001, "before");
      await waitUntil(() => answersPerChat().get(8_001) === 1, "the first message is answered");
      // Its turn finished and recorded as answered: the kill below is not mid-turn (the journal's own tests cover that).
      await Promise.all([doomed.daemon.idle(), survivor.daemon.idle()]);

      // Cut off from Redis first: it fetches the next message but cannot record it, so it never confirms it.
      redisProxy.cut();
      const { message, updateId } = telegram.userMessage(chat(8_002), user(8_002), "fetched by the daemon that dies");
      const unconfirmed = `telegram:8002:${String(message.message_id)}`;
      await waitUntil(() => telegram.timesHandedOut(updateId) === 1, "the doomed daemon fetched the message");
      // Then it dies: no poll, no renewal, no release.
      telegramProxy.cut();
      const killedAt = Date.now();
      const pollAfterKill = () => telegram.calls.find((call) => call.method === "getUpdates" && call.at >= killedAt);
      await waitUntil(() => pollAfterKill() !== undefined, "the survivor polls", 20_000);
      const firstPoll = pollAfterKill();
      expect(survivor.channel("telegram").lease?.role).toBe("receiving");
      const after = say(8_003, "after the takeover");
      await waitUntil(() => answersPerChat().get(8_003) === 1, "a message after the takeover is answered", 20_000);
      await waitUntil(() => answersPerChat().get(8_002) === 1, "the unconfirmed message is answered", 20_000);
      await survivor.daemon.idle();

      // Seven eighths of takeover_after at most, then one poll, plus a loaded machine's slack.
      expect(firstPoll!.at - killedAt).toBeLessThan((takeoverAfterSeconds * 7_000) / 8 + 2_000);
      expect(Object.fromEntries(answersPerChat())).toEqual({ 8001: 1, 8002: 1, 8003: 1 });
      expect(survivor.answered).toEqual(expect.arrayContaining([unconfirmed, after]));
      expect(telegram.timesHandedOut(updateId), "handed out again to the survivor").toBe(2);
      expect(telegram.conflicts).toBe(0);
    });

    it("stops polling on its own, before the other daemon begins, when it is cut off from Redis", async () => {
      const redisProxy = await cutAfter(startCuttableProxy({ path: redis.url }));
      const cutOff = await startMember({ ...telegramEnv(), SKEIN_REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` });
      await waitUntil(() => cutOff.channel("telegram").lease?.role === "receiving", "the first daemon polls");
      const other = await startMember(telegramEnv());
      await rolesOf(cutOff, other, "telegram");

      redisProxy.cut();
      await waitUntil(() => other.channel("telegram").lease?.role === "receiving", "the other daemon polls", 20_000);
      expect(cutOff.channel("telegram").lease?.role).toBe("sending");
      say(8_100, "to the new poller");
      await waitUntil(() => answersPerChat().get(8_100) === 1, "the message is answered", 10_000);
      expect(telegram.conflicts, "the fenced daemon stopped before the other polled").toBe(0);

      redisProxy.restore();
      await waitUntil(
        () => cutOff.channel("telegram").lease?.holder === other.channel("telegram").lease?.holder,
        "back on Redis, it names the new poller and keeps sending only",
        10_000,
      );
      expect(cutOff.channel("telegram").lease?.role).toBe("sending");
    });
  });

  describe("the Discord gateway", () => {
    let discord: FakeDiscord;
    beforeEach(async () => {
      discord = await FakeDiscord.start();
      cleanups.push(() => discord.close());
    });
    const discordEnv = () => ({
      DISCORD_BOT_TOKEN: "test-token",
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_ALLOW_FROM: ALICE.id,
    });

    it("has one gateway session between two daemons, and the other sends over REST", async () => {
      const first = await startMember(discordEnv());
      const second = await startMember(discordEnv());
      const [receiver, sender] = await rolesOf(first, second, "discord");

      expect(discord.received.identify, "one IDENTIFY").toBe(1);
      expect(sender.channel("discord")).toMatchObject({ state: "connected", lease: { role: "sending" } });
      discord.dm("hello from a DM");
      await discord.waitForSent(1);
      await Promise.all([first.daemon.idle(), second.daemon.idle()]);
      await sender.daemon.bus.publishOutbound({ channel: "discord", chatId: DM_CHANNEL_ID, text: "from the sender" });

      expect(discord.sent.map((message) => message.body.content)).toEqual([
        expect.stringMatching(/^echo: .*hello from a DM/),
        "from the sender",
      ]);
      expect(receiver.answered.length + sender.answered.length).toBe(1);
      expect(discord.received.identify).toBe(1);
    });

    it("fetches, in the next gateway holder, a DM sent while no process held the gateway", async () => {
      const first = await startMember(discordEnv());
      const second = await startMember(discordEnv());
      const [receiver, next] = await rolesOf(first, second, "discord");
      discord.dm("before the handover");
      await discord.waitForSent(1);
      await Promise.all([first.daemon.idle(), second.daemon.idle()]);

      members.splice(members.indexOf(receiver), 1);
      const stopped = receiver.daemon.stop();
      // Its gateway closes before it releases the lease: the next holder is not connected yet.
      await waitUntil(() => !discord.connected, "the receiver's gateway session is closed");
      discord.dm("while nobody listened");
      await stopped;
      await waitUntil(() => next.channel("discord").lease?.role === "receiving", "the other daemon receives", 20_000);
      await discord.waitForSent(2);
      await next.daemon.idle();

      expect(discord.sent.map((message) => discord.shownText(message.id) ?? message.body.content)).toEqual([
        expect.stringMatching(/^echo: .*before the handover/),
        expect.stringMatching(/^echo: .*while nobody listened/),
      ]);
      expect(discord.received.identify).toBe(2);
    });
  });

  async function cutAfter(proxy: Promise<CuttableProxy>): Promise<CuttableProxy> {
    const started = await proxy;
    cleanups.push(() => started.close());
    return started;
  }
});
