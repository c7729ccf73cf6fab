import { configSecrets } from "../config/secrets.js";
import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

/** `skein tools`: every tool the agent can call, one line each: name, source, safety, description. */
export async function run(options: GlobalOptions & { json?: boolean }): Promise<number> {
  const [{ loadConfig }, { createLogger }, { ToolRegistry }, { registerBuiltinTools }] = await Promise.all([
    import("../config/load.js"),
    import("../log.js"),
    import("../tools/registry.js"),
    import("../tools/builtin/index.js"),
  ]);
  try {
    const { config, workspace, home, env } = await loadConfig({ configPath: options.config });
    const log = await createLogger({ level: process.env.SKEIN_LOG_LEVEL || "warn", secrets: configSecrets(config) });
    const registry = new ToolRegistry({ log, approval: config.tools.approval });
    registerBuiltinTools(registry, { config, workspace, home, log, env, listOnly: true });
    let hub: { close(): Promise<void> } | undefined;
    if (Object.keys(config.tools.mcp_servers).length > 0) {
      const { connectMcpServers } = await import("../tools/mcp/hub.js");
      hub = await connectMcpServers({ servers: config.tools.mcp_servers, registry, log, env });
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
