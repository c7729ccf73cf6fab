import { join } from "node:path";
import { implicitAgentId } from "../config/agents-schema.js";
import type { AgentDefaultsConfig, AgentEntryConfig, SkeinConfig, ToolsConfig } from "../config/schema.js";
import type { TtsConfig } from "../config/speech-schema.js";
import { mergeOverride } from "./merge-override.js";

/**
 * One agent of the daemon with its effective settings: what the runtime needs to run its
 * turns. This is the contract between the config and routing half (this room) and the
 * agent runtime:
 *
 * - {@link resolveAgents}`(config, { home })` gives every agent, in `agents.list` order
 *   (one agent `main` when there is no list);
 * - {@link defaultAgentId}`(config)` names the agent of unmatched messages;
 * - `createRouter(config).agentFor(message)` (router.ts) names the agent of a message;
 * - `toolAllowed(name, spec.tools)` (tool-allowed.ts) says whether the agent is offered a tool.
 */
export interface AgentSpec {
  /** `agents.list[].id`, or `main` without a list. */
  id: string;
  name?: string;
  /** Put before each of its answers (`agents.list[].name_prefix`). */
  namePrefix?: string;
  /**
   * Absolute; never inherited: the agent's own `workspace`, else `$SKEIN_HOME/agents/<id>/workspace`
   * (`main` without a list keeps `agents.defaults.workspace`, default `$SKEIN_HOME/workspace`).
   */
  workspace: string;
  /** Its model: its own `model`, else `agents.defaults.model` (where `SKEIN_MODEL` lands). */
  model: string;
  fallbacks: string[];
  /**
   * The top-level `tools` with the agent's `tools` laid over it: `deny` adds to the top-level
   * list; `mcp_servers` given as names keeps only those top-level servers, given as servers
   * replaces those of the same name.
   */
  tools: ToolsConfig;
  /** The skills (by name) it is offered; all when undefined. */
  skills?: string[];
  maxToolIterations: number;
  /** `agents.defaults` with the agent's overrides laid over it (`workspace` is the agent's). */
  defaults: AgentDefaultsConfig;
  /** Its spoken replies: the top-level `tts` with its own `tts` laid over it, key by key. */
  tts: TtsConfig;
}

/** Where agents' default workspaces live: `$SKEIN_HOME` (a `LoadedConfig` will do). */
export interface AgentHome {
  home: string;
}

/** The id of the agent of messages no binding matches: `agents.default`, else the first listed, else `main`. */
export function defaultAgentId(config: SkeinConfig): string {
  return config.agents.default ?? config.agents.list?.[0]?.id ?? implicitAgentId;
}

/**
 * Every agent with its effective settings. Without `agents.list` the one agent `main` has
 * exactly the settings skein had before several agents existed.
 */
export function resolveAgents(config: SkeinConfig, where: AgentHome): AgentSpec[] {
  const list = config.agents.list;
  if (!list) {
    const workspace = config.agents.defaults.workspace ?? join(where.home, "workspace");
    return [specOf(implicitAgentId, { ...config.agents.defaults, workspace }, config.tools, { tts: config.tts })];
  }
  return list.map((entry) => {
    const { id, name, name_prefix, skills, tools: toolsOverride, tts, ...overrides } = entry;
    const workspace = entry.workspace ?? join(where.home, "agents", id, "workspace");
    const defaults = { ...mergeOverride(config.agents.defaults, overrides), workspace };
    const tools = effectiveTools(config.tools, toolsOverride);
    return specOf(id, defaults, tools, {
      name,
      namePrefix: name_prefix,
      skills,
      tts: mergeOverride(config.tts, tts),
    });
  });
}

function specOf(
  id: string,
  defaults: AgentDefaultsConfig & { workspace: string },
  tools: ToolsConfig,
  shown: Pick<AgentSpec, "name" | "namePrefix" | "skills" | "tts">,
): AgentSpec {
  return {
    id,
    ...(shown.name !== undefined && { name: shown.name }),
    ...(shown.namePrefix !== undefined && { namePrefix: shown.namePrefix }),
    workspace: defaults.workspace,
    model: defaults.model,
    fallbacks: defaults.fallbacks,
    tools,
    ...(shown.skills !== undefined && { skills: shown.skills }),
    maxToolIterations: defaults.max_tool_iterations,
    defaults,
    tts: shown.tts,
  };
}

function effectiveTools(base: ToolsConfig, override: AgentEntryConfig["tools"]): ToolsConfig {
  if (!override) return base;
  const { mcp_servers, deny, ...rest } = override;
  const merged = mergeOverride(base, rest);
  merged.deny = [...new Set([...base.deny, ...(deny ?? [])])];
  if (Array.isArray(mcp_servers))
    merged.mcp_servers = Object.fromEntries(
      Object.entries(base.mcp_servers).filter(([serverName]) => mcp_servers.includes(serverName)),
    );
  else if (mcp_servers) merged.mcp_servers = { ...base.mcp_servers, ...mcp_servers };
  return merged;
}
