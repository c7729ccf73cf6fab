/**
 * `npm run bench -- --soak [--baseline=<other build's dist/cli.js>]`: the built daemon (`skein start`) as a real
 * process, with Telegram configured against the fake Bot API and an instant fake model.
 *  1. 30,000 messages over 100 chats (their histories grow to 600 messages): the idle RSS with Telegram configured,
 *     the RSS after 1,000, 10,000 and 30,000 turns, the growth between 10,000 and 30,000, and the daemon's CPU time
 *     per end-to-end turn (all of it, and its main thread's).
 *  2. The CPU per turn of chats whose histories hold 10, 100 and 1,000 messages (bench/soak-history.ts).
 * With `--baseline`, both run for that build too, side by side in one run (e.g. `git worktree add ../base <commit>`,
 * then `npm ci` there), and the targets compare the two.
 * `SOAK_CPU_PROF=<dir>` runs the daemon with `--cpu-prof` and writes its profile there; `SOAK_HEAP_SNAPSHOTS=<dir>`
 * writes a heap snapshot there at each checkpoint (to compare what is retained); `SOAK_TURNS=<n>` (a multiple of
 * 3,000) shortens part 1, its checkpoints scaled alike; the daemon runs with the node flags of deploy/Dockerfile's
 * CMD, or `SOAK_NODE_ARGS="<flags>"` instead (empty for none).
 * Targets: RSS <= 150 MiB after 30,000 turns, growth <= 5 MiB, idle <= 80 MiB, CPU <= 1.5 ms a turn; the three
 * history sizes' CPU per turn within 20% of each other; with a baseline, CPU per turn <= 50% of the baseline's.
 */

import {
  type ProcessReading,
  queueRound,
  readProcess,
  settle,
  startSoakDaemon,
  takeHeapSnapshot,
} from "./soak-daemon.js";
import { type HistoryCost, historyCosts } from "./soak-history.js";
import { target } from "./targets.js";

export { queueRound } from "./soak-daemon.js";

const chats = 100;
const turns = Number(process.env.SOAK_TURNS ?? 30_000);
const checkpoints = [turns / 30, turns / 3, turns];
const label = (count: number) => count.toLocaleString("en");

/** What the long run measured of one build. */
interface SoakFigures {
  readySeconds: number;
  idleRssMiB: number;
  rssMiB: Map<number, number>;
  growthMiB: number;
  cpuMsPerTurn: number;
  mainThreadCpuMsPerTurn: number;
  byThread: string;
  seconds: number;
}

/** Part 1 for the build `cli`. */
async function longRun(cli: string, home: string): Promise<SoakFigures> {
  const profileDir = process.env.SOAK_CPU_PROF;
  const snapshotDir = process.env.SOAK_HEAP_SNAPSHOTS;
  const spawnedAt = performance.now();
  const daemon = await startSoakDaemon(cli, home, {
    extraFlags: [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      ...(snapshotDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] : []),
    ],
  });
  try {
    const readySeconds = (performance.now() - spawnedAt) / 1000;
    await settle(1_000);
    const idle = await readProcess(daemon.pid);
    const readings = new Map<number, ProcessReading>();
    let sent = 0;
    const started = Date.now();
    while (sent < turns) {
      queueRound(daemon.telegram, chats, sent);
      sent += chats;
      await daemon.telegram.waitForSent(sent);
      if (checkpoints.includes(sent)) {
        await settle(500);
        readings.set(sent, await readProcess(daemon.pid));
        if (snapshotDir) await takeHeapSnapshot(daemon.pid, snapshotDir);
      }
    }
    const [, middle, last] = checkpoints as [number, number, number];
    const atMiddle = readings.get(middle)!;
    const atLast = readings.get(last)!;
    const perTurn = (ms: number) => ms / (last - middle);
    const byThread = [...atLast.cpuMsByThread]
      .map(([name, ms]) => [name, ms - (atMiddle.cpuMsByThread.get(name) ?? 0)] as const)
      .filter(([, ms]) => ms > 0)
      .map(([name, ms]) => `${name} ${perTurn(ms).toFixed(2)}`)
      .join(", ");
    return {
      readySeconds,
      idleRssMiB: idle.rssMiB,
      rssMiB: new Map([...readings].map(([count, reading]) => [count, reading.rssMiB])),
      growthMiB: atLast.rssMiB - atMiddle.rssMiB,
      cpuMsPerTurn: perTurn(atLast.cpuMs - atMiddle.cpuMs),
      mainThreadCpuMsPerTurn: perTurn(atLast.mainThreadCpuMs - atMiddle.mainThreadCpuMs),
      byThread,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await daemon.stop();
  }
}

