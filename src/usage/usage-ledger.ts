/**
 * What the model calls cost. `usage-store.ts`: a call's usage record, the store contract and its daily JSONL files
 * under `$SKEIN_HOME/usage/` (Redis in `src/cluster/`); this file: the `UsageLedger`, which records every call,
 * priced, with today's totals (counted in memory, or read from a cluster's shared day totals);
 * `metered-provider.ts`: a provider whose every call is counted; `budgets.ts`: the daily budgets;
 * `usage-summary.ts`: the totals `skein usage` and `/usage` show.
 */

import type { Logger } from "pino";
import { chatKeyOf } from "../bus/messages.js";
import type { ModelProviderConfig } from "../config/schema.js";
import type { ChatResponse } from "../providers/provider.js";
import { type UsageRecord, type UsageStore, utcDay } from "./usage-store.js";

/** Who a model call was made for. */
export interface UsageCaller {
  channel: string;
  chatId: string;
  senderId: string;
  /** With `agents.list`: the agent that made the call. */
  agent?: string;
}

/** Tokens and cost added up. */
export interface UsageTotals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Of `promptTokens`, those served from a prompt cache (present once there were any). */
  cachedTokens?: number;
  /** Of the priced calls only. */
  cost: number;
  /** Characters read out by speech (tts) calls (present once there were any). */
  characters?: number;
}

/** A model's price: per million tokens, or for a speech model per million characters (`providers.<name>.prices`). */
export interface ModelPrice {
  input?: number;
  output?: number;
  cached_input?: number;
  per_1m_chars?: number;
}

/** One speech (tts) call: who made the audio and how many characters it read out. */
export interface SpeechUsage {
  provider: string;
  model: string;
  characters: number;
}

/**
 * One caller's usage on one UTC day: theirs, their chat's and the whole bot's (what the budgets
 * measure). A caller with an agent (`agents.list`) gets its user's and chat's usage with that
 * agent, and the agent's whole usage.
 */
export interface CallerDayTotals {
  day: string;
  user: UsageTotals;
  chat: UsageTotals;
  all: UsageTotals;
  /** The caller's agent's usage today (with `agents.list`). */
  agent?: UsageTotals;
}

/**
 * Day totals that every process of a cluster adds to (kept with the shared usage store): the
 * ledger asks them instead of counting in memory, so a budget is the bot's, not a process's.
 */
export interface SharedUsageTotals {
  dayTotals(day: string, caller: UsageCaller): Promise<CallerDayTotals>;
}

/** Today's running totals (UTC day), per user, per chat, per agent and for the whole bot. */
export interface DayTotals {
  day: string;
  byUser: Map<string, UsageTotals>;
  byChat: Map<string, UsageTotals>;
  byAgent: Map<string, UsageTotals>;
  all: UsageTotals;
}

export interface UsageLedgerOptions {
  store: UsageStore;
  /** Cluster-wide day totals (cluster mode); default: today's totals counted in this process. */
  shared?: SharedUsageTotals;
  /** Price of a provider's model, when known. */
  priceOf: (provider: string, model: string) => ModelPrice | undefined;
  log: Logger;
  /** Epoch milliseconds; injectable for tests. */
  now?: () => number;
}

/** The caller of a message's model calls. */
export const callerOf = (message: Omit<UsageCaller, "agent"> & { agentId?: string }): UsageCaller => ({
  channel: message.channel,
  chatId: message.chatId,
  senderId: message.senderId,
  ...(message.agentId && { agent: message.agentId }),
});

/** The key of a sender in per-user totals: `channel:senderId`. */
export const userKeyOf = (caller: Pick<UsageCaller, "channel" | "senderId">) => `${caller.channel}:${caller.senderId}`;

/**
 * The keys a caller's day totals are counted under: `channel:senderId` and `channel:chatId`,
 * each after `<agent>|` when the caller has an agent, and the agent's own.
 */
