#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { addUsage, noUsage, scopesOf, tokensOf, userKeyOf } from "./chunk-3FEPCLF6.js";
import { chatKeyOf } from "./chunk-XSPF2MYQ.js";
var WARN_AT = 0.8,
  BudgetGuard = class {
    #options;
    #logged = new Set();
    constructor(options) {
      (this.#options = options),
        this.active &&
          options.ledger.onRecord((caller, totals) => {
            caller.agent === options.agent && this.#warnNearLimits(caller, totals);
          });
    }
    get active() {
      const { limits } = this.#options;
      return (
        limits.per_user_daily_tokens !== void 0 ||
        limits.per_chat_daily_tokens !== void 0 ||
        limits.daily_cost !== void 0
      );
    }
    async check(caller) {
      if (!this.active) return { type: "within" };
      const today = await this.#options.ledger.totalsOf(caller),
        reached = this.#measure(caller, today).find((measured) => measured.used >= measured.limit);
      if (!reached) return { type: "within" };
      const resetsAt = Date.parse(`${today.day}T00:00:00Z`) + 864e5,
        once = `${today.day}|${reached.budget}|${reached.scope}|reached`,
        details = { ...reached, budget: `agents.defaults.budgets.${reached.budget}` };
      this.#logged.has(once)
        ? this.#options.log.debug(details, "message refused: budget reached")
        : (this.#logged.add(once),
          this.#options.log.warn(details, "budget reached: no model calls for this scope until the day ends (UTC)"));
      const text = budgetText(reached.budget, reached.limit, resetsAt, this.#options.ledger.now());
      return { type: "reached", budget: reached.budget, limit: reached.limit, used: reached.used, resetsAt, text };
    }
    #measure(caller, today) {
      const { limits } = this.#options,
        scopes = scopesOf(caller),
        measured = [];
      return (
        limits.per_user_daily_tokens !== void 0 &&
          measured.push({
            budget: "per_user_daily_tokens",
            scope: scopes.user,
            limit: limits.per_user_daily_tokens,
            used: tokensOf(today.user),
          }),
        limits.per_chat_daily_tokens !== void 0 &&
          measured.push({
            budget: "per_chat_daily_tokens",
            scope: scopes.chat,
            limit: limits.per_chat_daily_tokens,
            used: tokensOf(today.chat),
          }),
        limits.daily_cost !== void 0 &&
          measured.push({
            budget: "daily_cost",
            scope: scopes.agent ? `agent ${scopes.agent}` : "bot",
            limit: limits.daily_cost,
            used: (today.agent ?? today.all).cost,
          }),
        measured
      );
    }
    #warnNearLimits(caller, today) {
      for (const measured of this.#measure(caller, today)) {
        const once = `${today.day}|${measured.budget}|${measured.scope}|warned`;
        measured.used < measured.limit * WARN_AT ||
          this.#logged.has(once) ||
          (this.#logged.add(once),
          this.#options.log.warn(
            { ...measured, budget: `agents.defaults.budgets.${measured.budget}` },
            `budget ${Math.round(WARN_AT * 100)}% used`,
          ));
      }
    }
  };
function budgetText(budget, limit, resetsAt, now) {
  const resets = `It resets at 00:00 UTC (in ${formatWait(resetsAt - now)}).`;
  switch (budget) {
    case "per_user_daily_tokens":
      return `You have reached your daily limit of ${limit.toLocaleString("en-US")} tokens. ${resets}`;
    case "per_chat_daily_tokens":
      return `This chat has reached its daily limit of ${limit.toLocaleString("en-US")} tokens. ${resets}`;
    case "daily_cost":
      return `I have reached my daily spending limit (${formatCost(limit)}). ${resets}`;
  }
}
function formatWait(ms) {
  const minutes = Math.max(1, Math.ceil(ms / 6e4)),
    hours = Math.floor(minutes / 60),
    rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest ? `${hours} h ${rest} min` : `${hours} h`;
}
function formatCost(cost) {
  return cost >= 1 || cost === 0 ? `$${cost.toFixed(2)}` : `$${cost.toPrecision(2)}`;
}
function groupKeyOf(record, by) {
  return by === "chat"
    ? chatKeyOf(record)
    : by === "user"
      ? userKeyOf(record)
      : by === "agent"
        ? (record.agent ?? "main")
        : `${record.provider}/${record.model}`;
}
function summarise(records, by) {
  const groups = new Map(),
    total = noUsage();
  for (const record of records) {
    const key = groupKeyOf(record, by),
      totals = groups.get(key) ?? noUsage();
    groups.set(key, totals), addUsage(totals, record), addUsage(total, record);
  }
  return {
    groups: [...groups]
      .map(([key, totals]) => ({ key, ...totals }))
      .sort((a, b) => tokensOf(b) - tokensOf(a) || a.key.localeCompare(b.key)),
    total,
  };
}
function totalOf(records, filter) {
  const totals = noUsage();
  for (const record of records) filter(record) && addUsage(totals, record);
  return totals;
}
function describeTotals(totals) {
  const tokens = `${tokensOf(totals).toLocaleString("en-US")} tokens`,
    notes = [
      ...(totals.cachedTokens ? [`${totals.cachedTokens.toLocaleString("en-US")} input cached`] : []),
      ...(totals.cost > 0 ? [formatCost(totals.cost)] : []),
    ];
  return notes.length > 0 ? `${tokens} (${notes.join(", ")})` : tokens;
}
function startOfUtcMonth(epochMs) {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
function startOfUtcDay(epochMs) {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}
export { BudgetGuard, describeTotals, formatCost, startOfUtcDay, startOfUtcMonth, summarise, totalOf };
//# sourceMappingURL=chunk-4FPSGWRF.js.map
