import { spawnSync } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { untilReady } from "./daemon-process.js";
import { startTelegramDaemon } from "./telegram-idle.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** The CPU seconds (user + system) process `pid` has used, from `/proc/<pid>/stat` (clock ticks of 10 ms). */
function cpuSeconds(stat: string): number {
  // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One start of `skein start` with Telegram: milliseconds to "skein ready" and the CPU seconds used by then. */
async function startToReady(home: string, node: string, environment: NodeJS.ProcessEnv) {
  const started = performance.now();
  const daemon = await startTelegramDaemon(home, { node, environment });
  try {
    await untilReady(daemon.child);
    const readyMs = performance.now() - started;
    return { readyMs, cpuS: cpuSeconds(await readFile(`/proc/${daemon.child.pid}/stat`, "utf8")) };
  } finally {
    await daemon.stop();
  }
}

/**
 * Node's compile cache (src/util/compile-cache.ts) on `node`: `skein --version` and a Telegram daemon's start to
 * ready with the cache warm against NODE_DISABLE_COMPILE_CACHE, runs taken in turn so that a drifting machine
 * weighs on both. The cache lives in a temporary directory of its own (TMPDIR), warmed by one run first.
 */
export async function compileCacheBench(home: string, node: string, runs = { version: 15, start: 5 }) {
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  const tmp = join(home, "tmp");
  await mkdir(tmp, { recursive: true });
  const cached = { TMPDIR: tmp };
  const uncached = { TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "1" };
  const versionMs = (environment: NodeJS.ProcessEnv) => {
    const started = performance.now();
    const result = spawnSync(node, [cli, "--version"], { env: { PATH: process.env.PATH, ...environment } });
    if (result.status !== 0) throw new Error(`skein --version failed: ${result.stderr}`);
    return performance.now() - started;
  };
  versionMs(cached);
  const versions = { cached: [] as number[], uncached: [] as number[] };
  for (let run = 0; run < runs.version; run++) {
    versions.uncached.push(versionMs(uncached));
    versions.cached.push(versionMs(cached));
  }
  await startToReady(join(home, "warm"), node, cached);
  type Start = { readyMs: number; cpuS: number };
  const starts = { cached: [] as Start[], uncached: [] as Start[] };
  for (let run = 0; run < runs.start; run++) {
    starts.uncached.push(await startToReady(join(home, `uncached-${run}`), node, uncached));
    starts.cached.push(await startToReady(join(home, `cached-${run}`), node, cached));
  }
  const ready = (key: "cached" | "uncached") => median(starts[key].map((start) => start.readyMs));
  const cpu = (key: "cached" | "uncached") => median(starts[key].map((start) => start.cpuS));
  const probe = ["-p", 'typeof require("node:module").enableCompileCache'];
  const supported = spawnSync(node, probe, { encoding: "utf8" }).stdout.trim() === "function";
  const note = supported ? "" : " (this Node has no compile cache: both alike)";
  console.log(
    `compile cache, ${version}:  skein --version median ${median(versions.cached).toFixed(0)} ms with, ${median(versions.uncached).toFixed(0)} ms without (n=${runs.version}); ` +
      `Telegram daemon to ready median ${ready("cached").toFixed(0)} ms, ${cpu("cached").toFixed(2)} CPU s with, ` +
      `${ready("uncached").toFixed(0)} ms, ${cpu("uncached").toFixed(2)} CPU s without (n=${runs.start})${note}`,
  );
}
