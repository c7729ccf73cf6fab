import { join } from "node:path";
import type { PairingStore } from "../access/pairing-store.js";
import { type AgentRuntime, agentKeyPrefix, MAIN_AGENT } from "../agent/agent-runtime.js";
import { attachmentResolver } from "../agent/context/attachments.js";
import { ContextBuilder } from "../agent/context/context.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { BrowserPool } from "../browser/index.js";
import type { InboundMessage } from "../bus/messages.js";
import type { SkeinConfig } from "../config/schema.js";
import type { Logger } from "../log.js";
import { routerFromConfig } from "../providers/configured-router.js";
import type { ModelRouter } from "../providers/model-router.js";
import type { LlmProvider } from "../providers/provider.js";
import type { AgentSpec } from "../routing/agent-spec.js";
import type { Scheduler } from "../scheduler/scheduler.js";
import { registerBuiltinTools } from "../tools/builtin/index.js";
import { noteFiles } from "../tools/builtin/memory-notes.js";
import type { MemoryStore, NoteStore } from "../tools/builtin/memory-store.js";
import type { MessageTarget } from "../tools/builtin/message-targets.js";
import type { SchedulePort } from "../tools/builtin/schedule.js";
import { ToolRegistry } from "../tools/registry.js";
import type { ToolSink } from "../tools/tool-sink.js";
import { BudgetGuard } from "../usage/budgets.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { Redactor } from "../util/redactor.js";
import { type DaemonSkills, openSkills } from "./open-skills.js";

/** What every agent's runtime is built from: the daemon's shared parts. */
export interface AgentRuntimeDeps {
  config: SkeinConfig;
  /** `$SKEIN_HOME`. */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  /** Aborted at shutdown. */
  signal: AbortSignal;
  /** Where the skills' secrets go once read, so that no log line or outbound text carries them. */
  redactor?: Pick<Redactor, "add">;
  broker: ApprovalBroker;
  scheduler: Scheduler;
  pairings: PairingStore;
  sessions: Pick<SessionStore, "hasChat">;
  ledger: UsageLedger;
  now: () => number;
  /** The model injected by the caller (tests), else undefined: each agent's router is used. */
  provider?: LlmProvider;
  /** The router of `agents.defaults` (absent with an injected provider): shared by agents with the same fallbacks. */
  router?: ModelRouter;
  /** MEMORY.md and notes of `main` in cluster mode. */
  memory?: { memory: MemoryStore; notes: NoteStore };
  /** Cluster mode: another agent's MEMORY.md and notes. */
  agentMemory?: (agent: string, workspace: string, home: string) => Promise<{ memory: MemoryStore; notes: NoteStore }>;
  /** The daemon's browsers, one per conversation (the `browser` tool, when `tools.browser` is on). */
  browsers?: BrowserPool;
  /** How an attachment of a message is fetched (its channel's). */
  fetchFor: Parameters<typeof attachmentResolver>[0]["fetchFor"];
  /**
   * Several agents (`agents.list`): whether the bindings route a message to an agent, and which tools
   * an agent is offered. Without it the agent is the one `main` of today.
   */
  routing?: {
    agentFor(message: InboundMessage): string;
    toolAllowed(name: string, tools: AgentSpec["tools"]): boolean;
  };
}

/** An agent's runtime, with its skills (menus, closing). */
export interface BuiltAgent {
  runtime: AgentRuntime;
  skills: DaemonSkills;
}

/**
 * Builds one agent: its tool registry (filtered by `tools.allow`/`tools.deny`, its file tools and
 * sandbox rooted in its own workspace), its skills, its system prompt, its model router and budgets.
 * With several agents, the scheduled jobs, message targets and notes of its tools are its own.
 */
