#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { processIo } from "./chunk-6MTWHA4Y.js";
import "./chunk-PYA2XW7F.js";
import "./chunk-5XM3NNSM.js";
import { formatCost, startOfUtcMonth, summarise } from "./chunk-4FPSGWRF.js";
import "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import { tokensOf, UsageFiles } from "./chunk-3FEPCLF6.js";
import "./chunk-ZHRPOCJR.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-XSPF2MYQ.js";
import { loadConfig } from "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-QK2XCNBO.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
import { join } from "node:path";
var groupings = ["chat", "user", "model", "agent"];
async function run(options, io = processIo) {
  const by = options.by ?? "model";
  if (!groupings.includes(by))
    return (
      io.stderr(`skein usage: --by must be one of ${groupings.join(", ")} (got "${options.by}")
`),
      1
    );
  const now = (io.now ?? Date.now)(),
    since = options.since === void 0 ? startOfUtcMonth(now) : Date.parse(`${options.since}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.since ?? "2000-01-01") || Number.isNaN(since))
    return (
      io.stderr(`skein usage: --since takes a date as YYYY-MM-DD (got "${options.since}")
`),
      1
    );
  try {
    const { home, config } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd }),
      { redis_url: url, redis_password: password } = config.bus,
      records = url
        ? await clusterUsageSince({ url, ...(password ? { password } : {}) }, since, io.now)
        : await new UsageFiles(join(home, "usage")).readSince(since),
      { groups, total } = summarise(records, by),
      sinceDay = new Date(since).toISOString().slice(0, 10);
    if (options.json)
      return (
        io.stdout(`${JSON.stringify({ since: sinceDay, by, groups, total }, null, 2)}
`),
        0
      );
    if (groups.length === 0)
      return (
        io.stdout(`No model usage recorded since ${sinceDay}.
`),
        0
      );
    const cached = total.cachedTokens !== void 0,
      rows = [...groups, { key: "total", ...total }].map((row) => [
        row.key,
        String(row.calls),
        row.promptTokens.toLocaleString("en-US"),
        ...(cached ? [(row.cachedTokens ?? 0).toLocaleString("en-US")] : []),
        row.completionTokens.toLocaleString("en-US"),
        tokensOf(row).toLocaleString("en-US"),
        row.cost > 0 ? formatCost(row.cost) : "-",
      ]),
      header = [by, "calls", "input", ...(cached ? ["cached"] : []), "output", "tokens", "cost"],
      widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length))),
      line = (cells) =>
        cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join("  ");
    return (
      io.stdout(`Model usage since ${sinceDay} (UTC):
${[header, ...rows].map(line).join(`
`)}
`),
      0
    );
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
async function clusterUsageSince(target, since, now) {
  const [{ withClusterRedis }, { RedisUsage }] = await Promise.all([
    import("./cluster-command-E57OS7UY.js"),
    import("./redis-usage-AMYLNLCK.js"),
  ]);
  return withClusterRedis(target, (redis, prefix) =>
    new RedisUsage({ redis, prefix, ...(now ? { now } : {}) }).readSince(since),
  );
}
export { run };
//# sourceMappingURL=usage-EKCRDM2Y.js.map
