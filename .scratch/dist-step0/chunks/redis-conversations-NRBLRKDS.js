#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeMessages } from "./chunk-6KSNBT4H.js";
import { sessionActivityKey } from "./chunk-6URB623V.js";
import "./chunk-6XMWGJAV.js";
import "./chunk-MNLODEE5.js";
import "./chunk-ZHRPOCJR.js";
import "./chunk-RPHP7PVW.js";
import "./chunk-DK6GBXFZ.js";
import { sessionKeyWithoutAgent } from "./chunk-6GFJEBQS.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-BF4ACQ66.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
var MAX_SCANNED_SESSIONS = 1e4,
  SEARCHED_MESSAGES = 200,
  SEARCHED_BYTES = 16 * 1024 * 1024,
  SCAN_PAGE = 500,
  TITLE_MESSAGES = 10,
  BATCH = 50,
  RedisConversations = class {
    #redis;
    #prefix;
    #sessions;
    constructor(options) {
      (this.#redis = options.redis), (this.#prefix = options.prefix), (this.#sessions = options.sessions);
    }
    async list({ channel, q }) {
      let recent = (await this.#scan(channel)).sort((a, b) => b.lastActivity - a.lastActivity).slice(0, 300),
        listed = [],
        budget = SEARCHED_BYTES;
      for (let start = 0; start < recent.length; start += BATCH) {
        const batch = recent.slice(start, start + BATCH),
          searching = q !== void 0 && budget > 0,
          reads = this.#redis.pipeline();
        for (const { key } of batch) {
          const history = this.#historyKey(key);
          reads.llen(history).lrange(history, 0, TITLE_MESSAGES - 1),
            searching && reads.lrange(history, -SEARCHED_MESSAGES, -1);
        }
        const results = (await reads.exec()) ?? [],
          per = searching ? 3 : 2;
        batch.forEach((entry, index) => {
          const [length, first, newest] = results.slice(index * per, index * per + per).map(([, value]) => value);
          if (typeof length != "number" || length === 0) return;
          const lines = newest ?? [];
          budget -= lines.reduce((sum, line) => sum + line.length, 0);
          const { title } = describeMessages(parsed(first), void 0),
            { match } = describeMessages(parsed(lines), q);
          (q !== void 0 && match === void 0) ||
            listed.push({
              key: entry.key,
              lastActivity: entry.lastActivity,
              messageCount: length,
              ...(title !== void 0 && { title }),
              ...(match !== void 0 && { match }),
            });
        });
      }
      return listed;
    }
    read(key) {
      return this.#sessions.load(key);
    }
    async #scan(channel) {
      let found = [],
        historyPrefix = this.#historyKey(""),
        cursor = "0",
        scanned = 0;
      do {
        const [next, page] = await this.#redis.scan(cursor, "MATCH", `${historyPrefix}*`, "COUNT", SCAN_PAGE);
        cursor = next;
        const keys = page
          .slice(0, MAX_SCANNED_SESSIONS - scanned)
          .map((redisKey) => redisKey.slice(historyPrefix.length))
          .filter((key) => !channel || sessionKeyWithoutAgent(key).startsWith(`${channel}:`));
        if (((scanned += page.length), keys.length === 0)) continue;
        const scores = await this.#redis.zmscore(sessionActivityKey(this.#prefix), ...keys),
          unknown = keys.filter((_, index) => scores[index] === null),
          dated = unknown.length ? await this.#dateUnknown(unknown) : new Map();
        for (const [index, key] of keys.entries())
          found.push({ key, lastActivity: scores[index] !== null ? Number(scores[index]) : (dated.get(key) ?? 0) });
      } while (cursor !== "0" && scanned < MAX_SCANNED_SESSIONS);
      return found;
    }
    async #dateUnknown(keys) {
      const now = Date.now(),
        idle = this.#redis.pipeline();
      for (const key of keys) idle.object("IDLETIME", this.#historyKey(key));
      const answers = (await idle.exec()) ?? [],
        dated = new Map();
      for (const [index, key] of keys.entries()) {
        const [error, seconds] = answers[index] ?? [];
        !error && typeof seconds == "number" && dated.set(key, now - seconds * 1e3);
      }
      return (
        dated.size &&
          (await this.#redis.zadd(
            sessionActivityKey(this.#prefix),
            "NX",
            ...[...dated].flatMap(([key, time]) => [time, key]),
          )),
        dated
      );
    }
    #historyKey(key) {
      return `${this.#prefix}session:${key}`;
    }
  };
function parsed(lines) {
  return lines.flatMap((line) => {
    try {
      const message = JSON.parse(line);
      return message && typeof message == "object" ? [message] : [];
    } catch {
      return [];
    }
  });
}
export { MAX_SCANNED_SESSIONS, RedisConversations, SEARCHED_BYTES, SEARCHED_MESSAGES };
//# sourceMappingURL=redis-conversations-NRBLRKDS.js.map
