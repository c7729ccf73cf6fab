import { userKeyOf } from "../../usage/usage-ledger.js";
import type { UsageRecord } from "../../usage/usage-store.js";
import { startOfUtcDay } from "../../usage/usage-summary.js";
import { type ApiRoute, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";

interface Sum {
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  cache_write_tokens: number;
  /** null while no record of it had a price (an unpriced model), as `skein usage` shows `-`. */
  cost: number | null;
}

/** `GET /api/usage?days=30`: tokens and cost per day and model, by chat and by user; the budgets and today's use. */
export function usageRoute(sources: DashboardSources): ApiRoute {
  return {
    method: "GET",
    path: "/api/usage",
    handle: async ({ url }) => {
      const days = Math.min(366, Math.max(1, Number(url.searchParams.get("days")) || 30));
      const since = startOfUtcDay(Date.now()) - (days - 1) * 86_400_000;
      const records = await sources.ledger.readSince(since);
      const byDay = group(records, (record) => `${record.at.slice(0, 10)}\u0000${record.model}`);
      const byChat = group(records, (record) => `${record.channel}:${record.chatId}`);
      const byUser = group(records, (record) => userKeyOf(record));
      return ok({
        days: [...byDay].map(([key, sum]) => {
          const [date, model] = key.split("\u0000");
          return { date, model, ...sum };
        }),
        by_chat: [...byChat].map(([chat, sum]) => ({ chat, ...sum })),
        by_user: [...byUser].map(([user, sum]) => ({ user, ...sum })),
        budgets: await budgets(sources),
      });
    },
  };
}

function group(records: readonly UsageRecord[], keyOf: (record: UsageRecord) => string): Map<string, Sum> {
  const sums = new Map<string, Sum>();
  for (const record of records) {
    const key = keyOf(record);
    const sum = sums.get(key) ?? {
      input_tokens: 0,
      output_tokens: 0,
      cached_tokens: 0,
      cache_write_tokens: 0,
      cost: null,
    };
    sum.input_tokens += record.promptTokens;
    sum.output_tokens += record.completionTokens;
    sum.cached_tokens += record.cachedTokens ?? 0;
    sum.cache_write_tokens += record.cacheWriteTokens ?? 0;
    if (record.cost !== undefined) sum.cost = (sum.cost ?? 0) + record.cost;
    sums.set(key, sum);
  }
  return sums;
}

/** Each configured budget and how much of it the most spending user or chat (or the bot) used today. */
async function budgets(sources: DashboardSources) {
  const limits = sources.loaded.config.agents.defaults.budgets;
  const today = await sources.ledger.today();
  const most = (totals: Iterable<{ promptTokens: number; completionTokens: number }>) =>
    Math.max(0, ...[...totals].map((total) => total.promptTokens + total.completionTokens));
  return [
    ...(limits.per_user_daily_tokens !== undefined
      ? [
          {
            name: "per_user_daily_tokens",
            limit: limits.per_user_daily_tokens,
            used: most(today.byUser.values()),
            unit: "tokens",
          },
        ]
      : []),
    ...(limits.per_chat_daily_tokens !== undefined
      ? [
          {
            name: "per_chat_daily_tokens",
            limit: limits.per_chat_daily_tokens,
            used: most(today.byChat.values()),
            unit: "tokens",
          },
        ]
      : []),
    ...(limits.daily_cost !== undefined
      ? [{ name: "daily_cost", limit: limits.daily_cost, used: today.all.cost, unit: "cost" }]
      : []),
  ];
}
