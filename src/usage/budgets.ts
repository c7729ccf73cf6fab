import type { Logger } from "pino";
import type { SkeinConfig } from "../config/schema.js";
import { type CallerDayTotals, scopesOf, tokensOf, type UsageCaller, type UsageLedger } from "./usage-ledger.js";

/** The budgets of `agents.defaults.budgets`. */
export type BudgetName = "per_user_daily_tokens" | "per_chat_daily_tokens" | "daily_cost";

/** Whether a model call may be made now for a caller. */
export type BudgetVerdict =
  | { type: "within" }
  | { type: "reached"; budget: BudgetName; limit: number; used: number; resetsAt: number; text: string };

export interface BudgetGuardOptions {
  limits: SkeinConfig["agents"]["defaults"]["budgets"];
  ledger: UsageLedger;
  log: Logger;
  /** With several agents: the agent whose budgets these are (only its calls are measured against them). */
  agent?: string;
}

/** Share of a budget at which the operator is warned (once per budget, scope and day). */
const WARN_AT = 0.8;

interface Measured {
  budget: BudgetName;
  scope: string;
  limit: number;
  used: number;
}

/**
 * The daily budgets: per user and per chat in tokens, and the whole bot's cost. Days are
 * UTC days. A caller over a budget gets {@link BudgetVerdict} `reached` (with the short text
 * to send) until the day ends; the operator log says which budget, once per scope and day,
 * and warns once when a budget is 80% used.
 */
export class BudgetGuard {
  readonly #options: BudgetGuardOptions;
  /** `day|budget|scope|level` already logged. */
  readonly #logged = new Set<string>();

  constructor(options: BudgetGuardOptions) {
    this.#options = options;
    // Without budgets there is nothing to warn about (and, clustered, no day totals to read after each call).
    if (this.active)
      options.ledger.onRecord((caller, totals) => {
        if (caller.agent === options.agent) this.#warnNearLimits(caller, totals);
      });
  }

  /** Whether any budget is configured at all. */
  get active(): boolean {
    const { limits } = this.#options;
    return (
      limits.per_user_daily_tokens !== undefined ||
      limits.per_chat_daily_tokens !== undefined ||
      limits.daily_cost !== undefined
    );
  }

  /** Checks the caller's budgets before a model call. */
  async check(caller: UsageCaller): Promise<BudgetVerdict> {
    if (!this.active) return { type: "within" };
    const today = await this.#options.ledger.totalsOf(caller);
    const reached = this.#measure(caller, today).find((measured) => measured.used >= measured.limit);
    if (!reached) return { type: "within" };
    const resetsAt = Date.parse(`${today.day}T00:00:00Z`) + 86_400_000;
    const once = `${today.day}|${reached.budget}|${reached.scope}|reached`;
    const details = { ...reached, budget: `agents.defaults.budgets.${reached.budget}` };
    if (!this.#logged.has(once)) {
      this.#logged.add(once);
      this.#options.log.warn(details, "budget reached: no model calls for this scope until the day ends (UTC)");
    } else {
      this.#options.log.debug(details, "message refused: budget reached");
    }
    const text = budgetText(reached.budget, reached.limit, resetsAt, this.#options.ledger.now());
    return { type: "reached", budget: reached.budget, limit: reached.limit, used: reached.used, resetsAt, text };
  }

  #measure(caller: UsageCaller, today: CallerDayTotals): Measured[] {
    const { limits } = this.#options;
    const scopes = scopesOf(caller);
    const measured: Measured[] = [];
    if (limits.per_user_daily_tokens !== undefined) {
      measured.push({
        budget: "per_user_daily_tokens",
        scope: scopes.user,
        limit: limits.per_user_daily_tokens,
        used: tokensOf(today.user),
      });
    }
    if (limits.per_chat_daily_tokens !== undefined) {
      measured.push({
        budget: "per_chat_daily_tokens",
        scope: scopes.chat,
        limit: limits.per_chat_daily_tokens,
        used: tokensOf(today.chat),
      });
    }
    // With several agents, each agent's budgets measure its own usage: its daily_cost is what it spent.
    if (limits.daily_cost !== undefined)
      measured.push({
        budget: "daily_cost",
        scope: scopes.agent ? `agent ${scopes.agent}` : "bot",
        limit: limits.daily_cost,
        used: (today.agent ?? today.all).cost,
      });
    return measured;
  }

  #warnNearLimits(caller: UsageCaller, today: CallerDayTotals): void {
    for (const measured of this.#measure(caller, today)) {
      const once = `${today.day}|${measured.budget}|${measured.scope}|warned`;
      if (measured.used < measured.limit * WARN_AT || this.#logged.has(once)) continue;
      this.#logged.add(once);
      this.#options.log.warn(
        { ...measured, budget: `agents.defaults.budgets.${measured.budget}` },
        `budget ${Math.round(WARN_AT * 100)}% used`,
      );
    }
  }
}

/** The one short message a caller over a budget gets. */
function budgetText(budget: BudgetName, limit: number, resetsAt: number, now: number): string {
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

/** `3 h 12 min`, `45 min`, `1 min`. */
function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A cost in the prices' currency: `$1.25`, `$0.0042`. */
export function formatCost(cost: number): string {
  return cost >= 1 || cost === 0 ? `$${cost.toFixed(2)}` : `$${cost.toPrecision(2)}`;
}
