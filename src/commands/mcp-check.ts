import { loadConfig } from "../config/load.js";
import { configSecrets } from "../config/secrets.js";
import { createLogger } from "../log.js";
import type { McpServerStatus } from "../tools/mcp/hub.js";
import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

/** One line per server: `ok`, `failed` or `skipped`, its name, then its tools or the reason. */
export function formatServerLine(server: McpServerStatus, nameWidth: number): string {
  const name = server.name.padEnd(nameWidth);
  if (server.state === "connected") {
    const count = `${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`;
    const list = server.tools.length > 0 ? `: ${server.tools.join(", ")}` : "";
    return `ok       ${name}  ${server.transport ?? ""} ${count}${list}`;
  }
  return `${server.state.padEnd(8)} ${name}  ${server.error ?? ""}`;
}

/** `skein mcp check`: connects to each configured MCP server and reports what it offers or why it failed. */
export async function run(options: GlobalOptions): Promise<number> {
  try {
    const loaded = await loadConfig({ configPath: options.config });
    const servers = loaded.config.tools.mcp_servers;
    if (Object.keys(servers).length === 0) {
      await writeOut(`no MCP servers configured (add them under tools.mcp_servers in ${loaded.configPath})\n`);
      return 0;
    }
    // The lines below say what failed; the log adds detail only when asked for (log_level debug).
    const verbose = loaded.config.log_level === "debug" || loaded.config.log_level === "trace";
    const log = await createLogger({
      level: verbose ? loaded.config.log_level : "error",
      secrets: configSecrets(loaded.config),
    });
    const { connectMcpServers } = await import("../tools/mcp/hub.js");
    const hub = await connectMcpServers({
      servers,
      registry: { register() {}, unregister: () => false },
      log,
      env: loaded.env,
    });
    const statuses = hub.servers();
    await hub.close();
    const nameWidth = Math.max(...statuses.map((server) => server.name.length));
    await writeOut(statuses.map((server) => `${formatServerLine(server, nameWidth)}\n`).join(""));
    return statuses.some((server) => server.state === "failed") ? 1 : 0;
  } catch (error) {
    return reportFatal(error);
  }
}
