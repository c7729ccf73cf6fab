import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { AgentLoop, type TurnOutcome } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context/context.js";
import { SessionFiles } from "../src/agent/sessions/sessions.js";
import { MessageBus } from "../src/bus/message-bus.js";
import type { InboundMessage } from "../src/bus/messages.js";
import { configSchema } from "../src/config/schema.js";
import type { ChatRequest, ChatResponse, LlmProvider } from "../src/providers/provider.js";
import { delegateTool } from "../src/tools/builtin/delegate.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { contentText, FakeOpenAI, type FakeRequest } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { untilReady } from "./daemon-process.js";
import { target } from "./targets.js";

/**
 * `npm run bench -- --subagents`: what sub-agents cost.
 *  1. In process, with an instant model: a parent's whole turn (wall p50/p99, CPU per turn) while no
 *     child runs, and while `--running` children (default 8) are working in the same chats
 *     [target: no measurable difference].
 *  2. The built CLI on fake Telegram: `--children` (default 50) delegations at once over `--chats`
 *     (default 20) chats, each child's model answering after `--model-ms` (default 1000; the parents'
 *     own calls after `--parent-ms`, default 0): every result delivered exactly once, the last one
 *     within 3 s of the last child's answer [target].
 * `--smoke` runs both small (a few children, 200 turns) to check the code, not to measure.
 */
export async function subagentsBench(cli: string, home: string, argv: readonly string[]): Promise<void> {
  const smoke = argv.includes("--smoke");
  const option = (name: string, fallback: number) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? Number(argv[index + 1]) : fallback;
  };
  const running = option("running", smoke ? 3 : 8);
  const turns = smoke ? 200 : 2_000;
  // Two rounds each, the first warming up: the second of each is reported.
  let idle = await parentTurns(join(home, "idle-0"), 0, turns);
  let busy = await parentTurns(join(home, "busy-0"), running, turns);
  idle = await parentTurns(join(home, "idle-1"), 0, turns);
  busy = await parentTurns(join(home, "busy-1"), running, turns);
  const fmt = (result: TurnTimes) =>
    `p50 ${median(result.wall).toFixed(3)} ms, p99 ${p99(result.wall).toFixed(3)} ms, CPU ${result.cpuUs.toFixed(0)} µs/turn`;
  console.log(`parent turn, no child:       ${fmt(idle)} (n=${turns})`);
  console.log(`parent turn, ${running} children run: ${fmt(busy)} (n=${turns})   [target: no measurable difference]`);
  const children = option("children", smoke ? 6 : 50);
  const chats = option("chats", smoke ? 3 : 20);
  const modelMs = option("model-ms", smoke ? 200 : 1_000);
  const parentMs = option("parent-ms", 0);
  const delivery = await manyChildren(cli, join(home, "cli"), { children, chats, modelMs, parentMs });
  console.log(
    `${children} children over ${chats} chats (model ${modelMs} ms): ${delivery.once}/${children} results delivered once ` +
      `(${delivery.twice} twice), the last ${delivery.afterLastChildMs.toFixed(0)} ms after the last child's answer ` +
      `${target("sub-agent results delivered once", delivery.once, "=", children)} ` +
      target("last result after the last child's answer", delivery.afterLastChildMs, "<=", 3000, "ms"),
  );
}

interface TurnTimes {
  wall: number[];
  cpuUs: number;
}

const log = pino({ level: "silent" });
const CHILD_TASK = "bench child: work until stopped";

/** The model of part 1: instant answers; a `delegate` message makes one delegate call; a child's call waits until aborted. */
class BenchProvider implements LlmProvider {
  readonly name = "bench";
  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const first = request.messages[1];
    if (first?.role === "user" && first.content === CHILD_TASK) {
      await new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    }
    const last = request.messages.at(-1);
    if (last?.role === "user" && typeof last.content === "string" && last.content.endsWith("delegate"))
      return {
        content: null,
        toolCalls: [
          {
            id: "call",
            type: "function",
            function: { name: "delegate", arguments: JSON.stringify({ task: CHILD_TASK }) },
          },
        ],
        finishReason: "tool_calls",
      };
    return { content: "ok", toolCalls: [], finishReason: "stop" };
  }
}

