/**
 * `npm run bench -- --soak`: the built daemon (`skein start`) as a real process, with
 * Telegram configured against the fake Bot API and an instant fake model, answering
 * 30,000 messages over 100 chats. It reports the idle RSS with Telegram configured, the
 * RSS after 1,000, 10,000 and 30,000 turns, the growth between 10,000 and 30,000, and the
 * daemon's CPU time per end-to-end turn. `SOAK_CPU_PROF=<dir>` runs the daemon with
 * `--cpu-prof` and writes its profile there; `SOAK_HEAP_SNAPSHOTS=<dir>` writes a heap
 * snapshot of the daemon there at each checkpoint (to compare what is retained);
 * `SOAK_TURNS=<n>` (a multiple of 3,000) shortens the run, its checkpoints scaled alike;
 * the daemon runs with the node flags of deploy/Dockerfile's CMD, or `SOAK_NODE_ARGS="<flags>"`
 * instead (empty for none, to see what they change).
 * Targets: RSS <= 150 MiB after 30,000 turns, growth <= 10 MiB, idle <= 80 MiB, CPU <= 1.5 ms a turn.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";
import { target } from "./targets.js";

const chats = 100;
const turns = Number(process.env.SOAK_TURNS ?? 30_000);
const checkpoints = [turns / 30, turns / 3, turns];

interface ProcessReading {
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

async function readProcess(pid: number): Promise<ProcessReading> {
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

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the daemon (started with `--heapsnapshot-signal`) for a heap snapshot and waits until it is written. */
async function takeHeapSnapshot(pid: number, dir: string): Promise<void> {
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
async function deployedNodeFlags(): Promise<string[]> {
  const dockerfile = await readFile(new URL("../deploy/Dockerfile", import.meta.url), "utf8");
  const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  return command ? (JSON.parse(command) as string[]).filter((word) => word.startsWith("--")) : [];
}

/** Queues one private message from each of `chats` users on the fake Bot API, numbered after `sent`. */
export function queueRound(telegram: FakeTelegram, chats: number, sent: number): void {
  for (let chat = 1; chat <= chats; chat++) {
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

/** Runs the soak and prints its figures; `cli` is the built `dist/cli.js`. */
export async function soak(cli: string, home: string): Promise<void> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  model.respondWith(() => ({ content: "ok" }));
  const profileDir = process.env.SOAK_CPU_PROF;
  const snapshotDir = process.env.SOAK_HEAP_SNAPSHOTS;
  const nodeFlags = process.env.SOAK_NODE_ARGS?.split(" ").filter(Boolean) ?? (await deployedNodeFlags());
  console.log(`daemon: node ${[...nodeFlags, "dist/cli.js", "start"].join(" ")}`);
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      ...(snapshotDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] : []),
      ...nodeFlags,
      cli,
      "start",
    ],
    {
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
    },
  );
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    await untilReady(child);
    console.log(
      `skein start until ready, Telegram configured: ${((performance.now() - spawnedAt) / 1000).toFixed(2)} s`,
    );
    await settle(1_000);
    const idle = await readProcess(child.pid!);
    console.log(
      `idle RSS, Telegram configured: ${idle.rssMiB.toFixed(1)} MiB   ${target("soak idle RSS", idle.rssMiB, "<=", 80, "MiB")}`,
    );

    const readings = new Map<number, ProcessReading>();
    let sent = 0;
    const started = Date.now();
    while (sent < turns) {
      queueRound(telegram, chats, sent);
      sent += chats;
      await telegram.waitForSent(sent);
      if (checkpoints.includes(sent)) {
        await settle(500);
        readings.set(sent, await readProcess(child.pid!));
        if (snapshotDir) await takeHeapSnapshot(child.pid!, snapshotDir);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    for (const [count, reading] of readings)
      console.log(`RSS after ${count.toLocaleString("en")} turns: ${reading.rssMiB.toFixed(1)} MiB`);
    const [, middle, last] = checkpoints as [number, number, number];
    const atMiddle = readings.get(middle)!;
    const atLast = readings.get(last)!;
    const label = (count: number) => count.toLocaleString("en");
    console.log(
      `RSS after ${label(last)} turns over ${chats} chats: ${atLast.rssMiB.toFixed(1)} MiB   ${target("soak RSS", atLast.rssMiB, "<=", 150, "MiB")}`,
    );
    console.log(
      `RSS growth ${label(middle)} -> ${label(last)}: ${(atLast.rssMiB - atMiddle.rssMiB).toFixed(1)} MiB   ${target("soak RSS growth", atLast.rssMiB - atMiddle.rssMiB, "<=", 10, "MiB")}`,
    );
    const perTurn = (ms: number) => (ms / (last - middle)).toFixed(2);
    console.log(
      `daemon CPU per end-to-end turn (fake Bot API, instant model): ${perTurn(atLast.cpuMs - atMiddle.cpuMs)} ms   ${target("soak CPU per turn", (atLast.cpuMs - atMiddle.cpuMs) / (last - middle), "<=", 1.5, "ms")}`,
    );
    console.log(
      `  of which the main thread: ${perTurn(atLast.mainThreadCpuMs - atMiddle.mainThreadCpuMs)} ms (the rest: V8's GC helper threads and libuv's pool)`,
    );
    const byThread = [...atLast.cpuMsByThread]
      .map(([name, ms]) => [name, ms - (atMiddle.cpuMsByThread.get(name) ?? 0)] as const)
      .filter(([, ms]) => ms > 0)
      .map(([name, ms]) => `${name} ${perTurn(ms)}`);
    console.log(`  by thread (ms a turn): ${byThread.join(", ")}`);
    console.log(`(${turns.toLocaleString("en")} turns in ${seconds.toFixed(0)} s)`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  }
}