export async function buildAgentRuntime(spec: AgentSpec, deps: AgentRuntimeDeps): Promise<BuiltAgent> {
  const { home, env, log, routing } = deps;
  const { workspace } = spec;
  const config: SkeinConfig = {
    ...deps.config,
    tools: spec.tools,
    agents: { ...deps.config.agents, defaults: spec.defaults },
  };
  const registry = new ToolRegistry({
    log,
    approval: spec.tools.approval,
    approvalRequired: spec.tools.approval_required,
    approvals: deps.broker,
  });
  const sink = routing ? allowedTools(registry, (name) => routing.toolAllowed(name, spec.tools)) : registry;
  const own = routing ? await ownStores(spec, deps) : undefined;
  let skills: DaemonSkills | undefined;
  registerBuiltinTools(sink, {
    readOnlyBinds: () => skills?.readablePaths() ?? [],
    config,
    workspace,
    home,
    log,
    env,
    signal: deps.signal,
    pairings: deps.pairings,
    hasConversation: (channel, chatId) =>
      // A session key of the agent starts with its prefix: `agent:<id>:<channel>:<chat>`.
      deps.sessions.hasChat(`${agentKeyPrefix(spec.id)}${channel}`, chatId),
    scheduler: routing ? agentSchedule(deps.scheduler, spec.id) : deps.scheduler,
    ...(routing && {
      agent: { id: spec.id, routedHere: (target: MessageTarget) => routing.agentFor(chatMessage(target)) === spec.id },
    }),
    ...(own ?? deps.memory),
    ...(deps.browsers && { browsers: deps.browsers }),
  });
  skills = openSkills({
    config,
    workspace,
    home,
    env,
    registry: sink,
    log,
    ...(deps.redactor && { redactor: deps.redactor }),
    ...(spec.skills && { only: spec.skills }),
  });
  const router = deps.provider ? undefined : routerOf(spec, config, deps);
  const memory = own?.memory ?? deps.memory?.memory;
  const runtime: AgentRuntime = {
    id: spec.id,
    ...(spec.name && { name: spec.name }),
    ...(spec.namePrefix && { namePrefix: spec.namePrefix }),
    workspace,
    defaults: spec.defaults,
    provider: deps.provider ?? router!,
    ...(router && { contextWindow: (model: string) => router.contextWindow(model) }),
    registry,
    context: new ContextBuilder({ workspace, log, ...(memory && { memory }), blocks: [skills.section] }),
    skills: skills.commands,
    budgets: new BudgetGuard({
      limits: spec.defaults.budgets,
      ledger: deps.ledger,
      log,
      ...(routing && { agent: spec.id }),
    }),
    attachments: attachmentResolver({ workspace, config, log, fetchFor: deps.fetchFor }),
  };
  return { runtime, skills };
}

/** Registers only the tools the agent is offered. */
export function allowedTools(registry: ToolSink, allowed: (name: string) => boolean): ToolSink {
  return {
    register: (tool) => {
      if (allowed(tool.name)) registry.register(tool);
    },
    unregister: (name) => registry.unregister(name),
  };
}

/** The agents.defaults router when the agent's fallbacks are the same, else its own (cooldowns apart). */
function routerOf(spec: AgentSpec, config: SkeinConfig, deps: AgentRuntimeDeps): ModelRouter {
  const same = JSON.stringify(spec.defaults.fallbacks) === JSON.stringify(deps.config.agents.defaults.fallbacks);
  if (same && deps.router) return deps.router;
  return routerFromConfig({ config, log: deps.log, now: deps.now });
}

/** An agent's notes (under `$SKEIN_HOME/agents/<id>`, outside every workspace) and, clustered, its MEMORY.md. */
async function ownStores(
  spec: AgentSpec,
  deps: AgentRuntimeDeps,
): Promise<{ memory?: MemoryStore; notes: NoteStore } | undefined> {
  if (spec.id === MAIN_AGENT) return deps.memory;
  const agentHome = join(deps.home, "agents", spec.id);
  if (deps.agentMemory) return deps.agentMemory(spec.id, spec.workspace, agentHome);
  return { notes: noteFiles({ workspace: spec.workspace, home: agentHome, migrate: false }) };
}

/** The scheduler as one agent's `schedule` tool sees it: its jobs only, each firing in it. */
export function agentSchedule(scheduler: SchedulePort, agent: string): SchedulePort {
  const mine = (job: { agent?: string }) => (job.agent ?? MAIN_AGENT) === agent;
  return {
    add: (job) => scheduler.add({ ...job, agent }),
    list: async (chat) => (await scheduler.list(chat)).filter(mine),
    remove: async (id, chat) =>
      (await scheduler.list(chat)).some((job) => job.id === id && mine(job)) && scheduler.remove(id, chat),
  };
}

/** A chat as the router sees a message from it (for a target: no sender but the chat, no team, no thread). */
function chatMessage(target: MessageTarget): InboundMessage {
  return {
    id: "",
    channel: target.channel,
    chatId: target.chatId,
    senderId: target.chatId,
    text: "",
    isDirect: false,
    receivedAt: 0,
  };
}