export function scopesOf(caller: Pick<UsageCaller, "channel" | "chatId" | "senderId" | "agent">): {
  user: string;
  chat: string;
  agent?: string;
} {
  const within = caller.agent ? `${caller.agent}|` : "";
  return {
    user: `${within}${userKeyOf(caller)}`,
    chat: `${within}${chatKeyOf(caller)}`,
    ...(caller.agent && { agent: caller.agent }),
  };
}

/** Nothing used yet. */
export const noUsage = (): UsageTotals => ({ calls: 0, promptTokens: 0, completionTokens: 0, cost: 0 });

/** Adds a record to totals in place. */
export function addUsage(totals: UsageTotals, record: UsageRecord): void {
  totals.calls += record.calls ?? 1;
  totals.promptTokens += record.promptTokens;
  totals.completionTokens += record.completionTokens;
  if (record.cachedTokens) totals.cachedTokens = (totals.cachedTokens ?? 0) + record.cachedTokens;
  if (record.characters) totals.characters = (totals.characters ?? 0) + record.characters;
  totals.cost += record.cost ?? 0;
}

/** Input and output tokens together. */
export const tokensOf = (totals: UsageTotals) => totals.promptTokens + totals.completionTokens;

/** `providers.<name>.prices` as a lookup for {@link UsageLedgerOptions.priceOf}. */
export function pricesFrom(providers: Record<string, Pick<ModelProviderConfig, "prices">>) {
  return (provider: string, model: string) => providers[provider]?.prices[model];
}

/**
 * Records every model call's usage in the store, priced, and keeps today's totals in
 * memory for the budgets (loaded from the store on first use, so they survive a restart).
 */
export class UsageLedger {
  readonly #options: UsageLedgerOptions;
  readonly #now: () => number;
  readonly #listeners = new Set<(caller: UsageCaller, totals: CallerDayTotals) => void>();
  #today: DayTotals | undefined;
  #loading: Promise<DayTotals> | undefined;

