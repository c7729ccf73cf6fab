/**
 * `npm run bench -- --dashboard`: the built daemon (`skein start`, Telegram against the fake Bot
 * API, an instant fake model) twice: with `dashboard.enabled: false`, and with the dashboard on and
 * one browser logged in and listening to `/api/events`. It reports each one's idle RSS and CPU per
 * end-to-end turn (over `DASHBOARD_TURNS`, default 3,000, after 600 to warm up), and the difference.
 * Targets: <= +5 MiB idle, no measurable per-turn cost.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { get, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady, vmRssKb } from "./daemon-process.js";
import { queueRound } from "./soak.js";
import { target } from "./targets.js";

const chats = 100;
const turns = Number(process.env.DASHBOARD_TURNS ?? 3_000);
const warmup = 600;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reading {
  rssMiB: number;
  cpuMs: number;
}

async function readProcess(pid: number): Promise<Reading> {
  const [status, stat] = await Promise.all([
    readFile(`/proc/${pid}/status`, "utf8"),
    readFile(`/proc/${pid}/stat`, "utf8"),
  ]);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    rssMiB: vmRssKb(status) / 1024,
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100,
  };
}

/** One daemon run: idle RSS, then CPU per turn. */
async function measure(cli: string, home: string, enabled: boolean): Promise<{ idle: number; perTurnMs: number }> {
  await mkdir(home, { recursive: true });
  await writeFile(join(home, "config.json"), JSON.stringify({ dashboard: { enabled } }));
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  model.respondWith(() => ({ content: "ok" }));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    SKEIN_HOME: home,
    SKEIN_HEALTH_PORT: "0",
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_ALLOW_FROM: "*",
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: "sk-bench",
  };
  const child = spawn(process.execPath, [cli, "start"], { env, stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let stream: IncomingMessage | undefined;
  try {
    await untilReady(child);
    if (enabled) stream = await listen(cli, env);
    await settle(3_000);
    const idle = (await readProcess(child.pid!)).rssMiB;
    let sent = 0;
    let before: Reading | undefined;
    while (sent < warmup + turns) {
      if (sent === warmup) before = await readProcess(child.pid!);
      queueRound(telegram, chats, sent);
      sent += chats;
      await telegram.waitForSent(sent);
    }
    await settle(300);
    const after = await readProcess(child.pid!);
    return { idle, perTurnMs: (after.cpuMs - before!.cpuMs) / turns };
  } finally {
    stream?.destroy();
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  }
}

/** Logs in as `skein dashboard` says and opens the event stream (read and dropped, as a browser would). */
async function listen(cli: string, env: NodeJS.ProcessEnv): Promise<IncomingMessage> {
  const printed = execFileSync(process.execPath, [cli, "dashboard"], { env, encoding: "utf8" });
  const url = new URL(printed.split("\n").find((line) => line.includes("/login?token="))!);
  const login = await request(url.port, `${url.pathname}${url.search}`, {});
  login.resume();
  const cookie = [login.headers["set-cookie"]].flat()[0]!.split(";")[0]!;
  const stream = await request(url.port, "/api/events", { cookie });
  stream.resume();
  return stream;
}

function request(port: string, path: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    get({ host: "127.0.0.1", port: Number(port), path, headers }, resolve).on("error", reject),
  );
}

/** Runs both and prints the figures; `cli` is the built `dist/cli.js`. */
export async function dashboardBench(cli: string, home: string): Promise<void> {
  const off = await measure(cli, join(home, "off"), false);
  const on = await measure(cli, join(home, "on"), true);
  const line = (name: string, run: { idle: number; perTurnMs: number }) =>
    console.log(`${name} idle RSS ${run.idle.toFixed(1)} MiB, CPU per turn ${run.perTurnMs.toFixed(3)} ms`);
  line("dashboard.enabled false:               ", off);
  line("dashboard on, one browser on /api/events:", on);
  console.log(
    `difference: idle RSS ${(on.idle - off.idle).toFixed(1)} MiB ${target("dashboard idle RSS", on.idle - off.idle, "<=", 5, "MiB", "added")}, CPU per turn ${(on.perTurnMs - off.perTurnMs).toFixed(3)} ms [target: not measurable] (${turns} turns over ${chats} chats each)`,
  );
}
