/**
 * `npm run bench -- --load`: hostile tool calls against the built daemon (`skein start`, Telegram on the fake
 * Bot API, a fake model), first on the machine as it is, then with busy processes on every core (4 a core by
 * default: load ~8-10 on two cores). In each phase a new attacker asks twice in a row, and each time the model's
 * answer streams in one call each of `exec_shell` with 100,000 pipes and with a 1 MB command, and `spawn`,
 * `read_file` and `web_fetch` with a 1 MB argument, in 256-character deltas as a model writes them (the second
 * turn's request carries the first's calls in its history); meanwhile Bob sends 14 DMs, 500 ms apart, and
 * `/healthz` is asked every 100 ms. Printed per phase: the daemon's event-loop delay (measured inside it by
 * bench/loop-delay-probe.mjs), the most main-thread CPU it spent between two turns of its loop (a figure the
 * load does not stretch), `/healthz`'s worst latency, Bob's answer times, the daemon's main-thread CPU over the
 * phase, and the machine's runnable threads (the instantaneous count of /proc/loadavg). This process (the
 * fakes, the probes) runs at nice -10 where it may, standing for platforms on other machines; the daemon and
 * the busy processes at nice 0, all in this process's session, as a test runner starts them (where the kernel
 * shares the CPU out by session, autogroup, the daemon's session then shares its part with the load: the
 * harsh case; `HOSTILE_SESSIONS=own` puts the daemon and each busy process in a session of its own, as a
 * service and unrelated programs would be).
 *
 * Settings: `HOSTILE_BUSY=<n>` busy processes; `HOSTILE_ONLY=quiet|load` one phase; `HOSTILE_TURNS=<n>` the
 * attacker's turns (default 2, 0 for a control without attack); `HOSTILE_DMS=<n>`; `HOSTILE_PIECE=<n>`
 * characters an argument delta (0: two halves); `HOSTILE_TOOLS=exec_shell,spawn` only
 * those calls; `HOSTILE_CLI=<path>` another build's dist/cli.js (before and after); `HOSTILE_CONFIG='<json>'`
 * the daemon's config.json (e.g. `tools.approval: "ask"` with `tools.exec.allow`); `HOSTILE_NODE_ARGS="<flags>"`
 * the daemon's node flags (`--cpu-prof --cpu-prof-dir=<dir>`; `--perf-basic-prof-only-functions` for
 * `perf record -e cpu-clock -g -p <pid>`).
 * Targets under load: event-loop delay max < 500 ms, /healthz max < 1 s, every DM answered within 5 s.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, setPriority } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { FakeOpenAI, spokenText } from "../test/fakes/fake-openai.js";
import { FakeTelegram, type FakeUser } from "../test/fakes/fake-telegram.js";
import { freePort } from "../test/support/free-port.js";
import { untilReady } from "./daemon-process.js";
import { target } from "./targets.js";

const MB = 1024 * 1024;
/** The attacker of each phase: a chat of its own, so that no phase starts with another's history. */
const attacker = (round: number): FakeUser => ({ id: 111 + round, first_name: "Alice", username: `alice${round}` });
const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };
const probe = fileURLToPath(new URL("./loop-delay-probe.mjs", import.meta.url));

/** The calls of the hostile answer: the parser-DoS command lines and 1 MB arguments to other tools. */
export const HOSTILE_CALLS = [
  { name: "exec_shell", arguments: { command: `true${" | true".repeat(100_000)}` } },
  { name: "exec_shell", arguments: { command: `echo ${"a".repeat(MB)}` } },
  { name: "spawn", arguments: { command: "echo", args: ["a".repeat(MB)] } },
  { name: "read_file", arguments: { path: "a/".repeat(MB / 2) } },
  { name: "web_fetch", arguments: { url: `https://example.com/${"a".repeat(MB)}` } },
];