  constructor(options: UsageLedgerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The current time of the ledger's clock (epoch ms). */
  now(): number {
    return this.#now();
  }

  /**
   * Records one answered call: counted in today's totals at once, stored in the background
   * (see {@link flush}); a store failure is logged, never thrown.
   */
  async record(caller: UsageCaller, response: ChatResponse, requestedModel: string): Promise<void> {
    const served = response.servedBy ?? { provider: "unknown", model: requestedModel };
    const promptTokens = response.usage?.promptTokens ?? 0;
    const completionTokens = response.usage?.completionTokens ?? 0;
    const cachedTokens = Math.min(promptTokens, response.usage?.cachedTokens ?? 0);
    const price = this.#options.priceOf(served.provider, served.model);
    const record: UsageRecord = {
      at: new Date(this.#now()).toISOString(),
      ...caller,
      provider: served.provider,
      model: served.model,
      promptTokens,
      completionTokens,
      ...(cachedTokens > 0 ? { cachedTokens } : {}),
      ...(price ? { cost: costOf(price, promptTokens, cachedTokens, completionTokens) } : {}),
    };
    await this.#add(caller, record);
  }

  /** Records one speech (tts) call: its characters, priced by the model's `per_1m_chars`; like {@link record}. */
  async recordSpeech(caller: UsageCaller, speech: SpeechUsage): Promise<void> {
    const perMillion = this.#options.priceOf(speech.provider, speech.model)?.per_1m_chars;
    await this.#add(caller, {
      at: new Date(this.#now()).toISOString(),
      ...caller,
      provider: speech.provider,
      model: speech.model,
      promptTokens: 0,
      completionTokens: 0,
      characters: speech.characters,
      ...(perMillion !== undefined && { cost: (speech.characters * perMillion) / 1_000_000 }),
    });
  }

  /** Counts a record in today's totals and stores it (see {@link record}). */
  async #add(caller: UsageCaller, record: UsageRecord): Promise<void> {
    if (this.#options.shared) {
      const stored = await this.#options.store.append(record).then(
        () => true,
        (error: unknown) => this.#options.log.error({ err: error }, "cannot record model usage"),
      );
      if (stored && this.#listeners.size > 0) {
        const totals = await this.totalsOf(caller);
        for (const listener of this.#listeners) listener(caller, totals);
      }
      return;
    }
    const today = await this.today();
    count(today, record);
    for (const listener of this.#listeners) listener(caller, callerTotals(today, caller));
    // Stored in the background (the store may gather records a while first): the totals count it already.
    this.#options.store.append(record).catch((error: unknown) => {
      this.#options.log.error({ err: error }, "cannot record model usage");
    });
  }

  /** Stores the records the store is still gathering (before reading them back, and at shutdown). */
  async flush(): Promise<void> {
    await this.#options.store.flush?.();
  }

  /** Calls `listener` after each recorded call, with the caller's totals today. Returns the unsubscribe function. */
  onRecord(listener: (caller: UsageCaller, totals: CallerDayTotals) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Today's totals (UTC), loaded from the store when the day is new to this process. */
  async today(): Promise<DayTotals> {
    const day = utcDay(this.#now());
    if (this.#today?.day === day) return this.#today;
    this.#loading ??= this.#load(day).finally(() => {
      this.#loading = undefined;
    });
    const loaded = await this.#loading;
    if (this.#today?.day !== loaded.day) this.#today = loaded;
    return this.#today;
  }

  /**
   * The caller's, their chat's and the bot's totals today (UTC): the cluster's when shared
   * (nothing counted when they cannot be read: the failure is logged), else this process's.
   */
  async totalsOf(caller: UsageCaller): Promise<CallerDayTotals> {
    const day = utcDay(this.#now());
    if (!this.#options.shared) return callerTotals(await this.today(), caller);
    return this.#options.shared.dayTotals(day, caller).catch((error: unknown) => {
      this.#options.log.error({ err: error }, "cannot read today's model usage of the cluster; counting none");
      return { day, user: noUsage(), chat: noUsage(), all: noUsage(), ...(caller.agent && { agent: noUsage() }) };
    });
  }

  /** Records at or after `since` (epoch ms), the ones still being gathered included. */
  async readSince(since: number): Promise<UsageRecord[]> {
    await this.flush();
    return this.#options.store.readSince(since);
  }

  async #load(day: string): Promise<DayTotals> {
    const totals: DayTotals = { day, byUser: new Map(), byChat: new Map(), byAgent: new Map(), all: noUsage() };
    try {
      for (const record of await this.#options.store.readSince(Date.parse(`${day}T00:00:00Z`))) count(totals, record);
    } catch (error) {
      this.#options.log.error({ err: error }, "cannot read today's model usage; counting from zero");
    }
    return totals;
  }
}

/** Adds a record to the day's totals of its user, chat, agent and the bot. */
function count(totals: DayTotals, record: UsageRecord): void {
  const scopes = scopesOf(record);
  addUsage(totals.all, record);
  addUsage(entry(totals.byUser, scopes.user), record);
  addUsage(entry(totals.byChat, scopes.chat), record);
  if (scopes.agent) addUsage(entry(totals.byAgent, scopes.agent), record);
}

function callerTotals(today: DayTotals, caller: UsageCaller): CallerDayTotals {
  const scopes = scopesOf(caller);
  return {
    day: today.day,
    user: today.byUser.get(scopes.user) ?? noUsage(),
    chat: today.byChat.get(scopes.chat) ?? noUsage(),
    all: today.all,
    ...(scopes.agent && { agent: today.byAgent.get(scopes.agent) ?? noUsage() }),
  };
}

function entry(map: Map<string, UsageTotals>, key: string): UsageTotals {
  const totals = map.get(key) ?? noUsage();
  map.set(key, totals);
  return totals;
}

/** What a call cost: cached input at `cached_input` (the `input` price when there is none), the rest at `input`, output at `output`. */
export function costOf(
  price: ModelPrice,
  promptTokens: number,
  cachedTokens: number,
  completionTokens: number,
): number {
  const input = price.input ?? 0;
  const fresh = promptTokens - cachedTokens;
  const cached = cachedTokens * (price.cached_input ?? input);
  return (fresh * input + cached + completionTokens * (price.output ?? 0)) / 1_000_000;
}
