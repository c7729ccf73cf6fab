import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChannelError } from "../src/channel-kit/channel.js";
import {
  createDaemon,
  type Daemon,
  DaemonError,
  type DaemonOptions,
  logRejectionsExitOnUncaughtException,
  runUntilSignalled,
} from "../src/daemon.js";
import { FakeOpenAI } from "./fakes/fake-openai.js";
import { MemoryChannel } from "./fakes/memory-channel.js";
import { recordingLogger } from "./support/tool-context.js";
import { waitUntil } from "./support/wait-until.js";

type StartFailure = ConstructorParameters<typeof MemoryChannel>[2];

describe("the daemon", () => {
  let fake: FakeOpenAI;
  let home: string;
  let daemon: Daemon | undefined;
  beforeEach(async () => {
    fake = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-daemon-"));
  });
  afterEach(async () => {
    await daemon?.stop();
    daemon = undefined;
    await fake.close();
    await rm(home, { recursive: true, force: true });
  });

  /** A daemon with in-memory channels (name -> start failure, if any). */
  function setUp(channelSpecs: Record<string, StartFailure | undefined>, options: DaemonOptions = {}) {
    const { log, lines } = recordingLogger();
    const channels: Record<string, MemoryChannel> = {};
    daemon = createDaemon({
      // The test channels use platform names, so the access gate's allow lists let the test user in.
      env: {
        HOME: home,
        SKEIN_HOME: home,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: "sk-test",
        SLACK_ALLOW_FROM: "user-1",
        DISCORD_ALLOW_FROM: "user-1",
      },
      cwd: home,
      ignoreDotEnv: true,
      log,
      channels: Object.entries(channelSpecs).map(([name, failure]) => ({
        name,
        create: ({ bus }) => (channels[name] = new MemoryChannel(name, bus, failure)),
      })),
      ...options,
    });
    return { daemon, channels, lines };
  }

  it("refuses to start without any channel and says how to add one", async () => {
    const { daemon } = setUp({});
    const error = await daemon.start().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DaemonError);
    expect(error).toMatchObject({ kind: "no-channels" });
    expect((error as Error).message).toMatch(/TELEGRAM_BOT_TOKEN.*SLACK_BOT_TOKEN.*DISCORD_BOT_TOKEN/);
  });

  it("answers a channel's messages end to end, logs 'skein ready' and reports its status", async () => {
    const { daemon, channels, lines } = setUp({ slack: undefined });
    await daemon.start();
    expect(lines).toContainEqual(expect.objectContaining({ msg: "skein ready", channels: { slack: "connected" } }));
    const channel = channels.slack!;
    channel.receive("hello daemon");
    await channel.waitForDeliveries(1);
    expect(channel.sent).toEqual([{ channel: "slack", chatId: "chat-1", text: "echo: hello daemon" }]);
    await daemon.idle();
    expect(channel.working).toEqual(["start hello daemon", "end hello daemon"]);
    const status = daemon.status();
    expect(status).toMatchObject({ version: expect.any(String), sessions: 1, activeSessions: 0, turnsServed: 1 });
    expect(status.channels.slack).toMatchObject({ state: "connected" });
    const stored = await readFile(join(home, "sessions", "slack%3Achat-1.jsonl"), "utf8");
    expect(stored.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(stored)).toMatchObject({ turn: "slack:1", replies: ["echo: hello daemon"] });
  });

  it("keeps the other channels running when one fails to start for good, and says why and what to do", async () => {
    const { daemon, channels, lines } = setUp({
      telegram: new ChannelError("auth", "telegram", "401 Unauthorized: invalid token"),
      slack: undefined,
    });
    await daemon.start();
    const report = lines.find((line) => line.channel === "telegram" && line.level === 50);
    expect(report).toMatchObject({
      reason: "401 Unauthorized: invalid token",
      remedy: expect.stringContaining("TELEGRAM_BOT_TOKEN"),
    });
    expect(daemon.status().channels).toMatchObject({
      telegram: { state: "failed", detail: "401 Unauthorized: invalid token" },
      slack: { state: "connected" },
    });
    channels.slack!.receive("still here?");
    await channels.slack!.waitForDeliveries(1);
    expect(channels.slack!.sent[0]?.text).toBe("echo: still here?");
  });

  it("fails to start when every channel fails for good", async () => {
    const { daemon } = setUp({ slack: new ChannelError("config", "slack", "needs SLACK_APP_TOKEN") });
    await expect(daemon.start()).rejects.toMatchObject({
      kind: "all-channels-failed",
      message: expect.stringContaining("slack: needs SLACK_APP_TOKEN"),
    });
  });

  it("retries a channel that failed to start on a network error until it connects", async () => {
    let attempts = 0;
    const flaky = () => (++attempts < 3 ? new ChannelError("network", "discord", "ECONNRESET") : undefined);
    const { daemon, channels } = setUp({ discord: flaky }, { channelRetryBaseMs: 1 });
    await daemon.start();
    expect(daemon.status().channels.discord).toMatchObject({
      state: "disconnected",
      detail: expect.stringContaining("ECONNRESET"),
    });
    await waitUntil(() => daemon.status().channels.discord?.state === "connected", "the retried channel is connected");
    expect(attempts).toBe(3);
    channels.discord!.receive("back online");
    await channels.discord!.waitForDeliveries(1);
    expect(channels.discord!.sent[0]?.text).toBe("echo: back online");
  });

  it("finishes a turn in flight when stopped: the reply is delivered, a late message refused (not acknowledged), and the session stored", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.respondWith(async () => {
      await held;
      return { content: "late but delivered" };
    });
    const { daemon, channels } = setUp({ slack: undefined });
    await daemon.start();
    channels.slack!.receive("slow question");
    await fake.waitForRequests(1);
    const stopped = daemon.stop();
    const tooLate = channels.slack!.receive("too late");
    release();
    await stopped;
    expect(channels.slack!.refused).toEqual([tooLate]);
    expect(channels.slack!.sent.map((message) => message.text)).toEqual(["late but delivered"]);
    expect(channels.slack!.status().state).toBe("stopped");
    expect(fake.requests).toHaveLength(1);
    const stored = await readFile(join(home, "sessions", "slack%3Achat-1.jsonl"), "utf8");
    expect(stored).toContain("late but delivered");
  });

  it("answers after the next start a message whose turn the shutdown cut short, once, and never a duplicate", async () => {
    fake.reply({ type: "hang" });
    const first = setUp({ slack: undefined }, { graceMs: 20 });
    await first.daemon.start();
    const cut = first.channels.slack!.receive("cut short");
    await fake.waitForRequests(1);
    await first.daemon.stop();
    expect(first.channels.slack!.sent).toEqual([]);

    const second = setUp({ slack: undefined });
    await second.daemon.start();
    await second.channels.slack!.waitForDeliveries(1);
    await second.daemon.idle();
    expect(second.channels.slack!.sent.map((message) => message.text)).toEqual(["echo: cut short"]);
    expect(await second.daemon.bus.publishInbound(cut)).toEqual({ type: "duplicate", state: "complete" });
  });
});

