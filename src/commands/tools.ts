import { configSecrets } from "../config/secrets.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

export interface ToolsOptions extends GlobalOptions {
  json?: boolean;
  /** `--agent <id>`: the tools of this agent of `agents.list` (default: the default agent's). */
  agent?: string;
}

/**
 * `skein tools`: every tool the agent can call, one line each: name, source, safety, description. They are
 * registered by the daemon's own code (`openAgentTools`, then the MCP servers), so the list is what it offers.
 */
export async function run(options: ToolsOptions): Promise<number> {
  const [
    { loadConfig },
    { createLogger },
    { openAgentTools, allowedTools },
    { defaultAgentId, resolveAgents },
    { toolAllowed },
  ] = await Promise.all([
    import("../config/load.js"),
    import("../log.js"),
    import("../daemon/agent-tools.js"),
    import("../routing/agent-spec.js"),
    import("../routing/tool-allowed.js"),
  ]);
  try {
    const loaded = await loadConfig({ configPath: options.config });
    const { config, home, env } = loaded;
    const specs = resolveAgents(config, loaded);
    const id = options.agent ?? defaultAgentId(config);
    const spec = specs.find((candidate) => candidate.id === id);
    if (!spec) {
      fail(`tools: there is no agent "${id}" (agents: ${specs.map((candidate) => candidate.id).join(", ")})`);
      return 1;
    }
    const log = await createLogger({ level: process.env.SKEIN_LOG_LEVEL || "warn", secrets: configSecrets(config) });
    const { registry, skills } = await openAgentTools(
      config.agents.list ? spec : { ...spec, workspace: loaded.workspace },
      {
        config,
        home,
        env,
        log,
        // Only listed: nothing is scheduled from here.
        scheduler: {
          add: () => Promise.reject(new Error("listing only")),
          list: async () => [],
          remove: async () => false,
        },
        ...(config.agents.list && { routing: { agentFor: () => id, toolAllowed } }),
        listOnly: true,
      },
    );
    // The `skill` tool is registered while a skill is ready, as the daemon does before a turn.
    await skills.commands.skills();
    skills.close();
    // The agent's MCP servers (the top-level ones without agents.list), their tools filtered as the daemon does.
    const servers = spec.tools.mcp_servers;
    let hub: { close(): Promise<void> } | undefined;
    if (Object.keys(servers).length > 0) {
      const { connectMcpServers } = await import("../tools/mcp/hub.js");
      const sink = config.agents.list ? allowedTools(registry, (name) => toolAllowed(name, spec.tools)) : registry;
      hub = await connectMcpServers({ servers, registry: sink, log, env });
    }
    try {
      const tools = registry.list();
      if (options.json) {
        const listing = tools.map((tool) => ({
          name: tool.name,
          source: tool.source ?? "builtin",
          safety: tool.safety,
          description: tool.description,
        }));
        await writeOut(`${JSON.stringify(listing, null, 2)}\n`);
        return 0;
      }
      const rows = tools.map((tool) => [tool.name, tool.source ?? "builtin", tool.safety, firstLine(tool.description)]);
      const widths = [0, 1, 2].map((column) => Math.max(0, ...rows.map((row) => row[column]!.length)));
      const lines = rows.map((row) =>
        row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join("  "),
      );
      await writeOut(lines.length ? `${lines.join("\n")}\n` : "");
      process.stderr.write(
        `${tools.length} tool${tools.length === 1 ? "" : "s"}${config.tools.approval === "deny" ? ' (privileged tools are refused: tools.approval is "deny")' : ""}\n`,
      );
      return 0;
    } finally {
      await hub?.close();
    }
  } catch (error) {
    return reportFatal(error);
  }
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!.trim();
}
