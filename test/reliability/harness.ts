import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALICE, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI, type Responder } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { type FakeChat, FakeTelegram, type FakeUser } from "../fakes/fake-telegram.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

/**
 * The world a reliability test runs in: the built CLI (`skein start`) against fake
 * Telegram (long polling), Slack (Socket Mode) and Discord, and a fake model, in one
 * temporary $SKEIN_HOME that outlives each daemon process, so a daemon can be SIGKILLed
 * and started again on the same journal and sessions.
 */
export const alice: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
export const aliceChat: FakeChat = { id: 111, type: "private" };
export const SLACK_DM = "D0ALICE";
export const SLACK_USER = "UALICE";

/** Platforms whose credentials the daemon gets. */
export type Platform = "telegram" | "slack" | "discord";

/**
 * A message's marker: every test message carries one (`m17q`), the fake model echoes it,
 * so replies can be counted per message whatever the platform made of the text.
 */
export const marker = (index: number): string => `m${index}q`;
const markerPattern = /\bm(\d+)q\b/g;

export class World {
  readonly home: string;
  readonly telegram: FakeTelegram;
  readonly slack: FakeSlack;
  readonly discord: FakeDiscord;
  readonly model: FakeOpenAI;
  daemon: SkeinProcess | undefined;
  /** Every daemon process started, for the log of a failing test. */
  readonly logs: string[] = [];

  private constructor(home: string, telegram: FakeTelegram, slack: FakeSlack, discord: FakeDiscord, model: FakeOpenAI) {
    this.home = home;
    this.telegram = telegram;
    this.slack = slack;
    this.discord = discord;
    this.model = model;
  }

  /** Whether close() removes the home (one it made itself). */
  #ownsHome = true;

  /** The fakes and a new temporary $SKEIN_HOME, or `home` (left in place by close()). */
  static async create(options: { home?: string } = {}): Promise<World> {
    const [home, telegram, slack, discord, model] = await Promise.all([
      options.home ?? mkdtemp(join(tmpdir(), "skein-reliability-")),
      FakeTelegram.start(),
      FakeSlack.start(),
      FakeDiscord.start(),
      FakeOpenAI.start(),
    ]);
    const world = new World(home, telegram, slack, discord, model);
    world.#ownsHome = options.home === undefined;
    return world;
  }

