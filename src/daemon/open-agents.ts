import type { LoadedConfig } from "../config/load.js";
import type { McpServerConfig, SkeinConfig } from "../config/schema.js";
import type { Logger } from "../log.js";
import { defaultAgentId, resolveAgents } from "../routing/agent-spec.js";
import { createRouter } from "../routing/router.js";
import { toolAllowed } from "../routing/tool-allowed.js";
import type { McpHub } from "../tools/mcp/hub.js";
import { type AgentRuntimeDeps, type BuiltAgent, buildAgentRuntime } from "./agent-runtime-builder.js";
import { AgentRuntimes } from "./agent-runtimes.js";

/** The daemon's agents: the default one (built now) and, with `agents.list`, the directory of all of them. */
export interface OpenedAgents {
  /** The default agent (`main` without `agents.list`): its skills publish the command menus. */
  main: BuiltAgent;
  /** With `agents.list`: every agent, each built on its first message. */
  directory?: AgentRuntimes;
  /** The MCP servers to connect: the top-level ones, and every agent's by name. */
  mcpServers: Record<string, McpServerConfig>;
  /** Stops every built agent's skill watches. */
  close(): Promise<void>;
}

/** Whether the configuration lists agents (else the one agent `main` behaves as it always did). */
export function hasAgentList(config: SkeinConfig): boolean {
  return config.agents.list !== undefined;
}

/**
 * Builds the default agent now, and with `agents.list` the directory through which the agent loop
 * reaches the others.
 */
export async function openAgents(options: {
  loaded: Pick<LoadedConfig, "config" | "workspace" | "home">;
  deps: Omit<AgentRuntimeDeps, "routing">;
  /** Every message of these channels goes to this agent (`skein chat --agent`). */
  pinned?: { agent: string; channels: ReadonlySet<string> };
}): Promise<OpenedAgents> {
  const { loaded, deps } = options;
  const { config } = loaded;
  const specs = resolveAgents(config, { home: loaded.home });
  if (!hasAgentList(config)) {
    const [spec] = specs;
    if (!spec) throw new Error("no agent resolved from the configuration");
    const main = await buildAgentRuntime({ ...spec, workspace: loaded.workspace }, deps);
    return { main, mcpServers: config.tools.mcp_servers, close: async () => main.skills.close() };
  }
  const router = createRouter(config);
  const { pinned } = options;
  const directory = new AgentRuntimes({
    ...deps,
    specs,
    agentFor: (message) => (pinned?.channels.has(message.channel) ? pinned.agent : router.agentFor(message)),
    toolAllowed: (name, tools) => toolAllowed(name, tools),
    seed: async (workspace) => void (await (await import("./seed-workspace.js")).seedWorkspace(workspace)),
  });
  const main = await directory.built(defaultAgentId(config));
  const mcpServers: Record<string, McpServerConfig> = { ...config.tools.mcp_servers };
  for (const spec of specs)
    for (const [name, server] of Object.entries(spec.tools.mcp_servers)) mcpServers[name] ??= server;
  return {
    main,
    directory,
    mcpServers,
    close: async () => {
      for (const built of await directory.builtAgents()) built.skills.close();
    },
  };
}

/**
 * Connects the MCP servers of every agent (the module imported only when there is one), their tools
 * registered in the default agent's registry, or with `agents.list` in the directory's. Never rejects:
 * a failure is logged and the agents go on without those tools.
 */
export function connectAgentsMcp(
  agents: OpenedAgents,
  options: { log: Logger; signal: AbortSignal; env: NodeJS.ProcessEnv },
): Promise<McpHub | undefined> {
  const servers = agents.mcpServers;
  if (Object.keys(servers).length === 0) return Promise.resolve(undefined);
  const { log, signal, env } = options;
  const registry = agents.directory?.mcpTools ?? agents.main.runtime.registry;
  return import("../tools/mcp/hub.js")
    .then(({ connectMcpServers }) => connectMcpServers({ servers, registry, log, signal, env }))
    .catch((error: unknown) => {
      log.error({ err: error }, "MCP servers could not be connected");
      return undefined;
    });
}
