import type { BindingConfig, SkeinConfig } from "../config/schema.js";
import { type AgentHome, defaultAgentId, resolveAgents } from "./agent-spec.js";
import { describeMatch } from "./binding-warnings.js";

/** One agent as `skein config check` and `skein agents list` show it. */
export interface AgentOverview {
  id: string;
  name?: string;
  /** Whether it answers messages no binding matches. */
  isDefault: boolean;
  workspace: string;
  model: string;
  fallbacks: string[];
  tools: { allow?: string[]; deny: string[] };
  skills?: string[];
  /** Its bindings, with their place in `bindings`. */
  bindings: Array<{ index: number; match: BindingConfig["match"] }>;
}

/** Every agent with its effective workspace, model and tool lists, and its bindings. */
export function agentsOverview(config: SkeinConfig, where: AgentHome): AgentOverview[] {
  const defaultAgent = defaultAgentId(config);
  return resolveAgents(config, where).map((spec) => ({
    id: spec.id,
    ...(spec.name !== undefined && { name: spec.name }),
    isDefault: spec.id === defaultAgent,
    workspace: spec.workspace,
    model: spec.model,
    fallbacks: spec.fallbacks,
    tools: { ...(spec.tools.allow !== undefined && { allow: spec.tools.allow }), deny: spec.tools.deny },
    ...(spec.skills !== undefined && { skills: spec.skills }),
    bindings: config.bindings
      .map((binding, index) => ({ index, agent: binding.agent, match: binding.match }))
      .filter((binding) => binding.agent === spec.id)
      .map(({ index, match }) => ({ index, match })),
  }));
}

/** `allow read_file, web_*; deny exec_shell`, or `every tool`. */
export function describeToolLists(tools: AgentOverview["tools"]): string {
  const parts = [
    tools.allow === undefined ? "every tool" : `allow ${tools.allow.join(", ") || "nothing"}`,
    ...(tools.deny.length ? [`deny ${tools.deny.join(", ")}`] : []),
  ];
  return parts.join("; ");
}

/** The lines that show one agent to a person, indented under its id. */
export function overviewLines(agent: AgentOverview): string[] {
  const title = `${agent.id}${agent.name ? ` (${agent.name})` : ""}${agent.isDefault ? ", the default" : ""}`;
  const bindings = agent.bindings.map(({ index, match }) => `[${index}] ${describeMatch(match)}`);
  return [
    title,
    `  workspace: ${agent.workspace}`,
    `  model:     ${agent.model}${agent.fallbacks.length ? ` (fallbacks ${agent.fallbacks.join(", ")})` : ""}`,
    `  tools:     ${describeToolLists(agent.tools)}`,
    ...(agent.skills ? [`  skills:    ${agent.skills.join(", ") || "none"}`] : []),
    `  bindings:  ${bindings[0] ?? (agent.isDefault ? "none (answers every message no binding matches)" : "none")}`,
    ...bindings.slice(1).map((line) => `             ${line}`),
  ];
}

/** Agents that share a workspace see each other's files, notes and skills: one warning per shared workspace. */
export function sharedWorkspaceWarnings(agents: readonly AgentOverview[]): string[] {
  const byWorkspace = new Map<string, AgentOverview[]>();
  for (const agent of agents) byWorkspace.set(agent.workspace, [...(byWorkspace.get(agent.workspace) ?? []), agent]);
  return [...byWorkspace]
    .filter(([, sharing]) => sharing.length > 1)
    .map(
      ([workspace, sharing]) =>
        `agents ${sharing.map((agent) => agent.id).join(", ")} share the workspace ${workspace}: each sees the others' files, notes and skills; give each its own workspace (or leave it unset)`,
    );
}
