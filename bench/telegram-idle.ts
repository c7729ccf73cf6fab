import { type ChildProcessByStdio, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A `skein start` of the built CLI with Telegram configured against the fake Bot API. */
export interface TelegramDaemon {
  readonly child: ChildProcessByStdio<null, null, Readable>;
  /** Sends SIGTERM, waits for the exit, closes the fake. */
  stop(): Promise<void>;
}

/** What {@link startTelegramDaemon} adds to the operator's setup. */
export interface TelegramDaemonOptions {
  /** The Node binary to run it with (default: this one). */
  node?: string;
  /** Variables added to its environment. */
  environment?: NodeJS.ProcessEnv;
  /** Keys added to its config.json. */
  config?: Record<string, unknown>;
}

/** Starts `skein start` (the built CLI) in `home` as an operator runs it. */
export async function startTelegramDaemon(home: string, options: TelegramDaemonOptions = {}): Promise<TelegramDaemon> {
  const { node = process.execPath, environment = {}, config = {} } = options;
  const telegram = await FakeTelegram.start();
  await mkdir(home, { recursive: true });
  await writeFile(
    join(home, "config.json"),
    JSON.stringify({
      channels: { telegram: { api_root: telegram.apiRoot, allow_from: ["1"] } },
      gateway: { port: 0 },
      ...config,
    }),
  );
  const child = spawn(node, [cli, "start"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      ...environment,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    child,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await telegram.close();
    },
  };
}

/**
 * `skein start` (the built CLI) with Telegram configured against the fake Bot API, as an operator
 * runs it: its VmRSS `idleMs` after it logs "skein ready". `node` is the Node binary to run it with;
 * `config` adds keys to its config.json.
 */
export async function telegramIdleRss(
  home: string,
  node = process.execPath,
  idleMs = 30_000,
  config: Record<string, unknown> = {},
): Promise<number> {
  const daemon = await startTelegramDaemon(home, { node, config });
  try {
    await untilReady(daemon.child);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return vmRssKb(await readFile(`/proc/${daemon.child.pid}/status`, "utf8"));
  } finally {
    await daemon.stop();
  }
}