  /** Starts `skein start` with these platforms (`extraEnv` over their defaults) and resolves once it logged "skein ready". */
  async start(platforms: Platform[] = ["telegram"], extraEnv: Record<string, string> = {}): Promise<SkeinProcess> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: this.home,
      SKEIN_HOME: this.home,
      OPENAI_BASE_URL: this.model.baseUrl,
      OPENAI_API_KEY: "sk-test",
    };
    if (platforms.includes("telegram"))
      Object.assign(env, {
        TELEGRAM_BOT_TOKEN: this.telegram.token,
        TELEGRAM_API_ROOT: this.telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: String(alice.id),
      });
    if (platforms.includes("slack"))
      Object.assign(env, {
        SLACK_BOT_TOKEN: "xoxb-test",
        SLACK_APP_TOKEN: "xapp-test",
        SLACK_API_URL: this.slack.apiUrl,
        SLACK_ALLOW_FROM: SLACK_USER,
      });
    if (platforms.includes("discord"))
      Object.assign(env, {
        DISCORD_BOT_TOKEN: "test-token",
        DISCORD_API_URL: this.discord.apiUrl,
        DISCORD_ALLOW_FROM: ALICE.id,
      });
    Object.assign(env, extraEnv);
    const daemon = spawnSkein(["start"], { cwd: this.home, env });
    this.daemon = daemon;
    this.logs.push("");
    const index = this.logs.length - 1;
    daemon.child.stderr?.on("data", () => {
      this.logs[index] = daemon.stderr();
    });
    await daemon.waitFor('"msg":"skein ready"', 45_000);
    return daemon;
  }

  /** Stops the running daemon gracefully (SIGTERM); fails, with the logs, unless it exits within `limitMs`. */
  async stop(limitMs = 20_000): Promise<number | null> {
    const daemon = this.daemon;
    if (!daemon) throw new Error("no daemon is running");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the daemon did not stop within ${limitMs} ms\n${this.log()}`)),
        limitMs,
      );
    });
    try {
      return await Promise.race([daemon.stop(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILLs the running daemon (no shutdown of any kind) and waits until it is gone. */
  async kill(): Promise<void> {
    const daemon = this.daemon;
    this.daemon = undefined;
    if (!daemon) return;
    if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
    await daemon.exited;
  }

  /** A direct message from Alice on `platform`, carrying `marker(index)`. */
  say(platform: Platform, index: number, text = `message ${marker(index)}`): void {
    if (platform === "telegram") this.telegram.userMessage(aliceChat, alice, text);
    else if (platform === "slack")
      this.slack.deliverSocketEvent({
        type: "message",
        channel_type: "im",
        channel: SLACK_DM,
        user: SLACK_USER,
        text,
        ts: this.slack.nextTs(),
      });
    else this.discord.dm(text);
  }

  /** The text of every reply each platform accepted, in the order accepted. */
  replies(platform: Platform): string[] {
    // What each message finally shows: a streamed reply's first chunk is its edited preview.
    if (platform === "telegram")
      return this.telegram.sent.map(
        (sent) => this.telegram.shownText(sent.chat_id, sent.message_id) ?? sent.visibleText,
      );
    if (platform === "slack") return this.slack.messages.map((message) => message.text);
    return this.discord.sent.map((sent) => this.discord.shownText(sent.id) ?? String(sent.body.content ?? ""));
  }

  /** The marker indexes of `platform`'s accepted replies, in the order the platform accepted them. */
  replyOrder(platform: Platform): number[] {
    return this.replies(platform).flatMap((text) => [...text.matchAll(markerPattern)].map((found) => Number(found[1])));
  }

  /** How many accepted replies carry each marker index, over all platforms. */
  replyCounts(platforms: Platform[] = ["telegram", "slack", "discord"]): Map<number, number> {
    const counts = new Map<number, number>();
    for (const platform of platforms)
      for (const text of this.replies(platform))
        for (const match of new Set([...text.matchAll(markerPattern)].map((found) => Number(found[1]))))
          counts.set(match, (counts.get(match) ?? 0) + 1);
    return counts;
  }

  /** Pauses sends on every platform (see the fakes' `pauseSends`). */
  pauseSends(): void {
    this.telegram.pauseSends();
    this.slack.pauseSends();
    this.discord.pauseSends();
  }

  resumeSends(): void {
    this.telegram.resumeSends();
    this.slack.resumeSends();
    this.discord.resumeSends();
  }

  /**
   * How many deliveries and completions the journal file holds (its progress past `answered`):
   * it stops growing once the daemon has recorded every send the platforms accepted.
   */
  journalProgress(): number {
    let text: string;
    try {
      text = readFileSync(join(this.home, "state", "journal.jsonl"), "utf8");
    } catch {
      return 0;
    }
    return text.split("\n").filter((line) => /"type":"(delivered|complete)"/.test(line)).length;
  }

  /**
   * Whether the journal file records the message carrying `marker(index)` as complete: nothing of
   * it is left to send, so a SIGKILL now cannot make a restart send any of its reply again.
   */
  isComplete(index: number): boolean {
    let lines: string[];
    try {
      lines = readFileSync(join(this.home, "state", "journal.jsonl"), "utf8").split("\n");
    } catch {
      return false;
    }
    const ids = new Set(
      lines
        .filter((line) => line.startsWith('{"type":"received"') && new RegExp(`\\b${marker(index)}\\b`).test(line))
        .map((line) => (JSON.parse(line) as { message: { id: string } }).message.id),
    );
    return lines.some(
      (line) => line.startsWith('{"type":"complete"') && ids.has((JSON.parse(line) as { id: string }).id),
    );
  }

  /** Every daemon's log, for a failure message. */
  log(): string {
    return this.logs.map((text, index) => `--- daemon ${index + 1} ---\n${text}`).join("\n");
  }

  async close(): Promise<void> {
    await this.kill();
    this.resumeSends();
    this.model.releaseAnswers();
    await Promise.all([this.telegram.close(), this.slack.close(), this.discord.close(), this.model.close()]);
    if (this.#ownsHome) await rm(this.home, { recursive: true, force: true });
  }
}

/** Answers with the markers of the last user message: `answer to m3q`. */
export const markerResponder: Responder = (request) => {
  const lastUser = String(request.body.messages.findLast((message) => message.role === "user")?.content ?? "");
  const markers = [...lastUser.matchAll(markerPattern)].map((found) => found[0]);
  return { content: `answer to ${markers.join(" ")}` };
};

/**
 * Resolves once `value()` has not changed for `quietMs`, polling every 10 ms; fails naming
 * `what`, with the daemons' logs, after `limitMs`.
 */
export async function settled(
  world: World,
  value: () => number,
  what: string,
  quietMs: number,
  limitMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = value();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`gave up after ${limitMs} ms waiting until ${what}\n${world.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = value();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/** Resolves once `condition()` holds, polling every 10 ms; fails naming `what`, with the daemons' logs. */
export async function eventually(
  world: World,
  condition: () => boolean,
  what: string,
  limitMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${limitMs} ms waiting until ${what}\n${world.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
