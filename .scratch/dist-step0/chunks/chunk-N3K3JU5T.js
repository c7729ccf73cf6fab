#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { noUsage, scopesOf, utcDay } from "./chunk-3FEPCLF6.js";
var USAGE_RETENTION_DAYS = 400,
  appendScript = `
for index = 6, #ARGV do
  redis.call('HINCRBY', KEYS[1], 'n ' .. ARGV[index], 1)
  redis.call('HINCRBY', KEYS[1], 'p ' .. ARGV[index], ARGV[2])
  redis.call('HINCRBY', KEYS[1], 'c ' .. ARGV[index], ARGV[3])
  if ARGV[4] ~= '0' then redis.call('HINCRBYFLOAT', KEYS[1], '$ ' .. ARGV[index], ARGV[4]) end
  if ARGV[5] ~= '0' then redis.call('HINCRBY', KEYS[1], 'k ' .. ARGV[index], ARGV[5]) end
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1`,
  metrics = ["n", "p", "c", "$", "k"],
  RedisUsage = class {
    #redis;
    #prefix;
    #now;
    constructor(options) {
      (this.#redis = options.redis), (this.#prefix = `${options.prefix}usage:`), (this.#now = options.now ?? Date.now);
    }
    async append(record) {
      await this.#redis.eval(
        appendScript,
        1,
        this.#dayKey(utcDay(Date.parse(record.at))),
        USAGE_RETENTION_DAYS * 86400,
        Math.round(record.promptTokens),
        Math.round(record.completionTokens),
        record.cost ? String(record.cost) : "0",
        Math.round(record.cachedTokens ?? 0),
        ...scopeFieldsOf(record),
      );
    }
    async readSince(since) {
      const first = Math.max(Date.parse(`${utcDay(since)}T00:00:00Z`), this.#now() - USAGE_RETENTION_DAYS * 864e5),
        days = [];
      for (let day = Date.parse(`${utcDay(first)}T00:00:00Z`); day <= this.#now(); day += 864e5) days.push(utcDay(day));
      const pipeline = this.#redis.pipeline();
      for (const day of days) pipeline.hgetall(this.#dayKey(day));
      const answers = (await pipeline.exec()) ?? [],
        records = [];
      return (
        days.forEach((day, index) => {
          const [error, fields] = answers[index] ?? [];
          if (error) throw error;
          records.push(...recordsOfDay(day, fields));
        }),
        records
      );
    }
    async dayTotals(day, caller) {
      const keys = scopesOf(caller),
        scopes = [`user ${keys.user}`, `chat ${keys.chat}`, "all", ...(keys.agent ? [`agent ${keys.agent}`] : [])],
        fields = scopes.flatMap((scope) => metrics.map((metric) => `${metric} ${scope}`)),
        values = await this.#redis.hmget(this.#dayKey(day), ...fields),
        [user, chat, all, agent] = scopes.map((_, index) =>
          totalsOf(values.slice(index * metrics.length, (index + 1) * metrics.length)),
        );
      return { day, user, chat, all, ...(agent && { agent }) };
    }
    #dayKey(day) {
      return `${this.#prefix}${day}`;
    }
  };
function groupOf(record) {
  const group = [record.channel, record.chatId, record.senderId, record.provider, record.model];
  return record.agent && group.push(record.agent), group;
}
function scopeFieldsOf(record) {
  const keys = scopesOf(record);
  return [
    `record ${JSON.stringify(groupOf(record))}`,
    `user ${keys.user}`,
    `chat ${keys.chat}`,
    "all",
    ...(keys.agent ? [`agent ${keys.agent}`] : []),
  ];
}
function totalsOf(values) {
  const [calls, prompt, completion, cost, cached] = values.map((value) => Number(value ?? 0)),
    totals = { ...noUsage(), calls, promptTokens: prompt, completionTokens: completion, cost };
  return cached && (totals.cachedTokens = cached), totals;
}
function recordsOfDay(day, fields) {
  const at = `${day}T00:00:00.000Z`,
    records = [];
  for (const [field, calls] of Object.entries(fields)) {
    if (!field.startsWith("n record ")) continue;
    const scope = field.slice(2),
      [channel, chatId, senderId, provider, model, agent] = JSON.parse(scope.slice(7)),
      cost = fields[`$ ${scope}`],
      cached = Number(fields[`k ${scope}`] ?? 0);
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
      ...(cost === void 0 ? {} : { cost: Number(cost) }),
      calls: Number(calls),
    });
  }
  return records;
}
export { RedisUsage, USAGE_RETENTION_DAYS };
//# sourceMappingURL=chunk-N3K3JU5T.js.map
