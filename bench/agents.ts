import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { AgentLoop, type AgentLoopOptions, type TurnOutcome } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context/context.js";
import { SessionFiles } from "../src/agent/sessions/sessions.js";
import { MessageBus } from "../src/bus/message-bus.js";
import type { InboundMessage } from "../src/bus/messages.js";
import { configSchema, type SkeinConfig } from "../src/config/schema.js";
import type { ChatResponse, LlmProvider } from "../src/providers/provider.js";
import { resolveAgents } from "../src/routing/agent-spec.js";
import { createRouter, type Router } from "../src/routing/router.js";
import { ToolRegistry } from "../src/tools/registry.js";

const AGENTS = 20;
const BINDINGS = 200;
const log = pino({ level: "silent" });

/** 20 agents and 200 bindings of every kind: chats, threads, senders, teams, guilds, channels. */
export function severalAgentsConfig(): SkeinConfig {
  const ids = Array.from({ length: AGENTS }, (_, index) => `agent-${index}`);
  const kinds = [
    (n: number) => ({ channel: "slack", chat_id: `C${n}` }),
    (n: number) => ({ channel: "telegram", chat_id: String(1000 + n), thread: String(n) }),
    (n: number) => ({ sender: `U${n}` }),
    (n: number) => ({ channel: "slack", team_id: `T${n}` }),
    (n: number) => ({ channel: "discord", guild_id: `G${n}` }),
  ];
  const bindings = Array.from({ length: BINDINGS }, (_, index) => ({
    agent: ids[index % AGENTS]!,
    match: kinds[index % kinds.length]!(index),
  }));
  bindings.push({ agent: ids[1]!, match: { channel: "bench" } as never });
  return configSchema.parse({
    agents: { list: ids.map((id) => ({ id, model: `model-${id}`, tools: { deny: ["exec_shell"] } })) },
    bindings,
  });
}

/** Messages that hit every rank, and some that fall through to the default. */
function sampleMessages(count: number): InboundMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    channel: ["slack", "telegram", "discord", "bench"][index % 4]!,
    chatId: index % 3 === 0 ? `C${index % 400}` : String(1000 + (index % 400)),
    senderId: `U${index % 500}`,
    ...(index % 5 === 0 && { threadId: String(index % 300) }),
    ...(index % 7 === 0 && { teamId: `T${index % 300}` }),
    ...(index % 11 === 0 && { guildId: `G${index % 300}` }),
    text: "hi",
    isDirect: true,
    receivedAt: 0,
  }));
}

/** Nanoseconds per `agentFor`, over many messages of every shape. */
function routingCost(router: Router, messages: InboundMessage[]): number {
  let sink = 0;
  for (const message of messages) sink += router.agentFor(message).length; // warm-up
  const rounds = 20;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) for (const message of messages) sink += router.agentFor(message).length;
  const elapsed = performance.now() - started;
  if (sink === 0) throw new Error("unreachable");
  return (elapsed * 1e6) / (rounds * messages.length);
}

class InstantProvider implements LlmProvider {
  readonly name = "instant";
  async chat(): Promise<ChatResponse> {
    return { content: "ok", toolCalls: [], finishReason: "stop" };
  }
}

/**
 * Whole turns through the agent loop with an instant model, one at a time: wall time per turn and
 * CPU per turn, with the message routed first (as the daemon does with several agents) or not.
 */
function turns(home: string, router: Router | undefined): Promise<{ wall: number[]; cpuUs: number }> {
  return timedLoopTurns(home, new InstantProvider(), {}, 2_000, (message) => {
    if (router && router.agentFor(message) === "") throw new Error("unrouted");
  });
}