/** What one phase (quiet or loaded) measured. */
export interface HostilePhase {
  busy: number;
  /** Runnable threads on the machine (the 4th field of /proc/loadavg), sampled every 100 ms. */
  runnable: { mean: number; max: number };
  /** The event loop's delay, and the most main-thread CPU time between two ticks of a 10 ms timer. */
  loop: { maxMs: number; p99Ms: number; worstCpuMs: number };
  healthzMaxMs: number;
  healthzP99Ms: number;
  /** /healthz requests that failed (refused, reset, not 200). */
  healthzFailures: number;
  /** Bob's DMs: from the update's queueing to the first sendMessage of the answer, in order. */
  dmMs: number[];
  /** The attacker's turns, each from the message to the reply after the hostile calls' results reached the model. */
  hostileTurnMs: number;
  /** The daemon's main thread's CPU time over the phase. */
  mainThreadCpuMs: number;
  /** The daemon's CPU time over the phase, all its threads (V8's garbage collection helpers, libuv's pool). */
  processCpuMs: number;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `HOSTILE_SESSIONS=own`: the daemon and each busy process in a session of its own (see the module comment). */
const ownSessions = process.env.HOSTILE_SESSIONS === "own";
/** The command prefix that starts a child at nice 0 when this process raised its own priority. */
let normalPriority: string[] = [];

/** `node <args>` at nice 0, all its threads too (a thread keeps the nice value it started with). */
function spawnNode(args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const [file, ...prefix] = [...normalPriority, process.execPath];
  return spawn(file!, [...prefix, ...args], options);
}

/** Busy processes: in this session, or each in one of its own (`HOSTILE_SESSIONS=own`). */
function busyProcesses(count: number): ChildProcess[] {
  // They stop by themselves after two minutes, should this process die without killing them.
  const busyLoop = "const end = Date.now() + 120000; while (Date.now() < end);";
  return Array.from({ length: count }, () => spawnNode(["-e", busyLoop], { stdio: "ignore", detached: ownSessions }));
}

/** User and system CPU time (ms) of a process's main thread, or of all its threads. */
async function cpuMs(pid: number, thread: "main" | "all"): Promise<number> {
  const stat = await readFile(thread === "main" ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples `sample` every `everyMs` until `stop` resolves. */
async function sampling<T>(everyMs: number, stop: Promise<unknown>, sample: () => Promise<T>): Promise<T[]> {
  const samples: T[] = [];
  let done = false;
  const end = () => {
    done = true;
  };
  stop.then(end, end);
  while (!done) {
    samples.push(await sample());
    await settle(everyMs);
  }
  return samples;
}

/** The time /healthz took to answer (or to fail: a refused or reset connection counts as an answer that long). */
async function healthzLatency(url: string): Promise<number> {
  const started = performance.now();
  const ok = await fetch(url).then(
    (response) => response.text().then(() => response.ok),
    () => false,
  );
  if (!ok) healthzFailures++;
  return performance.now() - started;
}
let healthzFailures = 0;

const runnableThreads = async () => Number((await readFile("/proc/loadavg", "utf8")).split(" ")[3]!.split("/")[0]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The start of each hostile call's result, as the model's next request carried it. */
function hostileResults(model: FakeOpenAI, calls: typeof HOSTILE_CALLS): string {
  const request = model.requests.findLast(
    (candidate) => candidate.body.messages.filter((message) => message.role === "tool").length >= calls.length,
  );
  const results = request?.body.messages.filter((message) => message.role === "tool").slice(-calls.length);
  return calls
    .map((call, index) => `    ${call.name}: ${String(results?.[index]?.content ?? "(none)").slice(0, 150)}`)
    .join("\n");
}

/** One daemon, one phase per entry of `busyCounts` (each with its own chats' turns). */
async function runPhases(cli: string, home: string, busyCounts: number[]): Promise<HostilePhase[]> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  const piece = Number(process.env.HOSTILE_PIECE ?? 256);
  const turns = Number(process.env.HOSTILE_TURNS ?? 2);
  const only = process.env.HOSTILE_TOOLS?.split(",");
  const calls = HOSTILE_CALLS.filter((call) => !only || only.includes(call.name));
  model.respondWith((request) => {
    const last = request.body.messages.at(-1);
    if (last?.role === "tool") return { content: "done" };
    const said = spokenText(last?.content);
    if (said === "hostile") return { toolCalls: calls, ...(piece > 0 ? { argumentPieces: piece } : {}) };
    // Each tool's first use loads its modules (undici for web_fetch, the guard's parser): not what is measured.
    if (said === "warm up")
      return {
        toolCalls: [
          { name: "exec_shell", arguments: { command: "true" } },
          { name: "read_file", arguments: { path: "missing.txt" } },
          { name: "web_fetch", arguments: { url: "https://example.invalid/" } },
        ],
      };
    return { content: `echo: ${said}` };
  });
  if (process.env.HOSTILE_CONFIG) await writeFile(join(home, "config.json"), process.env.HOSTILE_CONFIG);
  const port = await freePort();
  const probeFile = join(home, "loop-delay.json");
  const nodeFlags = process.env.HOSTILE_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawnNode([...nodeFlags, "--import", probe, cli, "start"], {
    detached: ownSessions,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      SKEIN_HEALTH_PORT: String(port),
      LOOP_DELAY_PROBE_FILE: probeFile,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: [bob.id, ...busyCounts.map((_, round) => attacker(round).id)].join(","),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-bench",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let busy: ChildProcess[] = [];
  // An interrupted bench ends them too (in sessions of their own, they would outlive it).
  const killAll = () => {
    for (const started of [child, ...busy]) started.kill("SIGKILL");
  };
  const interrupted = () => process.exit(130);
  process.on("exit", killAll);
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    await untilReady(child as ChildProcess & { stderr: NonNullable<ChildProcess["stderr"]> });
    console.log(`daemon pid ${child.pid}, /healthz on port ${port}`);
    const answerTo = async (user: FakeUser, text: string, marker: string) => {
      const after = telegram.calls.length;
      const queuedAt = Date.now();
      telegram.userMessage({ id: user.id, type: "private" }, user, text);
      // The answer's first post or a streamed preview's edit, whichever shows it first.
      for (let seen = after; ; await settle(20)) {
        const calls = telegram.calls.slice(seen);
        seen += calls.length;
        const shown = calls.find(
          (call) =>
            (call.method === "sendMessage" || call.method === "editMessageText") &&
            String(call.payload.chat_id) === String(user.id) &&
            String(call.payload.text).includes(marker),
        );
        if (shown) return shown.at - queuedAt;
        if (Date.now() - queuedAt > 120_000) throw new Error(`no answer to "${text}" within 120 s`);
      }
    };
    // Warm: the model's SDK, the guard's parser worker, the sandbox.
    await answerTo(bob, "warm up", "done");
    await answerTo(bob, "hello", "echo");
    const phases: HostilePhase[] = [];
    for (const [round, busyCount] of busyCounts.entries()) {
      busy = busyProcesses(busyCount);
      await settle(busyCount > 0 ? 2_000 : 0);
      child.kill("SIGUSR2");
      await settle(200);
      const cpuBefore = await cpuMs(child.pid!, "main");
      const allBefore = await cpuMs(child.pid!, "all");
      const benchCpu = process.cpuUsage();
      healthzFailures = 0;
      const started = performance.now();
      // The same attack again in the same chat: its history then carries the first one's calls.
      const hostile = (async () => {
        let total = 0;
        for (let turn = 0; turn < turns; turn++) total += await answerTo(attacker(round), "hostile", "done");
        return total;
      })();
      const dmCount = Number(process.env.HOSTILE_DMS ?? 14);
      const dms = Promise.all(
        Array.from({ length: dmCount }, async (_, index) => {
          await settle(index * 500);
          return answerTo(bob, `dm ${round}-${index}`, `dm ${round}-${index}`);
        }),
      );
      const all = Promise.all([hostile, dms]);
      const [healthz, runnable, [hostileTurnMs, dmMs]] = await Promise.all([
        sampling(100, all, () => healthzLatency(`http://127.0.0.1:${port}/healthz`)),
        sampling(100, all, runnableThreads),
        all,
      ]);
      const wallMs = performance.now() - started;
      const cpuAfter = await cpuMs(child.pid!, "main");
      const allAfter = await cpuMs(child.pid!, "all");
      const benchUsed = process.cpuUsage(benchCpu);
      const benchMs = Math.round((benchUsed.user + benchUsed.system) / 1000);
      console.log(`  (phase ${round}: this process, the fakes and probes, used ${benchMs} ms of CPU)`);
      child.kill("SIGUSR2");
      await settle(300);
      const loop = JSON.parse(await readFile(probeFile, "utf8")) as HostilePhase["loop"];
      for (const busyProcess of busy) busyProcess.kill("SIGKILL");
      busy = [];
      phases.push({
        busy: busyCount,
        runnable: {
          mean: runnable.reduce((sum, value) => sum + value, 0) / runnable.length,
          max: Math.max(...runnable),
        },
        loop,
        healthzMaxMs: Math.max(...healthz),
        healthzP99Ms: percentile(healthz, 99),
        healthzFailures,
        dmMs,
        hostileTurnMs,
        mainThreadCpuMs: cpuAfter - cpuBefore,
        processCpuMs: allAfter - allBefore,
      });
      console.log(`  (phase with ${busyCount} busy processes: ${(wallMs / 1000).toFixed(1)} s)`);
      if (round === 0) console.log(`  what the model was told:\n${hostileResults(model, calls)}`);
    }
    return phases;
  } finally {
    process.off("exit", killAll).off("SIGINT", interrupted).off("SIGTERM", interrupted);
    for (const busyProcess of busy) busyProcess.kill("SIGKILL");
    child.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  }
}

/** Runs the phases and prints their figures. */
export async function hostileLoadBench(builtCli: string, home: string): Promise<void> {
  await mkdir(home, { recursive: true });
  const cli = process.env.HOSTILE_CLI ?? builtCli;
  console.log(`daemon: ${cli}`);
  // The fakes and the probes stand for platforms on other machines: they must not queue behind the load.
  try {
    setPriority(-10);
    normalPriority = ["nice", "-n", "10"];
    console.log("this process (fakes, probes) at nice -10, the daemon and the busy processes at nice 0");
  } catch {
    console.log("this process could not raise its priority: its own delays add to the figures under load");
  }
  console.log(
    ownSessions
      ? "the daemon and each busy process in a session of its own"
      : "all in this process's session: the daemon shares its session's CPU with the busy processes",
  );
  const busyUnderLoad = Number(process.env.HOSTILE_BUSY ?? cpus().length * 4);
  const only = process.env.HOSTILE_ONLY;
  const counts = only === "load" ? [busyUnderLoad] : only === "quiet" ? [0] : [0, busyUnderLoad];
  const phases = await runPhases(cli, home, counts);
  for (const phase of phases) {
    const dms = phase.dmMs.map((ms) => (ms / 1000).toFixed(1)).join(" ");
    const late = phase.dmMs.filter((ms) => ms > 5_000).length;
    console.log(
      `${phase.busy} busy processes on ${cpus().length} cores (runnable threads mean ${phase.runnable.mean.toFixed(1)}, max ${phase.runnable.max}):`,
    );
    console.log(
      `  event-loop delay max ${phase.loop.maxMs.toFixed(0)} ms, p99 ${phase.loop.p99Ms.toFixed(0)} ms   ${target(`event-loop delay, ${phase.busy} busy`, phase.loop.maxMs, "<", 500, "ms", "max")}`,
    );
    console.log(
      `  longest work between two turns of the loop: ${phase.loop.worstCpuMs.toFixed(0)} ms of main-thread CPU   ${target(`longest work, ${phase.busy} busy`, phase.loop.worstCpuMs, "<", 50, "ms")}`,
    );
    console.log(
      `  /healthz max ${phase.healthzMaxMs.toFixed(0)} ms, p99 ${phase.healthzP99Ms.toFixed(0)} ms, ${phase.healthzFailures} failed   ${target(`/healthz, ${phase.busy} busy`, phase.healthzMaxMs, "<", 1000, "ms", "max")} ${target(`/healthz failures, ${phase.busy} busy`, phase.healthzFailures, "=", 0)}`,
    );
    console.log(
      `  Bob's ${phase.dmMs.length} DMs answered after (s): ${dms}; over 5 s: ${late}   ${target(`DMs over 5 s, ${phase.busy} busy`, late, "=", 0)}`,
    );
    console.log(
      `  the attacker's turns ${(phase.hostileTurnMs / 1000).toFixed(1)} s; daemon CPU over the phase ${phase.processCpuMs} ms, ${phase.mainThreadCpuMs} ms of it on the main thread`,
    );
  }
}
