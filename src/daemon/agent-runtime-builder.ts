import type { PairingStore } from "../access/pairing-store.js";
import type { AgentRuntime } from "../agent/agent-runtime.js";
import { attachmentResolver } from "../agent/context/attachments.js";
import { ContextBuilder } from "../agent/context/context.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { SkeinConfig } from "../config/schema.js";
import { routerFromConfig } from "../providers/configured-router.js";
import type { ModelRouter } from "../providers/model-router.js";
import type { LlmProvider } from "../providers/provider.js";
import type { AgentSpec } from "../routing/agent-spec.js";
import type { SandboxDecision } from "../sandbox/index.js";
import type { Scheduler } from "../scheduler/scheduler.js";
import { createSpeech } from "../speech/index.js";
import { BudgetGuard } from "../usage/budgets.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { Redactor } from "../util/redactor.js";
import { type AgentToolsDeps, openAgentTools } from "./agent-tools.js";
import type { DaemonSkills } from "./open-skills.js";

/**
 * What every agent's runtime is built from: the daemon's shared parts (with {@link AgentToolsDeps}'s
 * `routing`, several agents: whether the bindings route a message to an agent, which tools it is offered).
 */
export interface AgentRuntimeDeps extends AgentToolsDeps {
  /** Aborted at shutdown. */
  signal: AbortSignal;
  /** Where the skills' secrets go once read, so that no log line, outbound text or spoken reply carries them. */
  redactor?: Pick<Redactor, "add" | "redact">;
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
  /** How an attachment of a message is fetched (its channel's). */
  fetchFor: Parameters<typeof attachmentResolver>[0]["fetchFor"];
}

/** An agent's runtime, with its skills (menus, closing). */
export interface BuiltAgent {
  runtime: AgentRuntime;
  skills: DaemonSkills;
  /** Where its commands run. */
  sandbox: SandboxDecision;
}

/**
 * Builds one agent: its tool registry (filtered by `tools.allow`/`tools.deny`, its file tools and
 * sandbox rooted in its own workspace), its skills, its system prompt, its model router and budgets.
 * With several agents, the scheduled jobs, message targets and notes of its tools are its own.
 */
export async function buildAgentRuntime(spec: AgentSpec, deps: AgentRuntimeDeps): Promise<BuiltAgent> {
  const { log, routing } = deps;
  const { workspace } = spec;
  const config: SkeinConfig = {
    ...deps.config,
    tools: spec.tools,
    agents: { ...deps.config.agents, defaults: spec.defaults },
  };
  const { registry, skills, memory, sandbox } = await openAgentTools(spec, deps);
  const router = deps.provider ? undefined : routerOf(spec, config, deps);
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
    speech: createSpeech({
      settings: spec.tts,
      // The config names only providers it has (checked at load).
      provider: config.providers[spec.tts.provider] ?? config.providers.openai,
      ...(deps.redactor && { redact: (text: string) => deps.redactor!.redact(text) }),
    }),
  };
  return { runtime, skills, sandbox };
}

/** The agents.defaults router when the agent's fallbacks are the same, else its own (cooldowns apart). */
function routerOf(spec: AgentSpec, config: SkeinConfig, deps: AgentRuntimeDeps): ModelRouter {
  const same = JSON.stringify(spec.defaults.fallbacks) === JSON.stringify(deps.config.agents.defaults.fallbacks);
  if (same && deps.router) return deps.router;
  return routerFromConfig({ config, log: deps.log, now: deps.now });
}
