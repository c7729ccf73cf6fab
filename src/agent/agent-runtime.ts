import type { InboundMessage } from "../bus/messages.js";
import { sessionKeyOf } from "../bus/messages.js";
import type { SkeinConfig } from "../config/schema.js";
import type { LlmProvider } from "../providers/provider.js";
import type { Speech } from "../speech/index.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { BudgetGuard } from "../usage/budgets.js";
import type { SkillCommandDeps } from "./commands/skill-commands.js";
import type { ContextBuilder } from "./context/context.js";
import type { TurnRunnerOptions } from "./turn/turn-contract.js";

/** The id of the one agent of a configuration without `agents.list`; its sessions keep their unprefixed keys. */
export const MAIN_AGENT = "main";

/**
 * What one agent of the daemon answers with: its own settings, model, tools, system prompt and
 * skills. The agent loop asks the {@link AgentDirectory} for the agent of each message.
 */
export interface AgentRuntime {
  readonly id: string;
  /** Display name (`agents.list[].name`). */
  readonly name?: string;
  /** Put before each of its answers (`agents.list[].name_prefix`). */
  readonly namePrefix?: string;
  /** Its workspace (absolute). */
  readonly workspace: string;
  /** Its effective `agents.defaults` (its own keys over the top-level ones). */
  readonly defaults: SkeinConfig["agents"]["defaults"];
  readonly provider: LlmProvider;
  readonly contextWindow?: TurnRunnerOptions["contextWindow"];
  readonly registry: ToolRegistry;
  readonly context: ContextBuilder;
  readonly skills?: SkillCommandDeps;
  readonly budgets?: BudgetGuard;
  readonly attachments?: TurnRunnerOptions["attachments"];
  /** Its spoken replies (`tts`, its own keys over the top level's). */
  readonly speech?: Speech;
}

/** The agents of a daemon with `agents.list`: which one a message goes to, and each one's runtime (built on first use). */
export interface AgentDirectory {
  /** The agent of a message: the one it names (a job, a background result, `skein chat --agent`), else the router's. */
  agentFor(message: InboundMessage): string;
  /** The runtime of an agent id that {@link agentFor} gave. */
  runtime(id: string): Promise<AgentRuntime>;
  /** Every agent id, in configuration order. */
  ids(): readonly string[];
}

/**
 * The session key of a message in an agent: today's `channel:chatId[:threadId]` for `main`,
 * `agent:<id>:channel:chatId[:threadId]` for any other.
 */
export function agentSessionKey(
  agent: string,
  message: Pick<InboundMessage, "channel" | "chatId" | "threadId">,
): string {
  const key = sessionKeyOf(message);
  return agent === MAIN_AGENT ? key : `${agentKeyPrefix(agent)}${key}`;
}

/** What an agent's session keys (and its other per-agent keys) start with: `agent:<id>:`, nothing for `main`. */
export function agentKeyPrefix(agent: string): string {
  return agent === MAIN_AGENT ? "" : `agent:${agent}:`;
}

/** The agent a session key belongs to. */
export function agentOfSessionKey(key: string): string {
  const match = /^agent:([^:]+):/.exec(key);
  return match?.[1] ?? MAIN_AGENT;
}

/** A session key less its agent's prefix (none for `main`): `channel:chat[:thread]`. */
export function sessionKeyWithoutAgent(key: string): string {
  return key.slice(agentKeyPrefix(agentOfSessionKey(key)).length);
}
