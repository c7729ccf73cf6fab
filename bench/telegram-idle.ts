import { type ChildProcessByStdio, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";
import { queueRound } from "./soak-daemon.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** What {@link startTelegramDaemon} adds to the operator's setup. */
export interface TelegramDaemonOptions {
  /** The built CLI (default this checkout's dist/cli.js; another build's to compare). */
  cli?: string;
  /** The Node binary to run `skein start` with (default: this one). */
  node?: string;
  /** Node flags before the CLI (default none, as an operator runs it). */
  nodeFlags?: readonly string[];
  /** Variables added to its environment. */
  environment?: NodeJS.ProcessEnv;
  /** Keys added to its config.json. */
  config?: Record<string, unknown>;
  /** Telegram user ids allowed besides "1". */
  allowFrom?: readonly string[];
}

/** A `skein start` of the built CLI with Telegram against the fake Bot API and an instant fake model. */
export interface TelegramDaemon {
  readonly child: ChildProcessByStdio<null, null, Readable>;
  readonly telegram: FakeTelegram;
  /** Sends SIGTERM, waits for the exit, closes the fakes. */
  stop(): Promise<void>;
}

/** Starts `skein start` (the built CLI) in `home` as an operator runs it. */
export async function startTelegramDaemon(home: string, options: TelegramDaemonOptions = {}): Promise<TelegramDaemon> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  model.respondWith(() => ({ content: "ok" }));
  await mkdir(home, { recursive: true });
  await writeFile(
    join(home, "config.json"),
    JSON.stringify({
      channels: { telegram: { api_root: telegram.apiRoot, allow_from: ["1", ...(options.allowFrom ?? [])] } },
      gateway: { port: 0 },
      ...options.config,
    }),
  );
  const child = spawn(options.node ?? process.execPath, [...(options.nodeFlags ?? []), options.cli ?? cli, "start"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: model.baseUrl,
      ...options.environment,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    child,
    telegram,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await telegram.close();
      await model.close();
    },
  };
}

/** What {@link telegramRss} runs. */
export interface TelegramRssOptions extends Omit<TelegramDaemonOptions, "environment" | "allowFrom"> {
  /** How long after "skein ready" the idle RSS is read (default 30 s). */
  idleMs?: number;
  /** DMs from as many users answered after the idle reading (default none). */
  answer?: number;
}

/** VmRSS of the daemon in kB: idle, and right after it answered the DMs (when asked to). */
export interface TelegramRss {
  idleKb: number;
  answeredKb?: number;
}

/**
 * `skein start` (the built CLI) with Telegram configured against the fake Bot API and an instant fake
 * model, as an operator runs it: its VmRSS `idleMs` after it logs "skein ready", then, with `answer`,
 * right after it answered one DM from each of `answer` users at once.
 */
export async function telegramRss(home: string, options: TelegramRssOptions = {}): Promise<TelegramRss> {
  const answer = options.answer ?? 0;
  // queueRound's users are 10,001, 10,002, …
  const allowFrom = Array.from({ length: answer }, (_, index) => String(10_001 + index));
  const daemon = await startTelegramDaemon(home, { ...options, allowFrom });
  const rssKb = async () => vmRssKb(await readFile(`/proc/${daemon.child.pid}/status`, "utf8"));
  try {
    await untilReady(daemon.child);
    await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 30_000));
    const idleKb = await rssKb();
    if (!answer) return { idleKb };
    queueRound(daemon.telegram, answer, 0);
    await daemon.telegram.waitForSent(answer);
    return { idleKb, answeredKb: await rssKb() };
  } finally {
    await daemon.stop();
  }
}

/** {@link telegramRss}'s idle figure alone, in kB. */
export async function telegramIdleRss(
  home: string,
  node = process.execPath,
  idleMs = 30_000,
  config: Record<string, unknown> = {},
): Promise<number> {
  return (await telegramRss(home, { node, idleMs, config })).idleKb;
}