/** Whole parent turns, one at a time over 50 chats, while `running` children work in the first chats. */
async function parentTurns(home: string, running: number, measured: number): Promise<TurnTimes> {
  const bus = new MessageBus();
  bus.registerChannel("bench", async () => undefined);
  const config = configSchema.parse({
    agents: { defaults: { model: "m", subagents: { max_concurrent: Math.max(8, running), max_per_chat: 5 } } },
  });
  const sessions = new SessionFiles({ dir: join(home, "sessions"), log });
  const registry = new ToolRegistry({ log });
  registry.register(delegateTool({ timeoutSeconds: 600 }));
  const agent = new AgentLoop({
    bus,
    provider: new BenchProvider(),
    registry,
    sessions,
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    agent: config.agents.defaults,
    log,
  });
  agent.start();
  const pending = new Map<string, (outcome: TurnOutcome) => void>();
  agent.onOutcome((outcome) => pending.get(outcome.message.id)?.(outcome));
  let sequence = 0;
  const turn = (chatId: string, text: string) =>
    new Promise<TurnOutcome>((resolve) => {
      const message: InboundMessage = {
        id: `bench:${++sequence}`,
        channel: "bench",
        chatId,
        senderId: "u",
        text,
        isDirect: true,
        receivedAt: Date.now(),
      };
      pending.set(message.id, resolve);
      void bus.publishInbound(message);
    });
  for (let index = 0; index < running; index++) await turn(`chat-${index % 50}`, "delegate");
  if (agent.subagents.length !== running) throw new Error(`${agent.subagents.length} children run, not ${running}`);
  const wall: number[] = [];
  let cpu = process.cpuUsage();
  const warmUp = Math.min(300, measured);
  for (let index = 0; index < warmUp + measured; index++) {
    if (index === warmUp) cpu = process.cpuUsage();
    const started = performance.now();
    await turn(`chat-${index % 50}`, "hello");
    if (index >= warmUp) wall.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  await agent.stop(1_000);
  await sessions.flush();
  return { wall, cpuUs: (used.user + used.system) / measured };
}

interface ManyChildren {
  children: number;
  chats: number;
  modelMs: number;
  parentMs: number;
}

/**
 * `skein start` on fake Telegram: each chat's user asks for its share of the children in one message (one
 * delegate call each, in one model answer); every child answers after `modelMs`. Counts each child's
 * result among the replies and times the last one against the last child's answer.
 */
async function manyChildren(cli: string, home: string, options: ManyChildren) {
  const { children, chats, modelMs, parentMs } = options;
  await mkdir(home, { recursive: true });
  const config = {
    agents: { defaults: { subagents: { max_concurrent: children, max_per_chat: Math.ceil(children / chats) } } },
  };
  await writeFile(join(home, "config.json"), JSON.stringify(config));
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  let lastChildAnswer = 0;
  model.respondWith((request: FakeRequest) => {
    const messages = request.body.messages;
    const task = messages[1]?.role === "user" ? contentText(messages[1].content) : "";
    if (task.startsWith("child ")) {
      lastChildAnswer = Math.max(lastChildAnswer, Date.now() + modelMs);
      return { content: `result of ${task}`, delayMs: modelMs };
    }
    const last = messages.at(-1);
    const text = contentText(last?.content);
    const asked = /delegate (\d+) as (\d+)/.exec(text);
    if (last?.role === "user" && asked) {
      const [count, chat] = [Number(asked[1]), asked[2]];
      const calls = Array.from({ length: count }, (_, index) => ({
        id: `call_${index}`,
        name: "delegate",
        arguments: { task: `child ${chat}.${index}`, label: `c${chat}.${index}` },
      }));
      return { toolCalls: calls, delayMs: parentMs };
    }
    const result = /Its final answer:\n(result of child \S+)/.exec(text);
    return { content: result ? `relayed ${result[1]}` : "started", delayMs: parentMs };
  });
  const daemon = spawn(process.execPath, [cli, "start"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      SKEIN_HEALTH_PORT: "0",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-bench",
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: "*",
      TELEGRAM_STREAMING: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    await untilReady(daemon as typeof daemon & { stderr: NonNullable<typeof daemon.stderr> });
    for (let chat = 0; chat < chats; chat++) {
      const count = Math.floor(children / chats) + (chat < children % chats ? 1 : 0);
      const user = 10_000 + chat;
      if (count > 0)
        telegram.userMessage(
          { id: user, type: "private" },
          { id: user, first_name: "Ada" },
          `delegate ${count} as ${chat}`,
        );
    }
    const firstSeen = new Map<string, number>();
    const counts = new Map<string, number>();
    const deadline = Date.now() + 60_000 + 2 * modelMs;
    while (firstSeen.size < children && Date.now() < deadline) {
      counts.clear();
      for (const sent of telegram.sent) {
        const child = /^relayed result of child (\S+)/.exec(sent.visibleText)?.[1];
        if (!child) continue;
        counts.set(child, (counts.get(child) ?? 0) + 1);
        if (!firstSeen.has(child)) firstSeen.set(child, Date.now());
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const lastDelivery = Math.max(...firstSeen.values());
    return {
      once: [...counts.values()].filter((count) => count === 1).length,
      twice: [...counts.values()].filter((count) => count > 1).length,
      afterLastChildMs: lastDelivery - lastChildAnswer,
    };
  } finally {
    const exited = new Promise((resolve) => daemon.once("exit", resolve));
    daemon.kill("SIGTERM");
    await exited;
    await telegram.close();
    await model.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;
