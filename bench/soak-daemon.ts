/**
 * The soak's daemon: a built `skein start` with Telegram configured against the fake Bot API and an
 * instant fake model, run with the node flags it is deployed with, and what the soak reads of it from `/proc`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";

export interface ProcessReading {
  rssMiB: number;
  /** CPU time by thread name (V8's workers, libuv's pool, ...), in milliseconds. */
  cpuMsByThread: Map<string, number>;
  /** User and system CPU time of the process so far, in milliseconds. */
  cpuMs: number;
  /** The part of it spent on the main thread (JavaScript); the rest is V8's GC helpers and libuv's pool. */
  mainThreadCpuMs: number;
}

/** User and system CPU time in a `/proc/.../stat` file, in milliseconds. */
function cpuMsIn(stat: string): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export async function readProcess(pid: number): Promise<ProcessReading> {
  const [status, stat, mainThread] = await Promise.all([
    readFile(`/proc/${pid}/status`, "utf8"),
    readFile(`/proc/${pid}/stat`, "utf8"),
    readFile(`/proc/${pid}/task/${pid}/stat`, "utf8"),
  ]);
  const rssKb = vmRssKb(status);
  const cpuMsByThread = new Map<string, number>();
  for (const thread of await readdir(`/proc/${pid}/task`)) {
    const threadStat = await readFile(`/proc/${pid}/task/${thread}/stat`, "utf8").catch(() => undefined);
    if (!threadStat) continue;
    const name = `${threadStat.slice(threadStat.indexOf("(") + 1, threadStat.lastIndexOf(")"))}#${thread}`;
    cpuMsByThread.set(name, (cpuMsByThread.get(name) ?? 0) + cpuMsIn(threadStat));
  }
  return { rssMiB: rssKb / 1024, cpuMsByThread, cpuMs: cpuMsIn(stat), mainThreadCpuMs: cpuMsIn(mainThread) };
}

export const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the daemon (started with `--heapsnapshot-signal`) for a heap snapshot and waits until it is written. */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<void> {
  const before = new Set(await readdir(dir));
  process.kill(pid, "SIGUSR2");
  let size = -1;
  for (;;) {
    await settle(1_000);
    const written = (await readdir(dir)).find((name) => !before.has(name) && name.endsWith(".heapsnapshot"));
    if (!written) continue;
    const now = (await stat(join(dir, written))).size;
    if (now > 0 && now === size) return;
    size = now;
  }
}

/**
 * The node flags deploy/Dockerfile (and the systemd unit) start the daemon with, so that the
 * soak measures the daemon as it is deployed.
 */
export async function deployedNodeFlags(): Promise<string[]> {
  const dockerfile = await readFile(new URL("../deploy/Dockerfile", import.meta.url), "utf8");
  const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  return command ? (JSON.parse(command) as string[]).filter((word) => word.startsWith("--")) : [];
}

/** Queues one private message from each of `count` users (from `first`) on the fake Bot API, numbered after `sent`. */
export function queueRound(telegram: FakeTelegram, count: number, sent: number, first = 1): void {
  for (let chat = first; chat < first + count; chat++) {
    const user = { id: 10_000 + chat, is_bot: false, first_name: `User${chat}` };
    telegram.queueUpdate({
      message: {
        message_id: sent + chat,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: "private", first_name: user.first_name },
        from: user,
        text: `message ${sent + chat}`,
      },
    });
  }
}

/** A running soak daemon and its fakes. */
export interface SoakDaemon {
  telegram: FakeTelegram;
  pid: number;
  /** Stops the daemon (SIGTERM) and the fakes. */
  stop(): Promise<void>;
}

export interface SoakDaemonOptions {
  /** Node flags (default: the deployed ones, or `SOAK_NODE_ARGS`). */
  nodeFlags?: string[];
  /** More flags before them (a profiler's). */
  extraFlags?: string[];
}

/** Starts the built daemon `cli` with `home` as `$SKEIN_HOME`; resolves once it is ready. */
export async function startSoakDaemon(cli: string, home: string, options: SoakDaemonOptions = {}): Promise<SoakDaemon> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  model.respondWith(() => ({ content: "ok" }));
  const nodeFlags =
    options.nodeFlags ?? process.env.SOAK_NODE_ARGS?.split(" ").filter(Boolean) ?? (await deployedNodeFlags());
  const child = spawn(process.execPath, [...(options.extraFlags ?? []), ...nodeFlags, cli, "start"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: "*",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-bench",
    },
    stdio: ["ignore", "ignore", "pipe"],
  }) as ChildProcess & { stderr: Readable };
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  };
  try {
    await untilReady(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { telegram, pid: child.pid!, stop };
}
