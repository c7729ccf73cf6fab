import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { sessionKeyOf } from "../../src/bus/messages.js";
import { connectRedis, type RedisTarget } from "../../src/bus/redis-connection.js";
import { chatPartition } from "../../src/bus/redis-journal-entry.js";
import { defaultPartitions } from "../../src/bus/redis-partitions.js";
import type { StatusReport } from "../../src/health/health-server.js";
import { ALICE, DM_CHANNEL_ID, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI, type Responder } from "../fakes/fake-openai.js";
import { FakeTelegram } from "../fakes/fake-telegram.js";
import { takeTurn } from "../support/one-at-a-time.js";
import { type RedisServer, startRedisServer } from "../support/redis-server.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";
import { marker, markerResponder } from "./harness.js";
import { type Tally, tally } from "./tally.js";

/**
 * Several `skein start` processes (the built CLI) in cluster mode: each with its own
 * $SKEIN_HOME (as separate machines would have), all sharing one real redis-server (TCP,
 * append-only file fsynced on every write) or the Redis a {@link ClusterRedis} gives (Sentinel),
 * one fake Telegram Bot API (long polling; it answers 409 to a second concurrent getUpdates, as
 * Telegram does), optionally one fake Discord, and one fake model. Telegram chats are private
 * chats whose id is also their user's id; Discord is Alice's DM.
 */
export interface ClusterWorldOptions {
  /** `bus.takeover_after` in seconds (default: skein's own). */
  takeoverAfterSeconds?: number;
  /** `agents.defaults.max_concurrent_turns` of every process (default 8). */
  maxConcurrentTurns?: number;
  /** The model's answers (default: `answer to m<n>q` for the markers of the last user message). */
  responder?: Responder;
  /** Configure Discord too (its gateway is one more leased connection). */
  discord?: boolean;
  /** The Redis every process uses (default: a fresh redis-server of its own). */
  redis?: ClusterRedis;
}

/** A Redis the processes share, as they reach it and as the test looks into it. */
export interface ClusterRedis {
  /** The environment that points `skein start` at it. */
  env: Record<string, string>;
  /** Where the test's own connection goes. */
  target: RedisTarget;
  stop(): Promise<void>;
}

/** One process of the cluster. */
export interface Member {
  /** `member 1`, `member 2`…, in start order. */
  readonly name: string;
  readonly home: string;
  readonly process: SkeinProcess;
  /** Its health endpoint's port. */
  readonly healthPort: number;
  /** Its `GET /status`. */
  status(): Promise<StatusReport>;
  /** The chat id of each of its `answered` log lines, in order. */
  answeredChats(): string[];
}

/** The marker index a reply carries (`answer to m17q`), from the fake model's answer. */
const markerPattern = /\bm(\d+)q\b/g;

export class ClusterWorld {
  readonly members: Member[] = [];
  #release: (() => Promise<void>) | undefined;
  readonly #options: ClusterWorldOptions;
  #nextHome = 1;
  /** When each marker was said (epoch ms), in which chat (`discord` for Alice's DM), and its message id in skein. */
  readonly said = new Map<number, { chat: number | "discord"; at: number; id: string }>();

  private constructor(
    readonly redis: ClusterRedis & { server?: RedisServer },
    /** A command connection for the test's own looks into Redis. */
    readonly admin: Redis,
    readonly telegram: FakeTelegram,
    readonly discord: FakeDiscord | undefined,
    readonly model: FakeOpenAI,
    readonly root: string,
    options: ClusterWorldOptions,
  ) {
    this.#options = options;
  }

  /** Waits for the other cluster tests to finish (see {@link takeTurn}), then starts Redis and the fakes. */
  static async create(options: ClusterWorldOptions = {}): Promise<ClusterWorld> {
    const release = await takeTurn("skein-cluster-tests");
    try {
      const world = await ClusterWorld.#start(options);
      world.#release = release;
      return world;
    } catch (error) {
      await release();
      throw error;
    }
  }

