import { join } from "node:path";
import type { RedisTarget } from "../bus/redis-connection.js";
import { redisTargetOf } from "../bus/redis-target.js";
import { loadConfig } from "../config/load.js";
import { formatCost } from "../usage/budgets.js";
import { tokensOf } from "../usage/usage-ledger.js";
import type { UsageRecord } from "../usage/usage-store.js";
import { UsageFiles } from "../usage/usage-store.js";
import { startOfUtcMonth, summarise, type UsageGrouping } from "../usage/usage-summary.js";
import type { GlobalOptions } from "./command-support.js";
import { type CommandIo, processIo } from "./pairing-shared.js";

export interface UsageCommandOptions extends GlobalOptions {
  /** `YYYY-MM-DD` (UTC); default: the first day of this month. */
  since?: string;
  by?: string;
  json?: boolean;
}

const groupings: UsageGrouping[] = ["chat", "user", "model", "agent"];

/**
 * `skein usage`: tokens and cost recorded under `$SKEIN_HOME/usage/` (in a cluster: in Redis,
 * all processes together), grouped by chat, user, model or agent.
 */
export async function run(options: UsageCommandOptions, io: CommandIo = processIo): Promise<number> {
  const by = (options.by ?? "model") as UsageGrouping;
  if (!groupings.includes(by)) {
    io.stderr(`skein usage: --by must be one of ${groupings.join(", ")} (got "${options.by}")\n`);
    return 1;
  }
  const now = (io.now ?? Date.now)();
  const since = options.since === undefined ? startOfUtcMonth(now) : Date.parse(`${options.since}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.since ?? "2000-01-01") || Number.isNaN(since)) {
    io.stderr(`skein usage: --since takes a date as YYYY-MM-DD (got "${options.since}")\n`);
    return 1;
  }
  try {
    const { home, config } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    const target = redisTargetOf(config.bus);
    const records = target
      ? await clusterUsageSince(target, since, io.now)
      : await new UsageFiles(join(home, "usage")).readSince(since);
    const { groups, total } = summarise(records, by);
    const sinceDay = new Date(since).toISOString().slice(0, 10);
    if (options.json) {
      io.stdout(`${JSON.stringify({ since: sinceDay, by, groups, total }, null, 2)}\n`);
      return 0;
    }
    if (groups.length === 0) {
      io.stdout(`No model usage recorded since ${sinceDay}.\n`);
      return 0;
    }
    const cached = total.cachedTokens !== undefined;
    const spoken = total.characters !== undefined;
    const written = total.cacheWriteTokens !== undefined;
    const rows = [...groups, { key: "total", ...total }].map((row) => [
      row.key,
      String(row.calls),
      row.promptTokens.toLocaleString("en-US"),
      ...(cached ? [(row.cachedTokens ?? 0).toLocaleString("en-US")] : []),
      ...(written ? [(row.cacheWriteTokens ?? 0).toLocaleString("en-US")] : []),
      row.completionTokens.toLocaleString("en-US"),
      tokensOf(row).toLocaleString("en-US"),
      ...(spoken ? [(row.characters ?? 0).toLocaleString("en-US")] : []),
      row.cost > 0 ? formatCost(row.cost) : "-",
    ]);
    const header = [
      by,
      "calls",
      "input",
      ...(cached ? ["cached"] : []),
      ...(written ? ["cache writes"] : []),
      "output",
      "tokens",
      ...(spoken ? ["spoken"] : []),
      "cost",
    ];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) =>
      cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join("  ");
    io.stdout(`Model usage since ${sinceDay} (UTC):\n${[header, ...rows].map(line).join("\n")}\n`);
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}

/** The cluster's usage records in Redis since `since`, read from whichever machine runs the command. */
async function clusterUsageSince(target: RedisTarget, since: number, now?: () => number): Promise<UsageRecord[]> {
  const [{ withClusterRedis }, { RedisUsage }] = await Promise.all([
    import("../cluster/cluster-command.js"),
    import("../cluster/redis-usage.js"),
  ]);
  return withClusterRedis(target, (redis, prefix) =>
    new RedisUsage({ redis, prefix, ...(now ? { now } : {}) }).readSince(since),
  );
}
