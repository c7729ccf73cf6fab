import { join } from "node:path";
import type { PairingStore } from "../access/pairing-store.js";
import { agentKeyPrefix, MAIN_AGENT } from "../agent/agent-runtime.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { BrowserPool } from "../browser/index.js";
import type { InboundMessage } from "../bus/messages.js";
import type { SkeinConfig } from "../config/schema.js";
import type { SandboxInEffect } from "../dashboard/dashboard-sources.js";
import type { Logger } from "../log.js";
import type { AgentSpec } from "../routing/agent-spec.js";
import { describeSandbox, type SandboxDecision } from "../sandbox/index.js";
import { registerBuiltinTools } from "../tools/builtin/index.js";
import { noteFiles } from "../tools/builtin/memory-notes.js";
import type { MemoryStore, NoteStore } from "../tools/builtin/memory-store.js";
import type { MessageTarget } from "../tools/builtin/message-targets.js";
import type { SchedulePort } from "../tools/builtin/schedule.js";
import { ToolRegistry } from "../tools/registry.js";
import type { ToolSink } from "../tools/tool-sink.js";
import type { Redactor } from "../util/redactor.js";
import { type DaemonSkills, openSkills } from "./open-skills.js";

/** What an agent's tools are built from; `skein tools` gives the same with `listOnly`. */
export interface AgentToolsDeps {
  config: SkeinConfig;
  /** `$SKEIN_HOME`. */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  /** Aborted at shutdown. */
  signal?: AbortSignal;
  /** Where the skills' secrets go once read, so that no log line or outbound text carries them. */
  redactor?: Pick<Redactor, "add">;
  /** Asks before privileged calls (`tools.approval: ask`); absent when only listing. */
  broker?: ApprovalBroker;
  /** Behind the `schedule` tool. */
  scheduler: SchedulePort;
  /** The `message` tool's "known" targets: approved senders (default: the files under `home`) ... */
  pairings?: PairingStore;
  /** ... and chats with a stored conversation (default: none). */
  sessions?: Pick<SessionStore, "hasChat">;
  /** MEMORY.md and notes of `main` in cluster mode. */
  memory?: { memory: MemoryStore; notes: NoteStore };
  /** Cluster mode: another agent's MEMORY.md and notes. */
  agentMemory?: (agent: string, workspace: string, home: string) => Promise<{ memory: MemoryStore; notes: NoteStore }>;
  /** Several agents (`agents.list`): which agent a message goes to, and which tools an agent is offered. */
  routing?: {
    agentFor(message: InboundMessage): string;
    toolAllowed(name: string, tools: AgentSpec["tools"]): boolean;
  };
  /** The daemon's browsers, one per conversation (the `browser` tool, when `tools.browser` is on). */
  browsers?: BrowserPool;
  /** Only listing them (`skein tools`): no bubblewrap probe, no move of the notes, no watches. */
  listOnly?: boolean;
}

/** One agent's tools: its registry, its skills (the `skill` tool while one is ready), its MEMORY.md store. */
export interface AgentTools {
  registry: ToolRegistry;
  skills: DaemonSkills;
  /** Where its commands run (decided once: bubblewrap, unsandboxed, or refused). */
  sandbox: SandboxDecision;
  /** Its MEMORY.md when it is not the workspace file (cluster mode). */
  memory?: MemoryStore;
}

/**
 * Registers the tools an agent is offered, as the daemon does for each agent and `skein tools` lists them:
 * the built-in tools (filtered by `tools.allow`/`tools.deny` with several agents, rooted in its workspace),
 * then its skills' `skill` tool (registered while a skill is ready). A tool the agent gets is registered here.
 */
export async function openAgentTools(spec: AgentSpec, deps: AgentToolsDeps): Promise<AgentTools> {
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
    ...(deps.broker && { approvals: deps.broker }),
  });
  const sink = routing ? allowedTools(registry, (name) => routing.toolAllowed(name, spec.tools)) : registry;
  const own = routing && !deps.listOnly ? await ownStores(spec, deps) : undefined;
  let skills: DaemonSkills | undefined;
  const { sessions } = deps;
  const { sandbox } = registerBuiltinTools(sink, {
    readOnlyBinds: () => skills?.readablePaths() ?? [],
    config,
    workspace,
    home,
    log,
    env,
    ...(deps.signal && { signal: deps.signal }),
    ...(deps.pairings && { pairings: deps.pairings }),
    ...(sessions && {
      hasConversation: (channel: string, chatId: string) =>
        // A session key of the agent starts with its prefix: `agent:<id>:<channel>:<chat>`.
        sessions.hasChat(`${agentKeyPrefix(spec.id)}${channel}`, chatId),
    }),
    scheduler: routing ? agentSchedule(deps.scheduler, spec.id) : deps.scheduler,
    ...(routing && {
      agent: { id: spec.id, routedHere: (target: MessageTarget) => routing.agentFor(chatMessage(target)) === spec.id },
    }),
    ...(deps.listOnly && { listOnly: true }),
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
    ...(deps.listOnly && { watch: false }),
  });
  const memory = own?.memory ?? deps.memory?.memory;
  return { registry, skills, sandbox, ...(memory && { memory }) };
}

/** Where commands run, in effect (the dashboard's overview): `bubblewrap`, `none` (unsandboxed) or `refused`. */
export async function sandboxInEffect(decision: SandboxDecision): Promise<SandboxInEffect> {
  const sandbox = await decision;
  if (sandbox.type === "unavailable")
    return { mode: "refused", network: "none", detail: `commands are refused: ${sandbox.reason}; ${sandbox.remedy}` };
  const { text } = describeSandbox(sandbox);
  return sandbox.type === "bwrap"
    ? { mode: "bubblewrap", network: sandbox.network, detail: text }
    : { mode: "none", network: "full", detail: text };
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

/** An agent's notes (under `$SKEIN_HOME/agents/<id>`, outside every workspace) and, clustered, its MEMORY.md. */
async function ownStores(
  spec: AgentSpec,
  deps: AgentToolsDeps,
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
