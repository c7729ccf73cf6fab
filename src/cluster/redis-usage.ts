import type { Redis } from "ioredis";
import {
  type CallerDayTotals,
  noUsage,
  type SharedUsageTotals,
  scopesOf,
  type UsageCaller,
  type UsageTotals,
} from "../usage/usage-ledger.js";
import { type UsageRecord, type UsageStore, utcDay } from "../usage/usage-store.js";

/** Days a day's usage is kept in Redis (`skein usage --since` reaches back this far). */
export const USAGE_RETENTION_DAYS = 400;

/**
 * Adds one call to each scope's totals in the day's hash and keeps the hash for the retention
 * time. Fields are `<metric> <scope>`: n (calls), p (input tokens), c (output tokens), $ (cost),
 * k (of the input tokens, those the prompt cache served; only once there were any), w (those written
 * to the prompt cache; likewise), s (characters read out by speech calls; likewise).
 * KEYS: day hash. ARGV: ttl seconds, prompt tokens, completion tokens, cost, cached tokens, cache writes,
 * characters spoken, scopes...
 */
const appendScript = `
for index = 8, #ARGV do
  redis.call('HINCRBY', KEYS[1], 'n ' .. ARGV[index], 1)
  redis.call('HINCRBY', KEYS[1], 'p ' .. ARGV[index], ARGV[2])
  redis.call('HINCRBY', KEYS[1], 'c ' .. ARGV[index], ARGV[3])
  if ARGV[4] ~= '0' then redis.call('HINCRBYFLOAT', KEYS[1], '$ ' .. ARGV[index], ARGV[4]) end
  if ARGV[5] ~= '0' then redis.call('HINCRBY', KEYS[1], 'k ' .. ARGV[index], ARGV[5]) end
  if ARGV[6] ~= '0' then redis.call('HINCRBY', KEYS[1], 'w ' .. ARGV[index], ARGV[6]) end
  if ARGV[7] ~= '0' then redis.call('HINCRBY', KEYS[1], 's ' .. ARGV[index], ARGV[7]) end
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1`;

const metrics = ["n", "p", "c", "$", "k", "w", "s"] as const;

export interface RedisUsageOptions {
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  /** Epoch ms, for which days `readSince` reads (default `Date.now`). */
  now?: () => number;
}

/**
 * The usage of a cluster, in Redis: one hash per UTC day (`skein:usage:<YYYY-MM-DD>`, kept
 * {@link USAGE_RETENTION_DAYS} days) in which every call is added to its record's group (chat,
 * sender, provider and model), to its sender's, its chat's and the whole bot's totals, by one
 * script. Memory grows with the groups of a day, not with the calls; `readSince` returns one
 * record per group and day, carrying its `calls`; the budgets read three scopes' totals.
 */
export class RedisUsage implements UsageStore, SharedUsageTotals {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(options: RedisUsageOptions) {
    this.#redis = options.redis;
    this.#prefix = `${options.prefix}usage:`;
    this.#now = options.now ?? Date.now;
  }