describe("stray errors", () => {
  /** Installs the handlers and returns the ones it added, to call directly (emitting would reach the test runner's). */
  function install() {
    const { log, lines } = recordingLogger();
    const exits: number[] = [];
    const before = {
      rejection: process.listeners("unhandledRejection"),
      exception: process.listeners("uncaughtException"),
    };
    const remove = logRejectionsExitOnUncaughtException(
      () => log,
      (code) => void exits.push(code),
    );
    const onRejection = process
      .listeners("unhandledRejection")
      .find((listener) => !before.rejection.includes(listener))!;
    const onException = process
      .listeners("uncaughtException")
      .find((listener) => !before.exception.includes(listener))!;
    return { lines, exits, remove, onRejection, onException };
  }

  it("logs an unhandled rejection and keeps running", () => {
    const { lines, exits, remove, onRejection } = install();
    try {
      onRejection(new Error("stray"), Promise.resolve());
      expect(exits).toEqual([]);
      expect(lines).toEqual([
        expect.objectContaining({ level: 50, msg: "unhandled promise rejection (skein keeps running)" }),
      ]);
    } finally {
      remove();
    }
  });

  it("logs an uncaught exception and exits with code 1 so the supervisor restarts skein", () => {
    const { lines, exits, remove, onException } = install();
    try {
      onException(new Error("boom"), "uncaughtException");
      expect(exits).toEqual([1]);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 50,
          msg: expect.stringContaining("uncaught exception: exiting"),
          err: expect.objectContaining({ message: "boom" }),
        }),
      ]);
    } finally {
      remove();
    }
  });

  it("removes its handlers again", () => {
    const before = process.listenerCount("uncaughtException") + process.listenerCount("unhandledRejection");
    logRejectionsExitOnUncaughtException(
      () => undefined,
      () => undefined,
    )();
    expect(process.listenerCount("uncaughtException") + process.listenerCount("unhandledRejection")).toBe(before);
  });
});

describe("stopping on a signal", () => {
  it("exits with code 1 when the graceful stop outlasts its deadline", async () => {
    const { log, lines } = recordingLogger();
    const exits: number[] = [];
    let exited!: () => void;
    const exitedOnce = new Promise<void>((resolve) => {
      exited = resolve;
    });
    const hung = { stop: () => new Promise<void>(() => undefined) };
    const stopSignal = {
      received: Promise.resolve("SIGTERM" as const),
      dispose: () => undefined,
      request: () => undefined,
    };
    void runUntilSignalled(hung, log, stopSignal, {
      deadlineMs: 50,
      exit: (code) => {
        exits.push(code);
        exited();
      },
    });
    await exitedOnce;
    expect(exits).toEqual([1]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: expect.stringContaining("shutdown took longer than") }),
    );
  });

  it("returns 0 after a stop within the deadline, leaving no signal handler behind", async () => {
    const { log } = recordingLogger();
    const before = process.listenerCount("SIGTERM");
    const stopSignal = {
      received: Promise.resolve("SIGTERM" as const),
      dispose: () => undefined,
      request: () => undefined,
    };
    const code = await runUntilSignalled({ stop: async () => undefined }, log, stopSignal, {
      deadlineMs: 50,
      exit: () => expect.unreachable("exited"),
    });
    expect(code).toBe(0);
    expect(process.listenerCount("SIGTERM")).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
});
