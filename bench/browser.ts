import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { type BrowserAction, BrowserPool, type BrowserProfile, findChromium } from "../src/browser/index.js";
import { commandEnvironment, resolveSandbox } from "../src/sandbox/index.js";
import { startTestSite } from "../test/browser/test-pages.js";
import { telegramIdleRss } from "./telegram-idle.js";

/** The browser bench's sizes: `npm run bench -- --browser` (the smoke run of the tests uses small ones). */
export interface BrowserBenchSizes {
  /** Later navigate + snapshot rounds, after the first (which starts Chromium). */
  rounds: number;
  /** How long each daemon idles before its RSS is read. */
  idleMs: number;
  /** Daemons per setting for the idle RSS (the median is reported). */
  daemons: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/**
 * The summed proportional set size (kB, `Pss` of `/proc/<pid>/smaps_rollup`: shared pages split among the processes
 * sharing them, so the sum is what the browser costs) of every process whose command line names `profile`.
 */
async function browserPssKb(profile: string): Promise<number> {
  let total = 0;
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (!commandLine.includes(profile)) continue;
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => "");
    total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  return total;
}

/**
 * `npm run bench -- --browser`: (1) the idle daemon's RSS with the browser on (Chromium found) and switched off,
 * which should not differ: nothing of the browser loads until a conversation uses it [target: no measurable
 * difference]; (2) one conversation's first `navigate` + `snapshot` (Chromium's start in the sandbox included) and
 * the later ones, on a page of a loopback site, through the browser room as the `browser` tool drives it, with the
 * daemon's CPU for them and the browser's memory.
 */
export async function browserBench(home: string, sizes: BrowserBenchSizes): Promise<void> {
  const executable = findChromium(undefined);
  if (!executable) {
    console.log("browser bench skipped: no Chromium found (apt-get install chromium)");
    return;
  }
  const idle = async (name: string, browser: Record<string, unknown>) => {
    const rss: number[] = [];
    for (let run = 0; run < sizes.daemons; run++)
      rss.push(
        await telegramIdleRss(join(home, `${name}-${run}`), process.execPath, sizes.idleMs, { tools: { browser } }),
      );
    return median(rss) / 1024;
  };
  const on = await idle("browser-on", { executable });
  const off = await idle("browser-off", { enabled: false });
  console.log(
    `idle RSS, browser on:      ${on.toFixed(1)} MiB  (off: ${off.toFixed(1)} MiB, median of ${sizes.daemons})   [target: no measurable difference]`,
  );

  const site = await startTestSite();
  const workspace = join(home, "browser-workspace");
  await mkdir(workspace, { recursive: true });
  const pool = new BrowserPool({ home, maxOpen: 1, log: pino({ level: "silent" }) });
  const profile: BrowserProfile = {
    workspace,
    sandbox: resolveSandbox({ mode: "auto", workspace }),
    env: commandEnvironment(process.env, {}),
    settings: {
      executable,
      headless: true,
      timeoutMs: 30_000,
      idleTimeoutMs: 600_000,
      allowPrivate: true,
      evaluate: false,
    },
  };
  const act = (action: BrowserAction) => pool.act("bench:1", profile, action);
  const round = async (path: string) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await act({ action: "navigate", url: `${site.url}${path}` });
    await act({ action: "snapshot" });
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  };
  try {
    const first = await round("/");
    const later: Array<{ ms: number; cpuMs: number }> = [];
    for (let index = 0; index < sizes.rounds; index++) later.push(await round(index % 2 ? "/" : "/next"));
    const folder = pool.list()[0] && (await readdir(join(home, "browser")))[0];
    const pss = folder ? (await browserPssKb(join(home, "browser", folder))) / 1024 : Number.NaN;
    const times = later.map((sample) => sample.ms);
    console.log(
      `browser, first navigate+snapshot: ${first.ms.toFixed(0)} ms (Chromium's start included; daemon CPU ${first.cpuMs.toFixed(0)} ms)`,
    );
    console.log(
      `browser, later navigate+snapshot: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms ` +
        `(n=${times.length}; daemon CPU p50 ${median(later.map((sample) => sample.cpuMs)).toFixed(1)} ms); ` +
        `the browser's processes: ${pss.toFixed(0)} MiB (PSS)`,
    );
  } finally {
    await pool.closeAll();
    await site.close();
  }
}
