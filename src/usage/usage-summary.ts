import { chatKeyOf } from "../bus/messages.js";
import { formatCost } from "./budgets.js";
import { addUsage, noUsage, tokensOf, type UsageTotals, userKeyOf } from "./usage-ledger.js";
import type { UsageRecord } from "./usage-store.js";

/** How `skein usage` groups records. */
export type UsageGrouping = "chat" | "user" | "model" | "agent";

/** The group a record belongs to: `channel:chatId`, `channel:senderId` or `provider/model`. */
function groupKeyOf(record: UsageRecord, by: UsageGrouping): string {
  if (by === "chat") return chatKeyOf(record);
  if (by === "user") return userKeyOf(record);
  if (by === "agent") return record.agent ?? "main";
  return `${record.provider}/${record.model}`;
}

/** Totals per group, largest token count first, and the overall total. */
export function summarise(
  records: UsageRecord[],
  by: UsageGrouping,
): { groups: Array<{ key: string } & UsageTotals>; total: UsageTotals } {
  const groups = new Map<string, UsageTotals>();
  const total = noUsage();
  for (const record of records) {
    const key = groupKeyOf(record, by);
    const totals = groups.get(key) ?? noUsage();
    groups.set(key, totals);
    addUsage(totals, record);
    addUsage(total, record);
  }
  return {
    groups: [...groups]
      .map(([key, totals]) => ({ key, ...totals }))
      .sort((a, b) => tokensOf(b) - tokensOf(a) || a.key.localeCompare(b.key)),
    total,
  };
}

/** Adds up the records that pass `filter`. */
export function totalOf(records: UsageRecord[], filter: (record: UsageRecord) => boolean): UsageTotals {
  const totals = noUsage();
  for (const record of records) if (filter(record)) addUsage(totals, record);
  return totals;
}

/** `1,234 tokens ($0.01)`: tokens, and the characters spoken and the cost when there are any. */
export function describeTotals(totals: UsageTotals): string {
  const tokens = `${tokensOf(totals).toLocaleString("en-US")} tokens`;
  const notes = [
    ...(totals.cachedTokens ? [`${totals.cachedTokens.toLocaleString("en-US")} input cached`] : []),
    ...(totals.characters ? [`${totals.characters.toLocaleString("en-US")} characters spoken`] : []),
    ...(totals.cost > 0 ? [formatCost(totals.cost)] : []),
  ];
  return notes.length > 0 ? `${tokens} (${notes.join(", ")})` : tokens;
}

/** Midnight UTC at the start of the month of `epochMs`. */
export function startOfUtcMonth(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** Midnight UTC at the start of the day of `epochMs`. */
export function startOfUtcDay(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}
