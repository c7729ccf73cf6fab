#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import { configSecrets } from "./chunk-KZUCDV6L.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
async function run(options) {
  const [{ loadConfig }, { createLogger }, { ToolRegistry }, { registerBuiltinTools }] = await Promise.all([
    import("./load-FF7I6U4A.js"),
    import("./log-OCSMXS2Z.js"),
    import("./registry-MZ4RRH4R.js"),
    import("./builtin-W4EXNWQ3.js"),
  ]);
  try {
    const { config, workspace, home, env } = await loadConfig({ configPath: options.config }),
      log = await createLogger({ level: process.env.SKEIN_LOG_LEVEL || "warn", secrets: configSecrets(config) }),
      registry = new ToolRegistry({ log, approval: config.tools.approval });
    registerBuiltinTools(registry, { config, workspace, home, log, env, listOnly: !0 });
    let hub;
    if (Object.keys(config.tools.mcp_servers).length > 0) {
      const { connectMcpServers } = await import("./hub-VD5KA275.js");
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
        return (
          await writeOut(`${JSON.stringify(listing, null, 2)}
`),
          0
        );
      }
      const rows = tools.map((tool) => [tool.name, tool.source ?? "builtin", tool.safety, firstLine(tool.description)]),
        widths = [0, 1, 2].map((column) => Math.max(0, ...rows.map((row) => row[column].length))),
        lines = rows.map((row) =>
          row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join("  "),
        );
      return (
        await writeOut(
          lines.length
            ? `${lines.join(`
`)}
`
            : "",
        ),
        process.stderr.write(`${tools.length} tool${tools.length === 1 ? "" : "s"}${config.tools.approval === "deny" ? ' (privileged tools are refused: tools.approval is "deny")' : ""}
`),
        0
      );
    } finally {
      await hub?.close();
    }
  } catch (error) {
    return reportFatal(error);
  }
}
function firstLine(text) {
  return text
    .split(
      `
`,
      1,
    )[0]
    .trim();
}
export { run };
//# sourceMappingURL=tools-XXOBM5PZ.js.map
