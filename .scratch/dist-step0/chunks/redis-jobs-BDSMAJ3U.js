#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { sameChat } from "./chunk-DBSFFG4C.js";
import "./chunk-SLFH2BJK.js";
import { chatKeyOf } from "./chunk-XSPF2MYQ.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
var addScript = `
local count = redis.call('SCARD', KEYS[3])
if count >= tonumber(ARGV[4]) then return count end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
return -1`,
  removeScript = `
if redis.call('DEL', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
return 1`,
  advanceScript = `
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('SREM', KEYS[3], ARGV[1])
else
  redis.call('ZADD', KEYS[2], 'XX', ARGV[3], ARGV[1])
end
return 1`,
  RedisJobs = class {
    #redis;
    #prefix;
    constructor(options) {
      (this.#redis = options.redis), (this.#prefix = options.prefix);
    }
    async list() {
      return this.#jobsOf(await this.#redis.zrange(this.#schedule, 0, -1, "WITHSCORES"));
    }
    async due(now) {
      return this.#jobsOf(await this.#redis.zrangebyscore(this.#schedule, "-inf", now, "WITHSCORES"));
    }
    async earliestRun() {
      const [, score] = await this.#redis.zrange(this.#schedule, 0, 0, "WITHSCORES");
      return score === void 0 ? void 0 : Number(score);
    }
    async add(job, maxPerChat) {
      const { nextRun, ...stored } = job,
        count = await this.#redis.eval(
          addScript,
          3,
          this.#jobKey(job.id),
          this.#schedule,
          this.#chatKey(job.createdIn),
          job.id,
          JSON.stringify(stored),
          nextRun ?? "+inf",
          maxPerChat,
        );
      return count === -1 ? { type: "added" } : { type: "chat-full", count: Number(count) };
    }
    async remove(id, chat) {
      const job = await this.#job(id);
      return !job || (chat && !sameChat(job.createdIn, chat))
        ? !1
        : (await this.#redis.eval(
            removeScript,
            3,
            this.#jobKey(id),
            this.#schedule,
            this.#chatKey(job.createdIn),
            id,
          )) === 1;
    }
    async advance(id, from, to) {
      const job = await this.#job(id);
      return job
        ? (await this.#redis.eval(
            advanceScript,
            3,
            this.#jobKey(id),
            this.#schedule,
            this.#chatKey(job.createdIn),
            id,
            from,
            to ?? "",
          )) === 1
        : !1;
    }
    get #schedule() {
      return `${this.#prefix}jobs`;
    }
    #jobKey(id) {
      return `${this.#prefix}job:${id}`;
    }
    #chatKey(chat) {
      return `${this.#prefix}jobs:chat:${chatKeyOf(chat)}`;
    }
    async #job(id) {
      const text = await this.#redis.get(this.#jobKey(id));
      return text ? JSON.parse(text) : void 0;
    }
    async #jobsOf(reply) {
      const ids = reply.filter((_, index) => index % 2 === 0);
      return ids.length === 0
        ? []
        : (await this.#redis.mget(ids.map((id) => this.#jobKey(id)))).flatMap((text, index) => {
            if (!text) return [];
            const score = Number(reply[index * 2 + 1]),
              job = JSON.parse(text);
            return [Number.isFinite(score) ? { ...job, nextRun: score } : job];
          });
    }
  };
export { RedisJobs };
//# sourceMappingURL=redis-jobs-BDSMAJ3U.js.map