function printLongRun(name: string, figures: SoakFigures): void {
  const [, middle, last] = checkpoints as [number, number, number];
  console.log(`${name}: skein start until ready, Telegram configured: ${figures.readySeconds.toFixed(2)} s`);
  console.log(`${name}: idle RSS, Telegram configured: ${figures.idleRssMiB.toFixed(1)} MiB`);
  for (const [count, rss] of figures.rssMiB)
    console.log(`${name}: RSS after ${label(count)} turns: ${rss.toFixed(1)} MiB`);
  console.log(`${name}: RSS growth ${label(middle)} -> ${label(last)}: ${figures.growthMiB.toFixed(1)} MiB`);
  console.log(
    `${name}: daemon CPU per end-to-end turn: ${figures.cpuMsPerTurn.toFixed(2)} ms (main thread ${figures.mainThreadCpuMsPerTurn.toFixed(2)} ms; by thread: ${figures.byThread}) (${label(turns)} turns in ${figures.seconds.toFixed(0)} s)`,
  );
}

function printHistoryCosts(name: string, costs: HistoryCost[]): void {
  for (const cost of costs)
    console.log(
      `${name}: CPU per turn with ${label(cost.messages)} messages of history: ${cost.cpuMs.toFixed(2)} ms (main thread ${cost.mainThreadCpuMs.toFixed(2)} ms)`,
    );
}

/** Runs the soak (and, given `baselineCli`, the same for that build) and prints its figures against the targets. */
export async function soak(cli: string, home: string, baselineCli?: string): Promise<void> {
  const { mkdtemp } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const homeFor = (name: string) => mkdtemp(join(home, `${name}-`));
  const current = await longRun(cli, await homeFor("long"));
  printLongRun("this build", current);
  const baseline = baselineCli ? await longRun(baselineCli, await homeFor("base-long")) : undefined;
  if (baseline) printLongRun("baseline", baseline);
  const costs = await historyCosts(cli, await homeFor("history"));
  printHistoryCosts("this build", costs);
  if (baselineCli) printHistoryCosts("baseline", await historyCosts(baselineCli, await homeFor("base-history")));

  const [, , last] = checkpoints as [number, number, number];
  console.log(`idle RSS   ${target("soak idle RSS", current.idleRssMiB, "<=", 80, "MiB")}`);
  console.log(`RSS after ${label(last)} turns   ${target("soak RSS", current.rssMiB.get(last)!, "<=", 150, "MiB")}`);
  console.log(`RSS growth   ${target("soak RSS growth", current.growthMiB, "<=", 5, "MiB")}`);
  console.log(`CPU per turn   ${target("soak CPU per turn", current.cpuMsPerTurn, "<=", 1.5, "ms")}`);
  const cheapest = Math.min(...costs.map((cost) => cost.cpuMs));
  const dearest = Math.max(...costs.map((cost) => cost.cpuMs));
  console.log(
    `history sizes: the dearest costs ${(dearest / cheapest).toFixed(2)}x the cheapest   ${target("soak history flatness", dearest / cheapest, "<=", 1.2, "x")}`,
  );
  if (baseline) {
    const ratio = current.cpuMsPerTurn / baseline.cpuMsPerTurn;
    console.log(
      `CPU per turn against the baseline: ${(ratio * 100).toFixed(0)}%   ${target("soak CPU against baseline", ratio * 100, "<=", 50, "%")}`,
    );
    console.log(
      `RSS growth against the baseline: ${current.growthMiB.toFixed(1)} vs ${baseline.growthMiB.toFixed(1)} MiB`,
    );
  }
}
