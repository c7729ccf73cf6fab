import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { StatusReport } from "../../src/health/health-server.js";
import { FakeOpenAI, type Responder } from "../fakes/fake-openai.js";
import { FakeTelegram } from "../fakes/fake-telegram.js";
import { takeTurn } from "../support/one-at-a-time.js";
import { type RedisServer, startRedisServer } from "../support/redis-server.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";
import { marker, markerResponder } from "./harness.js";

/**
 * Several `skein start` processes (the built CLI) in cluster mode: each with its own
 * $SKEIN_HOME (as separate machines would have), all sharing one real redis-server (TCP,
 * append-only file fsynced on every write), one fake Telegram Bot API (long polling; it
 * answers 409 to a second concurrent getUpdates, as Telegram does) and one fake model.
 * Chats are private Telegram chats whose id is also their user's id.
 */
export interface ClusterWorldOptions {
  /**
   * `bus.takeover_after` in seconds (default 5). Short, so takeovers fit in a test; but a
   * process stalled longer than this (a starved machine) loses its partitions while its turns
   * run, and their replies are sent again by the next holder.
   */
  takeoverAfterSeconds?: number;
  /** `agents.defaults.max_concurrent_turns` of every process (default: skein's). */
  maxConcurrentTurns?: number;
  /** The model's answers (default: `answer to m<n>q` for the markers of the last user message). */
  responder?: Responder;
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
  readonly #options: Required<Omit<ClusterWorldOptions, "responder">>;
  #nextHome = 1;

  private constructor(
    readonly redis: RedisServer,
    /** A command connection for the test's own looks into Redis. */
    readonly admin: Redis,
    readonly telegram: FakeTelegram,
    readonly model: FakeOpenAI,
    readonly root: string,
    options: ClusterWorldOptions,
  ) {
    this.#options = {
      takeoverAfterSeconds: options.takeoverAfterSeconds ?? 5,
      maxConcurrentTurns: options.maxConcurrentTurns ?? 8,
    };
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
    const [redis, telegram, model, root] = await Promise.all([
      startRedisServer({ tcp: true }),
      FakeTelegram.start(),
      FakeOpenAI.start(),
      mkdtemp(join(tmpdir(), "skein-cluster-")),
    ]);
    const admin = await connectRedis({ url: redis.url });
    model.respondWith(options.responder ?? markerResponder);
    return new ClusterWorld(redis, admin, telegram, model, root, options);
  }

  /** `bus.takeover_after` in milliseconds. */
  get takeoverAfterMs(): number {
    return this.#options.takeoverAfterSeconds * 1000;
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
    const config = {
      bus: { takeover_after: this.#options.takeoverAfterSeconds },
      agents: { defaults: { max_concurrent_turns: this.#options.maxConcurrentTurns } },
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
        SKEIN_REDIS_URL: this.redis.tcpUrl!,
        OPENAI_BASE_URL: this.model.baseUrl,
        OPENAI_API_KEY: "sk-test",
        TELEGRAM_BOT_TOKEN: this.telegram.token,
        TELEGRAM_API_ROOT: this.telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: "*",
        // One sendMessage per answer: the replies are counted as Telegram accepted them.
        TELEGRAM_STREAMING: "false",
      },
    });
    let port: unknown;
    try {
      ({ port } = await child.waitForLine("health endpoint listening", 30_000));
      await child.waitFor('"msg":"skein ready"', 30_000);
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
    this.telegram.userMessage(
      { id: chat, type: "private" },
      { id: chat, first_name: `User ${chat}` },
      `message ${marker(index)}`,
    );
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

  /** Messages recorded and not complete yet: the entries left in the partitions' streams (complete deletes them). */
  async unfinished(): Promise<number> {
    const pipeline = this.admin.pipeline();
    for (let partition = 0; partition < 32; partition++) pipeline.xlen(`skein:inbound:${partition}`);
    const answers = (await pipeline.exec()) ?? [];
    return answers.reduce((sum, [, length]) => sum + Number(length ?? 0), 0);
  }

  /** The process holding the Telegram polling lease (a `skein:lease:connection:*` key), if any. */
  async telegramPoller(): Promise<Member | undefined> {
    let cursor = "0";
    do {
      const [next, keys] = await this.admin.scan(cursor, "MATCH", "skein:lease:connection:*", "COUNT", 100);
      cursor = next;
      for (const key of keys.filter((name) => name.includes("telegram"))) {
        const value = await this.admin.get(key);
        const pid = Number(value?.split(":")[1]);
        const holder = this.members.find((member) => member.process.child.pid === pid);
        if (holder && isRunning(holder.process)) return holder;
      }
    } while (cursor !== "0");
    return undefined;
  }

  /**
   * Resolves once the running processes hold all 32 partitions of the chats between them,
   * each its share (32 / processes, rounded up) at most: from then on no partition moves.
   */
  async spread(limitMs = 30_000): Promise<void> {
    const running = this.running;
    const share = Math.ceil(32 / running.length);
    await this.until(
      async () => {
        const held = (await Promise.all(running.map((member) => member.status()))).map(
          (status) => status.cluster?.partitions.length ?? 0,
        );
        return held.reduce((sum, count) => sum + count, 0) === 32 && held.every((count) => count > 0 && count <= share);
      },
      "the partitions are spread over every process",
      limitMs,
    );
  }

  /**
   * Holds Telegram's sends, then waits until the journal has recorded everything Telegram
   * accepted before (no entry completes for `quietMs`): a SIGKILL then cannot fall between a
   * send Telegram accepted and its record, the one window where a resent reply is unavoidable.
   */
  async quiesce(quietMs = 400): Promise<void> {
    this.telegram.pauseSends();
    let last = await this.unfinished();
    let since = Date.now();
    const deadline = Date.now() + 15_000;
    while (Date.now() - since < quietMs) {
      if (Date.now() > deadline) throw new Error(`the journal did not settle\n${this.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = await this.unfinished();
      if (now !== last) [last, since] = [now, Date.now()];
    }
  }

  /** SIGKILLs a process (no shutdown of any kind) and resolves once it is gone. */
  async kill(member: Member): Promise<void> {
    if (isRunning(member.process)) member.process.child.kill("SIGKILL");
    await member.process.exited;
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
            .filter((line) => /no longer handling|took over partitions|retrying|"level":[56]/.test(line))
            .join("\n")}`,
      )
      .join("\n");
  }

  /** Every process's log (the last 6,000 characters of each), for a failure message. */
  log(): string {
    return this.members.map((member) => `--- ${member.name} ---\n${member.process.stderr().slice(-6_000)}`).join("\n");
  }

  async close(): Promise<void> {
    this.telegram.resumeSends();
    this.model.releaseAnswers();
    await Promise.all(this.members.map((member) => this.kill(member)));
    this.admin.disconnect();
    await Promise.all([this.telegram.close(), this.model.close(), this.redis.stop()]);
    await rm(this.root, { recursive: true, force: true });
    await this.#release?.();
  }
}

function isRunning(process: SkeinProcess): boolean {
  return process.child.exitCode === null && process.child.signalCode === null;
}
