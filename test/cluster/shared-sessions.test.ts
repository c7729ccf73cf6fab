import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis, readyWithin, redisClient } from "../../src/bus/redis-connection.js";
import { RedisSessions } from "../../src/cluster/redis-sessions.js";
import { createDaemon, type Daemon } from "../../src/daemon.js";
import { startHarness } from "../agent/harness.js";
import { FakeOpenAI, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import { MemoryChannel } from "../fakes/memory-channel.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { recordingLogger } from "../support/tool-context.js";
import { waitUntil } from "../support/wait-until.js";

const retrying = "storing the session in Redis failed; retrying";

/** What the model was sent, as `role: text` lines (system prompt left out). */
function conversationOf(request: FakeRequest | undefined): string[] {
  return (request?.body.messages ?? [])
    .filter((message) => message.role !== "system")
    .map((message) => `${message.role}: ${spokenText(message.content)}`);
}

describe.skipIf(redisSkipReason)("sessions shared through Redis (a real redis-server)", () => {
  let server: RedisServer;
  let admin: Redis;
  beforeAll(async () => {
    server = await startRedisServer({ tcp: true });
    admin = await connectRedis({ url: server.url });
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });
  beforeEach(() => admin.flushall());

  describe("two daemons, each with its own SKEIN_HOME", () => {
    let fake: FakeOpenAI;
    const homes: string[] = [];
    const daemons: Daemon[] = [];
    /** The log of the daemon started last. */
    let logLines: Array<Record<string, unknown>> = [];
    beforeEach(async () => {
      fake = await FakeOpenAI.start();
    });
    afterEach(async () => {
      for (const daemon of daemons.splice(0)) await daemon.stop();
      await fake.close();
      for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
    });

    /** A clustered daemon on the test's Redis with a `slack` memory channel. */
    async function startDaemon(): Promise<MemoryChannel> {
      const home = await mkdtemp(join(tmpdir(), "skein-shared-sessions-"));
      homes.push(home);
      const models = { agents: { defaults: { model: "gpt-4o-mini", models: ["gpt-4o-mini", "gpt-4o"] } } };
      await writeFile(join(home, "config.json"), JSON.stringify(models));
      let channel: MemoryChannel | undefined;
      const { log, lines } = recordingLogger();
      logLines = lines;
      const daemon = createDaemon({
        env: {
          HOME: home,
          SKEIN_HOME: home,
          SKEIN_REDIS_URL: server.tcpUrl!,
          OPENAI_BASE_URL: fake.baseUrl,
          OPENAI_API_KEY: "sk-test",
          SLACK_ALLOW_FROM: "user-1",
        },
        cwd: home,
        ignoreDotEnv: true,
        log,
        channels: [{ name: "slack", create: ({ bus }) => (channel = new MemoryChannel("slack", bus)) }],
      });
      daemons.push(daemon);
      await daemon.start();
      return channel!;
    }

    it("continues in the second daemon a conversation the first one had, with its history, /model choice and /new", async () => {
      const first = await startDaemon();
      first.receive("my name is Ada", { id: "slack:a1" });
      first.receive("/model gpt-4o", { id: "slack:a2" });
      await first.waitForDeliveries(2);
      await daemons[0]!.stop();

      const second = await startDaemon();
      second.receive("what is my name?", { id: "slack:b1" });
      await second.waitForDeliveries(1);
      expect(conversationOf(fake.requests.at(-1))).toEqual([
        "user: my name is Ada",
        "assistant: echo: my name is Ada",
        "user: what is my name?",
      ]);
      expect(fake.requests.at(-1)?.body.model).toBe("gpt-4o");
      second.receive("/new", { id: "slack:b2" });
      await second.waitForDeliveries(2);
      await daemons[1]!.stop();

      const third = await startDaemon();
      third.receive("hello again", { id: "slack:c1" });
      await third.waitForDeliveries(1);
      expect(conversationOf(fake.requests.at(-1))).toEqual(["user: hello again"]);
    });

    it("sends the stored reply of a turn another process stored before it died, without running or storing it again", async () => {
      // What a process killed between storing its turn and journaling the reply leaves in Redis.
      const { log } = recordingLogger();
      const died = new RedisSessions({ redis: admin, prefix: "skein:", log });
      await died.append(
        "slack:chat-1",
        [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello!" },
        ],
        {
          id: "slack:k1",
          replies: ["hello!"],
        },
      );

      const channel = await startDaemon();
      channel.receive("hi", { id: "slack:k1" });
      await channel.waitForDeliveries(1);
      expect(channel.sent.map((message) => message.text)).toEqual(["hello!"]);
      expect(fake.requests).toHaveLength(0);
      channel.receive("and then?", { id: "slack:k2" });
      await channel.waitForDeliveries(2);
      expect(conversationOf(fake.requests.at(-1))).toEqual(["user: hi", "assistant: hello!", "user: and then?"]);
    });

    it("delivers once, after Redis is back, the answer of a turn Redis dropped under, and keeps it in the history", async () => {
      const channel = await startDaemon();
      channel.receive("remember 42", { id: "slack:r1" });
      await channel.waitForDeliveries(1);
      fake.holdAnswers();
      channel.receive("what was it?", { id: "slack:r2" });
      await fake.waitForRequests(2);
      await server.kill();
      fake.releaseAnswers();
      await waitUntil(() => logLines.some((line) => line.msg === retrying), "the turn waits for Redis to store it");
      expect(channel.sent).toHaveLength(1);
      await server.start();
      await channel.waitForDeliveries(2);
      channel.receive("and now?", { id: "slack:r3" });
      await channel.waitForDeliveries(3);
      expect(channel.sent.map((message) => message.text)).toEqual([
        "echo: remember 42",
        "echo: what was it?",
        "echo: and now?",
      ]);
      expect(conversationOf(fake.requests.at(-1))).toEqual([
        "user: remember 42",
        "assistant: echo: remember 42",
        "user: what was it?",
        "assistant: echo: what was it?",
        "user: and now?",
      ]);
    });
  });

  it("waits for Redis when it is down as a turn starts, and answers once it is back", async () => {
    const redis = redisClient({ url: server.url });
    expect(await readyWithin(redis, 10_000)).toBe(true);
    const { log, lines } = recordingLogger();
    const harness = await startHarness({
      loop: () => ({ sessions: new RedisSessions({ redis, prefix: "skein:", log }) }),
    });
    try {
      expect(await harness.ask("remember 42")).toMatchObject({ status: "answered", reply: "echo: remember 42" });
      await server.kill();
      const waiting = harness.receive("what was it?");
      await waitUntil(
        () => lines.some((line) => line.msg === "reading the session from Redis failed; retrying"),
        "the turn waits for Redis to read its history",
      );
      await server.start();
      expect(await harness.outcomeOf(waiting.id)).toMatchObject({ status: "answered", reply: "echo: what was it?" });
      expect(conversationOf(harness.fake.requests.at(-1))).toEqual([
        "user: remember 42",
        "assistant: echo: remember 42",
        "user: what was it?",
      ]);
    } finally {
      await harness.close();
      redis.disconnect();
      admin.disconnect();
      admin = await connectRedis({ url: server.url });
    }
  });

  it("answers with the usual apology when Redis stays down longer than a read waits (to /new too), and keeps the whole history", async () => {
    const redis = redisClient({ url: server.url });
    expect(await readyWithin(redis, 10_000)).toBe(true);
    const { log, lines } = recordingLogger();
    const harness = await startHarness({
      loop: () => ({ sessions: new RedisSessions({ redis, prefix: "skein:", log, readPatienceMs: 300 }) }),
    });
    const apology = "Sorry — something went wrong on my side, so I can't answer this.";
    try {
      expect(await harness.ask("remember 42")).toMatchObject({ status: "answered", reply: "echo: remember 42" });
      await server.kill();
      expect(await harness.ask("/new")).toMatchObject({ status: "failed" });
      expect(harness.sent.at(-1)?.text).toBe(apology);

      const cut = harness.receive("what was it?");
      await waitUntil(() => lines.some((line) => line.msg === retrying), "the turn waits for Redis to store it");
      await server.start();
      expect(await harness.outcomeOf(cut.id)).toMatchObject({ status: "failed", reply: apology });
      expect(await harness.ask("and now?")).toMatchObject({ status: "answered" });
      expect(conversationOf(harness.fake.requests.at(-1))).toEqual([
        "user: remember 42",
        "assistant: echo: remember 42",
        "user: what was it?",
        `assistant: ${apology}`,
        "user: and now?",
      ]);
      expect(harness.sent.map((message) => message.text)).toEqual([
        "echo: remember 42",
        apology,
        apology,
        "echo: and now?",
      ]);
    } finally {
      await harness.close();
      redis.disconnect();
      admin.disconnect();
      admin = await connectRedis({ url: server.url });
    }
  });
});
