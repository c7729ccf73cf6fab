#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { loadConfig } from "./chunk-E3XL2VA2.js";
import { reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-MSZBOYJI.js";
import { createLogger } from "./chunk-K3B23OA7.js";
import { configSecrets } from "./chunk-KZUCDV6L.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
function formatServerLine(server, nameWidth) {
  const name = server.name.padEnd(nameWidth);
  if (server.state === "connected") {
    const count = `${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`,
      list = server.tools.length > 0 ? `: ${server.tools.join(", ")}` : "";
    return `ok       ${name}  ${server.transport ?? ""} ${count}${list}`;
  }
  return `${server.state.padEnd(8)} ${name}  ${server.error ?? ""}`;
}
async function run(options) {
  try {
    const loaded = await loadConfig({ configPath: options.config }),
      servers = loaded.config.tools.mcp_servers;
    if (Object.keys(servers).length === 0)
      return (
        await writeOut(`no MCP servers configured (add them under tools.mcp_servers in ${loaded.configPath})
`),
        0
      );
    const verbose = loaded.config.log_level === "debug" || loaded.config.log_level === "trace",
      log = await createLogger({
        level: verbose ? loaded.config.log_level : "error",
        secrets: configSecrets(loaded.config),
      }),
      { connectMcpServers } = await import("./hub-VD5KA275.js"),
      hub = await connectMcpServers({
        servers,
        registry: { register() {}, unregister: () => !1 },
        log,
        env: loaded.env,
      }),
      statuses = hub.servers();
    await hub.close();
    const nameWidth = Math.max(...statuses.map((server) => server.name.length));
    return (
      await writeOut(
        statuses
          .map(
            (server) => `${formatServerLine(server, nameWidth)}
`,
          )
          .join(""),
      ),
      statuses.some((server) => server.state === "failed") ? 1 : 0
    );
  } catch (error) {
    return reportFatal(error);
  }
}
export { formatServerLine, run };
//# sourceMappingURL=mcp-check-4LNTIVJK.js.map