/** An agent loop on a `bench` channel with `provider` (and `options`), its turns timed by {@link timedTurns}. */
export async function timedLoopTurns(
  home: string,
  provider: LlmProvider,
  options: Partial<AgentLoopOptions>,
  measured: number,
  check?: (message: InboundMessage) => void,
): Promise<{ wall: number[]; cpuUs: number }> {
  const bus = new MessageBus();
  bus.registerChannel("bench", async () => undefined);
  const config = configSchema.parse({ agents: { defaults: { model: "m" } } });
  const sessions = new SessionFiles({ dir: join(home, "sessions"), log });
  const agent = new AgentLoop({
    bus,
    provider,
    registry: new ToolRegistry({ log }),
    sessions,
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    agent: config.agents.defaults,
    log,
    ...options,
  });
  agent.start();
  const result = await timedTurns(bus, agent, measured, check);
  await sessions.flush();
  await agent.stop();
  return result;
}

/**
 * Whole turns through a started agent loop whose bus has a `bench` channel, one at a time in 50 chats:
 * 300 (or `measured`, when fewer) to warm up, then `measured` timed ones: wall time per turn and CPU per
 * turn. `check` sees each message before it is published.
 */
async function timedTurns(
  bus: MessageBus,
  agent: AgentLoop,
  measured: number,
  check?: (message: InboundMessage) => void,
): Promise<{ wall: number[]; cpuUs: number }> {
  const pending = new Map<string, (outcome: TurnOutcome) => void>();
  const stop = agent.onOutcome((outcome) => pending.get(outcome.message.id)?.(outcome));
  let sequence = 0;
  const turn = (chatId: string) =>
    new Promise<TurnOutcome>((resolve) => {
      const message: InboundMessage = {
        id: `bench:${++sequence}`,
        channel: "bench",
        chatId,
        senderId: "u",
        text: "hello",
        isDirect: true,
        receivedAt: Date.now(),
      };
      check?.(message);
      pending.set(message.id, resolve);
      bus.publishInbound(message);
    });
  const warmUp = Math.min(300, measured);
  const wall: number[] = [];
  let cpu = { user: 0, system: 0 };
  for (let index = 0; index < warmUp + measured; index++) {
    if (index === warmUp) cpu = process.cpuUsage();
    const started = performance.now();
    await turn(`chat-${index % 50}`);
    if (index >= warmUp) wall.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  stop();
  return { wall, cpuUs: (used.user + used.system) / measured };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;

/** `npm run bench -- --agents`: what 20 agents and 200 bindings cost a message and a turn, against one agent. */
export async function agentsBench(home: string): Promise<void> {
  const parseStarted = performance.now();
  const config = severalAgentsConfig();
  const specs = resolveAgents(config, { home });
  const router = createRouter(config);
  console.log(
    `config with ${AGENTS} agents, ${BINDINGS} bindings: parsed, resolved and router built in ${(performance.now() - parseStarted).toFixed(1)} ms (${specs.length} agents)`,
  );
  const messages = sampleMessages(10_000);
  const single = createRouter(configSchema.parse({}));
  console.log(
    `routing per message:       ${routingCost(router, messages).toFixed(0)} ns with ${BINDINGS} bindings; ${routingCost(single, messages).toFixed(0)} ns with none (n=${20 * messages.length})`,
  );
  const results: Record<string, { wall: number[]; cpuUs: number }> = {};
  for (const round of [0, 1]) {
    results[`one-${round}`] = await turns(join(home, `one-${round}`), undefined);
    results[`many-${round}`] = await turns(join(home, `many-${round}`), router);
  }
  const fmt = (result: { wall: number[]; cpuUs: number }) =>
    `p50 ${median(result.wall).toFixed(3)} ms, p99 ${p99(result.wall).toFixed(3)} ms, CPU ${result.cpuUs.toFixed(0)} µs/turn`;
  console.log(`whole turn, one agent:     ${fmt(results["one-1"]!)} (n=2000)`);
  console.log(
    `whole turn, ${AGENTS} agents:      ${fmt(results["many-1"]!)} (n=2000)   [target: no measurable difference]`,
  );
}
