/**
 * `npm run bench -- --soak`: the built daemon (`skein start`) as a real process, with
 * Telegram configured against the fake Bot API and an instant fake model, answering
 * 30,000 messages over 100 chats. It reports the idle RSS with Telegram configured, the
 * RSS after 1,000, 10,000 and 30,000 turns, the growth between 10,000 and 30,000, and the
 * daemon's CPU time per end-to-end turn. `SOAK_CPU_PROF=<dir>` runs the daemon with
 * `--cpu-prof` and writes its profile there.
 * Targets: RSS <= 150 MiB after 30,000 turns, growth <= 10 MiB, idle <= 80 MiB, CPU <= 1.5 ms a turn.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";

const chats = 100;
const turns = 30_000;
const checkpoints = [1_000, 10_000, 30_000];

interface ProcessReading {
  rssMiB: number;
  /** User and system CPU time of the process so far, in milliseconds. */
  cpuMs: number;
}

async function readProcess(pid: number): Promise<ProcessReading> {
  const [status, stat] = await Promise.all([
    readFile(`/proc/${pid}/status`, "utf8"),
    readFile(`/proc/${pid}/stat`, "utf8"),
  ]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: rssKb / 1024, cpuMs: (ticks * 1000) / 100 };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the soak and prints its figures; `cli` is the built `dist/cli.js`. */
export async function soak(cli: string, home: string): Promise<void> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  model.respondWith(() => ({ content: "ok" }));
  const profileDir = process.env.SOAK_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), cli, "start"],
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
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-20_000);
        if (stderr.includes('"skein ready"') || stderr.includes("skein ready")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`skein start exited with ${code}: ${stderr}`)));
    });
    await settle(1_000);
    const idle = await readProcess(child.pid!);
    console.log(`idle RSS, Telegram configured: ${idle.rssMiB.toFixed(1)} MiB   [target <= 80 MiB]`);

    const readings = new Map<number, ProcessReading>();
    let sent = 0;
    const started = Date.now();
    while (sent < turns) {
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
      sent += chats;
      await telegram.waitForSent(sent);
      if (checkpoints.includes(sent)) {
        await settle(500);
        readings.set(sent, await readProcess(child.pid!));
      }
    }
    const seconds = (Date.now() - started) / 1000;
    for (const [count, reading] of readings)
      console.log(`RSS after ${count.toLocaleString("en")} turns: ${reading.rssMiB.toFixed(1)} MiB`);
    const at10k = readings.get(10_000)!;
    const at30k = readings.get(30_000)!;
    console.log(`RSS after 30,000 turns over ${chats} chats: ${at30k.rssMiB.toFixed(1)} MiB   [target <= 150 MiB]`);
    console.log(`RSS growth 10,000 -> 30,000: ${(at30k.rssMiB - at10k.rssMiB).toFixed(1)} MiB   [target <= 10 MiB]`);
    console.log(
      `daemon CPU per end-to-end turn (fake Bot API, instant model): ${((at30k.cpuMs - at10k.cpuMs) / 20_000).toFixed(2)} ms   [target <= 1.5 ms]`,
    );
    console.log(`(${turns.toLocaleString("en")} turns in ${seconds.toFixed(0)} s)`);
  } finally {
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  }
}