  async append(record: UsageRecord): Promise<void> {
    await this.#redis.eval(
      appendScript,
      1,
      this.#dayKey(utcDay(Date.parse(record.at))),
      USAGE_RETENTION_DAYS * 86_400,
      Math.round(record.promptTokens),
      Math.round(record.completionTokens),
      record.cost ? String(record.cost) : "0",
      Math.round(record.cachedTokens ?? 0),
      Math.round(record.cacheWriteTokens ?? 0),
      Math.round(record.characters ?? 0),
      ...scopeFieldsOf(record),
    );
  }

  async readSince(since: number): Promise<UsageRecord[]> {
    const first = Math.max(Date.parse(`${utcDay(since)}T00:00:00Z`), this.#now() - USAGE_RETENTION_DAYS * 86_400_000);
    const days: string[] = [];
    for (let day = Date.parse(`${utcDay(first)}T00:00:00Z`); day <= this.#now(); day += 86_400_000)
      days.push(utcDay(day));
    const pipeline = this.#redis.pipeline();
    for (const day of days) pipeline.hgetall(this.#dayKey(day));
    const answers = (await pipeline.exec()) ?? [];
    const records: UsageRecord[] = [];
    days.forEach((day, index) => {
      const [error, fields] = answers[index] ?? [];
      if (error) throw error;
      records.push(...recordsOfDay(day, fields as Record<string, string>));
    });
    return records;
  }

  async dayTotals(day: string, caller: UsageCaller): Promise<CallerDayTotals> {
    const keys = scopesOf(caller);
    const scopes = [`user ${keys.user}`, `chat ${keys.chat}`, "all", ...(keys.agent ? [`agent ${keys.agent}`] : [])];
    const fields = scopes.flatMap((scope) => metrics.map((metric) => `${metric} ${scope}`));
    const values = await this.#redis.hmget(this.#dayKey(day), ...fields);
    const [user, chat, all, agent] = scopes.map((_, index) =>
      totalsOf(values.slice(index * metrics.length, (index + 1) * metrics.length)),
    );
    return { day, user: user!, chat: chat!, all: all!, ...(agent && { agent }) };
  }

  #dayKey(day: string): string {
    return `${this.#prefix}${day}`;
  }
}

type Group = [channel: string, chatId: string, senderId: string, provider: string, model: string, agent?: string];

function groupOf(record: UsageRecord): Group {
  const group: Group = [record.channel, record.chatId, record.senderId, record.provider, record.model];
  if (record.agent) group.push(record.agent);
  return group;
}

/** The hash fields a record adds to: its group's, its user's, its chat's, the bot's and (with one) its agent's. */
function scopeFieldsOf(record: UsageRecord): string[] {
  const keys = scopesOf(record);
  return [
    `record ${JSON.stringify(groupOf(record))}`,
    `user ${keys.user}`,
    `chat ${keys.chat}`,
    "all",
    ...(keys.agent ? [`agent ${keys.agent}`] : []),
  ];
}

/** The totals of one scope from its fields (n, p, c, $, k, w, s), missing ones counting zero. */
function totalsOf(values: Array<string | null>): UsageTotals {
  const [calls, prompt, completion, cost, cached, written, spoken] = values.map((value) => Number(value ?? 0));
  const totals: UsageTotals = {
    ...noUsage(),
    calls: calls!,
    promptTokens: prompt!,
    completionTokens: completion!,
    cost: cost!,
  };
  if (cached) totals.cachedTokens = cached;
  if (written) totals.cacheWriteTokens = written;
  if (spoken) totals.characters = spoken;
  return totals;
}

/** One record per group of the day's hash, stamped with the start of the day. */
function recordsOfDay(day: string, fields: Record<string, string>): UsageRecord[] {
  const at = `${day}T00:00:00.000Z`;
  const records: UsageRecord[] = [];
  for (const [field, calls] of Object.entries(fields)) {
    if (!field.startsWith("n record ")) continue;
    const scope = field.slice(2);
    const [channel, chatId, senderId, provider, model, agent] = JSON.parse(scope.slice("record ".length)) as Group;
    const cost = fields[`$ ${scope}`];
    const cached = Number(fields[`k ${scope}`] ?? 0);
    const written = Number(fields[`w ${scope}`] ?? 0);
    const spoken = Number(fields[`s ${scope}`] ?? 0);
    records.push({
      at,
      channel,
      chatId,
      senderId,
      ...(agent && { agent }),
      provider,
      model,
      promptTokens: Number(fields[`p ${scope}`] ?? 0),
      completionTokens: Number(fields[`c ${scope}`] ?? 0),
      ...(cached > 0 ? { cachedTokens: cached } : {}),
      ...(written > 0 ? { cacheWriteTokens: written } : {}),
      ...(spoken > 0 ? { characters: spoken } : {}),
      ...(cost === undefined ? {} : { cost: Number(cost) }),
      calls: Number(calls),
    });
  }
  return records;
}
