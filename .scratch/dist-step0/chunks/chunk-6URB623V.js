#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { isChatMessage, isSessionSummary, REMEMBERED_TURNS, SESSION_RETAIN } from "./chunk-6XMWGJAV.js";
import { validateSessionKey } from "./chunk-BF4ACQ66.js";
import { untilReachable } from "./chunk-RPHP7PVW.js";
import { chatKeyOf } from "./chunk-XSPF2MYQ.js";
var appendScript = `
if ARGV[1] ~= '' then
  for _, record in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
    local ok, stored = pcall(cjson.decode, record)
    if ok and type(stored) == 'table' and stored.turn == ARGV[1] then return 0 end
  end
end
for index = 6, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[index]) end
if ARGV[1] ~= '' then
  redis.call('LPUSH', KEYS[2], ARGV[2])
  redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
end
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
for index = 4, #KEYS do redis.call('SADD', KEYS[index], ARGV[4]) end
return 1`,
  summariseScript = `
local start = redis.call('LLEN', KEYS[1]) - tonumber(ARGV[2])
if start < 0 then start = 0 end
redis.call('SET', KEYS[2], cjson.encode({ start = start, summary = cjson.decode(ARGV[1]) }))
return start`,
  contextScript = `
local stored = redis.call('GET', KEYS[2])
local from = -tonumber(ARGV[1])
local summary = ''
if stored then
  local ok, decoded = pcall(cjson.decode, stored)
  if ok and type(decoded) == 'table' and type(decoded.start) == 'number' then
    from = decoded.start
    summary = cjson.encode(decoded.summary)
  end
end
local lines = redis.call('LRANGE', KEYS[1], from, -1)
table.insert(lines, 1, summary)
return lines`;
function sessionActivityKey(prefix) {
  return `${prefix}session-activity`;
}
var ARCHIVE_TTL_SECONDS = 720 * 60 * 60,
  RedisSessions = class {
    #redis;
    #prefix;
    #log;
    #retain;
    #archiveTtlSeconds;
    #readPatienceMs;
    #now;
    #writes = new Map();
    #closing = new AbortController();
    constructor(options) {
      (this.#redis = options.redis),
        (this.#prefix = options.prefix),
        (this.#log = options.log),
        (this.#retain = options.retain ?? SESSION_RETAIN),
        (this.#archiveTtlSeconds = options.archiveTtlSeconds ?? ARCHIVE_TTL_SECONDS),
        (this.#readPatienceMs = options.readPatienceMs ?? 3e4),
        (this.#now = options.now ?? (() => new Date()));
    }
    keyOf(sessionKey) {
      return validateSessionKey(sessionKey), `${this.#prefix}session:${sessionKey}`;
    }
    async load(key) {
      const history = this.keyOf(key),
        lines = await this.#read(() => this.#redis.lrange(history, -this.#retain, -1)),
        messages = [];
      for (const line of lines) {
        const message = this.#parse(key, line);
        message && messages.push(message);
      }
      return messages;
    }
    async context(key) {
      const keys = [this.keyOf(key), this.#summaryKey(key)],
        lines = await this.#read(() => this.#redis.eval(contextScript, 2, ...keys, this.#retain)),
        [summaryLine, ...messageLines] = lines,
        messages = [];
      for (const line of messageLines) {
        const message = this.#parse(key, line);
        message && messages.push(message);
      }
      const summary = summaryLine ? this.#parseSummary(key, summaryLine) : void 0;
      return summary ? { summary, messages } : { messages };
    }
    summarise(key, summary) {
      let keys;
      try {
        keys = [this.keyOf(key), this.#summaryKey(key)];
      } catch (error) {
        return Promise.reject(error);
      }
      const run = () => this.#redis.eval(summariseScript, 2, ...keys, JSON.stringify(summary), summary.kept);
      return this.#queued(key, run);
    }
    append(key, messages, turn) {
      if (messages.length === 0) return Promise.resolve();
      let keys;
      try {
        keys = [this.keyOf(key), this.#turnsKey(key), sessionActivityKey(this.#prefix), ...this.#chatKeys(key)];
      } catch (error) {
        return Promise.reject(error);
      }
      const record = turn ? JSON.stringify({ turn: turn.id, replies: turn.replies }) : "",
        values = [
          turn?.id ?? "",
          record,
          REMEMBERED_TURNS,
          key,
          this.#now().getTime(),
          ...messages.map((message) => JSON.stringify(message)),
        ],
        run = () => this.#redis.eval(appendScript, keys.length, ...keys, ...values);
      return this.#queued(key, run);
    }
    #queued(key, run) {
      const previous = this.#writes.get(key),
        written = previous ? previous.then(() => this.#retried(run)) : this.#retried(run),
        settled = written.catch(() => {});
      return (
        this.#writes.set(key, settled),
        settled.then(() => {
          this.#writes.get(key) === settled && this.#writes.delete(key);
        }),
        written
      );
    }
    async recordedTurn(key, id) {
      const turns = this.#turnsKey(key),
        records = await this.#read(() => this.#redis.lrange(turns, 0, -1));
      for (const record of records) {
        const turn = turnRecordOf(record);
        if (turn?.id === id) return turn.replies;
      }
    }
    async hasChat(channel, chatId) {
      const chat = `${this.#prefix}session-chat:${chatKeyOf({ channel, chatId })}`;
      return (await this.#read(() => this.#redis.exists(chat))) === 1;
    }
    async archive(key) {
      const history = this.keyOf(key);
      await this.flush();
      const stamp = this.#now().toISOString().replace(/[:.]/g, "-"),
        archived = `${this.#prefix}session-archive:${key}:${stamp}`,
        turns = this.#turnsKey(key),
        chats = this.#chatKeys(key),
        archiveOnce = () => {
          const transaction = this.#redis
            .multi()
            .exists(history)
            .rename(history, archived)
            .expire(archived, this.#archiveTtlSeconds)
            .del(turns)
            .zrem(sessionActivityKey(this.#prefix), key)
            .rename(this.#summaryKey(key), `${archived}:summary`)
            .expire(`${archived}:summary`, this.#archiveTtlSeconds);
          for (const chat of chats) transaction.srem(chat, key);
          return transaction.exec();
        },
        results = (await this.#read(archiveOnce)) ?? [];
      if (results[0]?.[1] !== 1) return;
      const renamed = results[1]?.[0];
      if (renamed) throw renamed;
      return archived;
    }
    async flush() {
      for (; this.#writes.size > 0; ) await Promise.all([...this.#writes.values()]);
    }
    async close() {
      this.#closing.abort(), await this.flush();
    }
    async #retried(run) {
      await untilReachable(run, {
        signal: this.#closing.signal,
        onRetry: (error, attempt) =>
          this.#log.warn({ err: error, attempt }, "storing the session in Redis failed; retrying"),
      });
    }
    #read(run) {
      return untilReachable(run, {
        signal: this.#closing.signal,
        patienceMs: this.#readPatienceMs,
        onRetry: (error, attempt) =>
          this.#log.warn({ err: error, attempt }, "reading the session from Redis failed; retrying"),
      });
    }
    #summaryKey(sessionKey) {
      return validateSessionKey(sessionKey), `${this.#prefix}session-summary:${sessionKey}`;
    }
    #parseSummary(key, line) {
      try {
        const parsed = JSON.parse(line);
        if (isSessionSummary(parsed)) return parsed;
      } catch {}
      this.#log.warn({ session: key }, "skipping a corrupt session summary; the turn goes on without it");
    }
    #turnsKey(sessionKey) {
      return validateSessionKey(sessionKey), `${this.#prefix}session-turns:${sessionKey}`;
    }
    #chatKeys(sessionKey) {
      const keys = [`${this.#prefix}session-chat:${sessionKey}`],
        first = sessionKey.indexOf(":");
      for (let colon = sessionKey.indexOf(":", first + 1); colon > 0; colon = sessionKey.indexOf(":", colon + 1))
        keys.push(`${this.#prefix}session-chat:${sessionKey.slice(0, colon)}`);
      return keys;
    }
    #parse(key, line) {
      try {
        const parsed = JSON.parse(line);
        if (isChatMessage(parsed)) return parsed;
        throw new Error("not a chat message");
      } catch (error) {
        this.#log.warn({ session: key, error: error.message }, "skipping a corrupt session line");
        return;
      }
    }
  };
function turnRecordOf(text) {
  try {
    const record = JSON.parse(text);
    return typeof record.turn != "string" || !Array.isArray(record.replies)
      ? void 0
      : { id: record.turn, replies: record.replies.filter((reply) => typeof reply == "string") };
  } catch {
    return;
  }
}
export { RedisSessions, sessionActivityKey };
//# sourceMappingURL=chunk-6URB623V.js.map