  static async #start(options: ClusterWorldOptions): Promise<ClusterWorld> {
    const [redis, telegram, discord, model, root] = await Promise.all([
      options.redis ?? ownRedis(),
      FakeTelegram.start(),
      options.discord ? FakeDiscord.start() : undefined,
      FakeOpenAI.start(),
      mkdtemp(join(tmpdir(), "skein-cluster-")),
    ]);
    const admin = await connectRedis(redis.target);
    model.respondWith(options.responder ?? markerResponder);
    return new ClusterWorld(redis, admin, telegram, discord, model, root, options);
  }

  /** `bus.takeover_after` in milliseconds (skein's default, 4 s, unless the world sets it). */
  get takeoverAfterMs(): number {
    return (this.#options.takeoverAfterSeconds ?? 4) * 1000;
  }

  /** The standalone redis-server (throws for a Sentinel world). */
  get server(): RedisServer {
    if (!this.redis.server) throw new Error("this world's Redis is not a server of its own");
    return this.redis.server;
  }

  /** Starts `count` more processes side by side; resolves once each logged "skein ready". */
  start(count: number): Promise<Member[]> {
    return Promise.all(Array.from({ length: count }, () => this.startMember()));
  }

  /** Starts one more process in a fresh $SKEIN_HOME. */
  async startMember(): Promise<Member> {
    const name = `member ${this.#nextHome++}`;
    const home = join(this.root, name.replace(" ", "-"));
    await mkdir(home);
    const { takeoverAfterSeconds, maxConcurrentTurns = 8 } = this.#options;
    const config = {
      ...(takeoverAfterSeconds !== undefined && { bus: { takeover_after: takeoverAfterSeconds } }),
      agents: { defaults: { max_concurrent_turns: maxConcurrentTurns } },
    };
    await writeFile(join(home, "config.json"), JSON.stringify(config));
    const child = spawnSkein(["start"], {
      cwd: home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        // Info: the `answered` lines say who answered which chat.
        SKEIN_LOG_LEVEL: "info",
        ...this.redis.env,
        OPENAI_BASE_URL: this.model.baseUrl,
        OPENAI_API_KEY: "sk-test",
        TELEGRAM_BOT_TOKEN: this.telegram.token,
        TELEGRAM_API_ROOT: this.telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: "*",
        // One sendMessage per answer: the replies are counted as Telegram accepted them.
        TELEGRAM_STREAMING: "false",
        ...(this.discord && {
          DISCORD_BOT_TOKEN: "test-token",
          DISCORD_API_URL: this.discord.apiUrl,
          DISCORD_ALLOW_FROM: ALICE.id,
          DISCORD_STREAMING: "false",
        }),
      },
    });
    let port: unknown;
    try {
      ({ port } = await child.waitForLine("health endpoint listening", 45_000));
      await child.waitFor('"msg":"skein ready"', 45_000);
    } catch (error) {
      // Not a member yet, so close() would not find it: a process that never got ready is stopped here.
      child.child.kill("SIGKILL");
      await child.exited;
      throw error;
    }
    const healthPort = Number(port);
    const member: Member = {
      name,
      home,
      process: child,
      healthPort,
      status: async () => (await (await fetch(`http://127.0.0.1:${healthPort}/status`)).json()) as StatusReport,
      answeredChats: () =>
        child
          .stderr()
          .split("\n")
          .filter((line) => line.endsWith('"msg":"answered"}'))
          .map((line) => String((JSON.parse(line) as { chatId: unknown }).chatId)),
    };
    this.members.push(member);
    return member;
  }

  /** The processes not killed or stopped. */
  get running(): Member[] {
    return this.members.filter((member) => isRunning(member.process));
  }

  /** How many `answered` lines all processes logged (a process logs it once the reply is delivered). */
  answered(): number {
    return this.members.reduce((sum, member) => sum + member.answeredChats().length, 0);
  }

  /** A Telegram message in private chat `chat` (from the user of the same id) carrying `marker(index)`. */
  say(chat: number, index: number): void {
    const at = Date.now();
    const { message } = this.telegram.userMessage(
      { id: chat, type: "private" },
      { id: chat, first_name: `User ${chat}` },
      `message ${marker(index)}`,
    );
    this.said.set(index, { chat, at, id: `telegram:${chat}:${message.message_id}` });
  }

  /** A Discord DM from Alice carrying `marker(index)`. */
  sayOnDiscord(index: number): void {
    if (!this.discord) throw new Error("this world has no Discord");
    const at = Date.now();
    const id = this.discord.dm(`message ${marker(index)}`);
    this.said.set(index, { chat: "discord", at, id: `discord:${id}` });
  }

  /** Every reply accepted (Telegram, then Discord): its chat, the markers it carries, and when. */
  replies(): Array<{ chat: number | "discord"; markers: number[]; at: number }> {
    const markersIn = (text: string) => [...text.matchAll(markerPattern)].map((found) => Number(found[1]));
    return [
      ...this.telegram.sent.map((sent) => ({ chat: sent.chat_id, markers: markersIn(sent.visibleText), at: sent.at })),
      ...(this.discord?.sent ?? [])
        .filter((sent) => sent.channelId === DM_CHANNEL_ID)
        .map((sent) => ({
          chat: "discord" as const,
          markers: markersIn(this.discord?.shownText(sent.id) ?? String(sent.body.content ?? "")),
          at: sent.at ?? 0,
        })),
    ];
  }

  /** The marker indexes of the replies Telegram accepted, per chat, in the order accepted. */
  repliesByChat(): Map<number, number[]> {
    const replies = new Map<number, number[]>();
    for (const sent of this.telegram.sent) {
      const markers = [...sent.visibleText.matchAll(markerPattern)].map((found) => Number(found[1]));
      replies.set(sent.chat_id, [...(replies.get(sent.chat_id) ?? []), ...markers]);
    }
    return replies;
  }

  /** The text of each reply Telegram accepted in `chat`, in the order accepted. */
  repliesIn(chat: number): string[] {
    return this.telegram.sent.filter((sent) => sent.chat_id === chat).map((sent) => sent.visibleText);
  }

  /** How many accepted replies carry each marker index. */
  replyCounts(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const markers of this.repliesByChat().values())
      for (const index of markers) counts.set(index, (counts.get(index) ?? 0) + 1);
    return counts;
  }

  /** Lost, duplicated and out-of-order replies per chat of the markers said since `fromIndex` (see {@link tally}). */
  tally(fromIndex = 0): Tally {
    return tally(
      [...this.said].filter(([index]) => index >= fromIndex),
      this.replies(),
    );
  }

  /** Resolves once every marker said since `fromIndex` has a reply, failing with the tally after `limitMs`. */
  async allAnswered(fromIndex = 0, limitMs = 60_000): Promise<void> {
    await this.until(
      () => this.tally(fromIndex).lost.length === 0,
      "every message has its reply",
      limitMs,
      () => JSON.stringify(this.tally(fromIndex)),
    );
    // A message answered twice would be sent after the others: wait until every message is complete.
    await this.until(async () => (await this.unfinished()) === 0, "no message is left unfinished", limitMs);
  }

  /** Messages recorded and not complete yet: the entries left in the partitions' streams (complete deletes them). */
  async unfinished(): Promise<number> {
    const pipeline = this.admin.pipeline();
    for (let partition = 0; partition < defaultPartitions; partition++) pipeline.xlen(`skein:inbound:${partition}`);
    const answers = (await pipeline.exec()) ?? [];
    return answers.reduce((sum, [, length]) => sum + Number(length ?? 0), 0);
  }

  /** The partition Telegram chat `chat` is in (given one now if it has none). */
  partitionOf(chat: number | "discord"): Promise<number> {
    const sessionKey =
      chat === "discord"
        ? sessionKeyOf({ channel: "discord", chatId: DM_CHANNEL_ID })
        : sessionKeyOf({ channel: "telegram", chatId: String(chat) });
    return chatPartition(this.admin, { prefix: "skein:", partitions: defaultPartitions, ttlMs: 3_600_000, sessionKey });
  }

  /** The running process that handles `chat` now. */
  async handlerOf(chat: number | "discord"): Promise<Member | undefined> {
    const partition = await this.partitionOf(chat);
    const holder = await this.admin.get(`skein:lease:partition:${partition}`);
    return this.#memberByLease(holder);
  }

  /** The process holding the Telegram polling lease (`connection:telegram:*`), if any. */
  telegramPoller(): Promise<Member | undefined> {
    return this.#connectionHolder("telegram");
  }

  /** The process holding the Discord gateway's lease (`connection:discord:*`), if any. */
  discordReceiver(): Promise<Member | undefined> {
    return this.#connectionHolder("discord");
  }

  async #connectionHolder(platform: string): Promise<Member | undefined> {
    const names = await this.admin.smembers("skein:lease-names");
    for (const name of names.filter((candidate) => candidate.startsWith(`connection:${platform}`))) {
      const holder = await this.#memberByLease(await this.admin.get(`skein:lease:${name}`));
      if (holder) return holder;
    }
    return undefined;
  }

  /** The running member whose name (`host:pid:id`) a lease value carries. */
  #memberByLease(value: string | null): Member | undefined {
    const pid = Number(value?.split(":")[1]);
    return this.running.find((member) => member.process.child.pid === pid);
  }

  /**
   * Resolves once the running processes hold all the partitions of the chats between them,
   * each its share (partitions / processes, rounded up) at most: from then on no partition moves.
   */
  async spread(limitMs = 30_000): Promise<void> {
    const running = this.running;
    const share = Math.ceil(defaultPartitions / running.length);
    await this.until(
      async () => {
        const held = (await Promise.all(running.map((member) => member.status()))).map(
          (status) => status.cluster?.partitions.length ?? 0,
        );
        return (
          held.reduce((sum, count) => sum + count, 0) === defaultPartitions &&
          held.every((count) => count > 0 && count <= share)
        );
      },
      "the partitions are spread over every process",
      limitMs,
    );
  }

  /**
   * Holds the platforms' sends, then waits until the journal records every message whose reply a
   * platform accepted as complete: a SIGKILL then cannot fall between a send a platform accepted
   * and its record, the one window where a resent reply is unavoidable. Messages keep coming.
   */
  async quiesce(): Promise<void> {
    this.telegram.pauseSends();
    this.discord?.pauseSends();
    const settled = async () => {
      const answered = new Set(this.replies().flatMap((reply) => reply.markers));
      const ids = [...this.said].filter(([index]) => answered.has(index)).map(([, { id }]) => `skein:seen:${id}`);
      if (ids.length === 0) return true;
      return (await this.admin.mget(ids)).every((state) => state === "complete");
    };
    await this.until(settled, "every message answered so far is complete in the journal", 15_000);
  }

  /** Lets the platforms accept sends again (after {@link quiesce}). */
  resumeSends(): void {
    this.telegram.resumeSends();
    this.discord?.resumeSends();
  }

  /** SIGKILLs a process (no shutdown of any kind) and resolves once it is gone. */
  async kill(member: Member): Promise<void> {
    if (isRunning(member.process)) member.process.child.kill("SIGKILL");
    await member.process.exited;
  }

  /** SIGTERMs a process and resolves with how long it took to exit (ms). */
  async terminate(member: Member): Promise<number> {
    const started = Date.now();
    await member.process.stop();
    return Date.now() - started;
  }

  /** Resolves once `condition()` holds, checking every 20 ms; fails naming `what`, with the logs. */
  async until(
    condition: () => boolean | Promise<boolean>,
    what: string,
    limitMs = 20_000,
    seen: () => string = () => "",
  ): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!(await condition())) {
      if (Date.now() > deadline)
        throw new Error(`gave up after ${limitMs} ms waiting until ${what}; ${seen()}\n${this.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Each process's log lines about partitions it gave up, lost or took over (for a failure message). */
  partitionMoves(): string {
    return this.members
      .map(
        (member) =>
          `${member.name}:\n${member.process
            .stderr()
            .split("\n")
            .filter((line) => /no longer handling|took over partitions|retrying|fell silent|"level":[56]/.test(line))
            .join("\n")}`,
      )
      .join("\n");
  }

  /** Every process's log (the last 6,000 characters of each), for a failure message. */
  log(): string {
    return this.members.map((member) => `--- ${member.name} ---\n${member.process.stderr().slice(-6_000)}`).join("\n");
  }

  async close(): Promise<void> {
    this.resumeSends();
    this.model.releaseAnswers();
    await Promise.all(this.members.map((member) => this.kill(member)));
    this.admin.disconnect();
    await Promise.all([this.telegram.close(), this.discord?.close(), this.model.close(), this.redis.stop()]);
    await rm(this.root, { recursive: true, force: true });
    await this.#release?.();
  }
}

/** A fresh redis-server (TCP for the processes, its unix socket for the test). */
async function ownRedis(): Promise<ClusterRedis & { server: RedisServer }> {
  const server = await startRedisServer({ tcp: true });
  return { server, env: { SKEIN_REDIS_URL: server.tcpUrl! }, target: { url: server.url }, stop: () => server.stop() };
}

function isRunning(process: SkeinProcess): boolean {
  return process.child.exitCode === null && process.child.signalCode === null;
}
