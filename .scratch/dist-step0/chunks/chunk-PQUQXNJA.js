#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { checkPairingChannel, isSenderNamed, pairingChannelName, withoutUndefined } from "./chunk-FIAR7CSA.js";
import { generatePairingCode, normalizePairingCode } from "./chunk-GMD2LKHM.js";
var requestScript = `
local now, ttl, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local entries = redis.call('HGETALL', KEYS[1])
local count = 0
for index = 1, #entries, 2 do
  local entry = cjson.decode(entries[index + 1])
  if entry.createdAt + ttl <= now then
    redis.call('HDEL', KEYS[1], entries[index])
  elseif entry.senderId == ARGV[4] then
    return {'existing', entries[index + 1]}
  else
    count = count + 1
  end
end
if count >= max then return {'full'} end
if redis.call('HSETNX', KEYS[1], ARGV[5], ARGV[6]) == 0 then return {'taken'} end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SADD', KEYS[2], ARGV[7])
return {'new'}`,
  approveScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
redis.call('SADD', KEYS[3], ARGV[5])
return 1`,
  revokeScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])`,
  RedisPairings = class {
    location;
    remedy = "check that Redis (bus.redis_url) is reachable; skein retries by itself";
    #redis;
    #prefix;
    #ttlMs;
    #maxPending;
    #now;
    constructor(options) {
      (this.#redis = options.redis),
        (this.#prefix = `${options.prefix}pairing:`),
        (this.location = `Redis (${this.#prefix}*)`),
        (this.#ttlMs = options.ttlMs ?? 3600 * 1e3),
        (this.#maxPending = options.maxPending ?? 3),
        (this.#now = options.now ?? Date.now);
    }
    async isApproved(channel, senderId) {
      return (await this.#redis.hexists(this.#approvedKey(channel), senderId)) === 1;
    }
    async requestCode(channel, sender) {
      const pendingKey = this.#pendingKey(channel);
      for (;;) {
        const code = generatePairingCode(),
          createdAt = this.#now(),
          entry = { ...withoutUndefined(sender), code, createdAt },
          [outcome, existing] = await this.#redis.eval(
            requestScript,
            2,
            pendingKey,
            this.#channelsKey(),
            createdAt,
            this.#ttlMs,
            this.#maxPending,
            sender.senderId,
            code,
            JSON.stringify(entry),
            channel,
          );
        if (outcome === "full") return { type: "too-many-pending" };
        if (outcome === "new") return { type: "code", code, expiresAt: createdAt + this.#ttlMs, isNew: !0 };
        if (outcome === "existing" && existing) {
          const found = JSON.parse(existing);
          return { type: "code", code: found.code, expiresAt: found.createdAt + this.#ttlMs, isNew: !1 };
        }
      }
    }
    async approve(channel, code) {
      const wanted = normalizePairingCode(code),
        pendingKey = this.#pendingKey(channel),
        text = await this.#redis.hget(pendingKey, wanted);
      if (!text) return;
      const pending = JSON.parse(text);
      if (pending.createdAt + this.#ttlMs <= this.#now()) return;
      const { createdAt: _createdAt, chatId: _chatId, ...sender } = pending,
        approved = { ...sender, approvedAt: this.#now() };
      return (await this.#redis.eval(
        approveScript,
        3,
        pendingKey,
        this.#approvedKey(channel),
        this.#channelsKey(),
        wanted,
        text,
        sender.senderId,
        JSON.stringify(approved),
        channel,
      )) === 1
        ? approved
        : void 0;
    }
    async deny(channel, code) {
      return (await this.#redis.hdel(this.#pendingKey(channel), normalizePairingCode(code))) === 1;
    }
    async revoke(channel, sender) {
      const approvedKey = this.#approvedKey(channel);
      for (;;) {
        const found = Object.entries(await this.#redis.hgetall(approvedKey)).find(([, text2]) =>
          isSenderNamed(JSON.parse(text2), sender),
        );
        if (!found) return;
        const [senderId, text] = found;
        if ((await this.#redis.eval(revokeScript, 1, approvedKey, senderId, text)) === 1) return JSON.parse(text);
      }
    }
    async list() {
      const channels = (await this.#redis.smembers(this.#channelsKey()))
          .filter((name) => pairingChannelName.test(name))
          .sort(),
        result = new Map();
      for (const channel of channels) {
        const pairings = await this.read(channel);
        (pairings.pending.length || pairings.approved.length) && result.set(channel, pairings);
      }
      return result;
    }
    async read(channel) {
      const [pending, approved] = await Promise.all([
          this.#redis.hvals(this.#pendingKey(channel)),
          this.#redis.hvals(this.#approvedKey(channel)),
        ]),
        now = this.#now();
      return {
        pending: pending
          .map((text) => JSON.parse(text))
          .filter((entry) => entry.createdAt + this.#ttlMs > now)
          .sort((a, b) => a.createdAt - b.createdAt),
        approved: approved.map((text) => JSON.parse(text)).sort((a, b) => a.approvedAt - b.approvedAt),
      };
    }
    #pendingKey(channel) {
      return checkPairingChannel(channel), `${this.#prefix}${channel}:pending`;
    }
    #approvedKey(channel) {
      return checkPairingChannel(channel), `${this.#prefix}${channel}:approved`;
    }
    #channelsKey() {
      return `${this.#prefix}channels`;
    }
  },
  RedisReplyLimit = class {
    #redis;
    #prefix;
    constructor(options) {
      (this.#redis = options.redis), (this.#prefix = `${options.prefix}pairing:replied:`);
    }
    async claim(sender, intervalMs) {
      return intervalMs <= 0
        ? !0
        : (await this.#redis.set(this.#key(sender), "1", "PX", Math.ceil(intervalMs), "NX")) === "OK";
    }
    async forget(sender) {
      await this.#redis.del(this.#key(sender));
    }
    #key(sender) {
      return `${this.#prefix}${sender.replace("\0", ":")}`;
    }
  };
export { RedisPairings, RedisReplyLimit };
//# sourceMappingURL=chunk-PQUQXNJA.js.map
