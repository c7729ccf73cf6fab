import type { AgentDirectory, AgentRuntime } from "../agent/agent-runtime.js";
import type { InboundMessage } from "../bus/messages.js";
import type { AgentSpec } from "../routing/agent-spec.js";
import type { Tool } from "../tools/tool.js";
import type { ToolSink } from "../tools/tool-sink.js";
import { type AgentRuntimeDeps, type BuiltAgent, buildAgentRuntime } from "./agent-runtime-builder.js";
import { allowedTools } from "./agent-tools.js";

export interface AgentRuntimesOptions extends Omit<AgentRuntimeDeps, "routing"> {
  /** `resolveAgents(config)`: every agent, in configuration order. */
  specs: readonly AgentSpec[];
  /** The agent of a platform message (the bindings' router). */
  agentFor(message: InboundMessage): string;
  /** Whether an agent is offered a tool (`tools.allow` / `tools.deny`). */
  toolAllowed(name: string, tools: AgentSpec["tools"]): boolean;
  /** Seeds a missing workspace like `skein init` (AGENTS.md, SOUL.md, ...), before the agent's first turn. */
  seed(workspace: string): Promise<void>;
}

/**
 * The agents of a daemon with `agents.list`. Each one is built on its first message (its workspace
 * seeded, its tools registered), so twenty agents cost nothing until they are used. The MCP servers
 * register into {@link mcpTools}, which hands each agent the tools of the servers it names.
 */
export class AgentRuntimes implements AgentDirectory {
  readonly #options: AgentRuntimesOptions;
  readonly #specs: Map<string, AgentSpec>;
  readonly #built = new Map<string, Promise<BuiltAgent>>();
  /** The MCP tools connected so far (for agents built later), by registry name. */
  readonly #mcp = new Map<string, Tool<never> | Tool>();
  /** Each built agent's MCP sink (its registry, less the servers and tools it is not offered). */
  readonly #mcpSinks = new Map<string, ToolSink>();

  constructor(options: AgentRuntimesOptions) {
    this.#options = options;
    this.#specs = new Map(options.specs.map((spec) => [spec.id, spec]));
  }

  agentFor(message: InboundMessage): string {
    if (message.agentId && this.#specs.has(message.agentId)) return message.agentId;
    const routed = this.#options.agentFor(message);
    return this.#specs.has(routed) ? routed : (this.#options.specs[0]?.id ?? routed);
  }

  ids(): readonly string[] {
    return [...this.#specs.keys()];
  }

  async runtime(id: string): Promise<AgentRuntime> {
    return (await this.built(id)).runtime;
  }

  /** An agent with its skills, built once. */
  built(id: string): Promise<BuiltAgent> {
    let built = this.#built.get(id);
    if (!built) {
      const spec = this.#specs.get(id);
      if (!spec) return Promise.reject(new Error(`there is no agent "${id}"`));
      built = this.#build(spec);
      built.catch(() => this.#built.delete(id));
      this.#built.set(id, built);
    }
    return built;
  }

  /** The agents built so far. */
  async builtAgents(): Promise<BuiltAgent[]> {
    const settled = await Promise.allSettled(this.#built.values());
    return settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  }

  /** Where the MCP servers register their tools: each agent gets those of its servers that it is offered. */
  readonly mcpTools: ToolSink = {
    register: (tool) => {
      this.#mcp.set(tool.name, tool);
      for (const sink of this.#mcpSinks.values()) sink.register(tool);
    },
    unregister: (name) => {
      const had = this.#mcp.delete(name);
      for (const sink of this.#mcpSinks.values()) sink.unregister(name);
      return had;
    },
  };

  async #build(spec: AgentSpec): Promise<BuiltAgent> {
    const options = this.#options;
    await options.seed(spec.workspace);
    const built = await buildAgentRuntime(spec, {
      ...options,
      routing: { agentFor: (message) => this.agentFor(message), toolAllowed: options.toolAllowed },
    });
    const servers = new Set(Object.keys(spec.tools.mcp_servers));
    const sink = allowedTools(
      built.runtime.registry,
      (name) => servers.has(name.split("__")[0] ?? "") && options.toolAllowed(name, spec.tools),
    );
    this.#mcpSinks.set(spec.id, sink);
    for (const tool of this.#mcp.values()) sink.register(tool);
    return built;
  }
}
