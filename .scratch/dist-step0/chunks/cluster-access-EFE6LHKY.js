#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { scanKeys } from "./chunk-BYGTTWWW.js";
import { RedisUsage } from "./chunk-N3K3JU5T.js";
import { SubscribedChannel } from "./chunk-OMJM666S.js";
import { RedisPairings, RedisReplyLimit } from "./chunk-PQUQXNJA.js";
import "./chunk-3FEPCLF6.js";
import "./chunk-ZHRPOCJR.js";
import { readyWithin } from "./chunk-RPHP7PVW.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
var decideScript = `
local value = redis.call('GET', KEYS[1])
if not value then return -1 end
redis.call('DEL', KEYS[1])
return redis.call('PUBLISH', ARGV[1] .. cjson.decode(value).owner, ARGV[2])`,
  GRANT_TTL_SECONDS = 30 * 86400,
  RedisApprovals = class {
    #redis;
    #prefix;
    #member;
    #channel;
    #listeners = new Set();
    constructor(options) {
      (this.#redis = options.redis),
        (this.#prefix = options.prefix),
        (this.#member = options.member),
        (this.#channel = new SubscribedChannel(
          options.subscriber,
          `${options.prefix}approvals:${options.member}`,
          (text) => {
            const decision = parseDecision(text);
            if (decision) for (const listener of this.#listeners) listener(decision);
          },
        ));
    }
    async subscribed() {
      await this.#channel.subscribed();
    }
    async publish(request, ttlMs) {
      const value = JSON.stringify({ ...request, owner: this.#member });
      await this.#redis.set(this.#requestKey(request.id), value, "PX", Math.max(1, Math.ceil(ttlMs)));
    }
    async withdraw(id) {
      await this.#redis.del(this.#requestKey(id));
    }
    async claim(id) {
      return (await this.#redis.del(this.#requestKey(id))) === 1;
    }
    async find(id) {
      const text = await this.#redis.get(this.#requestKey(id));
      if (!text) return;
      const { owner: _owner, ...request } = JSON.parse(text);
      return request;
    }
    async list() {
      const keys = await scanKeys(this.#redis, this.#requestKey("*")),
        now = Date.now();
      return (
        await Promise.all(
          keys.map(async (key) => {
            const [text, ttl] = await Promise.all([this.#redis.get(key), this.#redis.pttl(key)]);
            if (!text || ttl <= 0) return;
            const { owner: _owner, ...request } = JSON.parse(text);
            return { ...request, expiresAt: now + ttl };
          }),
        )
      ).filter((request) => request !== void 0);
    }
    async decide(decision) {
      const receivers = Number(
        await this.#redis.eval(
          decideScript,
          1,
          this.#requestKey(decision.id),
          `${this.#prefix}approvals:`,
          JSON.stringify(decision),
        ),
      );
      return receivers < 0 ? "gone" : receivers === 0 ? "orphaned" : "delivered";
    }
    onDecision(listener) {
      this.#listeners.add(listener);
    }
    async isGranted(sessionKey, key) {
      return (await this.#redis.sismember(this.#grantsKey(sessionKey), key)) === 1;
    }
    async grant(sessionKey, key) {
      const grants = this.#grantsKey(sessionKey);
      await this.#redis.multi().sadd(grants, key).expire(grants, GRANT_TTL_SECONDS).exec();
    }
    async forgetConversation(sessionKey) {
      await this.#redis.del(this.#grantsKey(sessionKey));
    }
    async close() {
      await this.#channel.close();
    }
    #requestKey(id) {
      return `${this.#prefix}approval:${id}`;
    }
    #grantsKey(sessionKey) {
      return `${this.#prefix}approval-grants:${sessionKey}`;
    }
  };
function parseDecision(text) {
  try {
    const decision = JSON.parse(text),
      choices = ["once", "conversation", "deny"];
    return typeof decision.id == "string" && choices.includes(decision.choice) && decision.by ? decision : void 0;
  } catch {
    return;
  }
}
async function clusterAccess(cluster, now) {
  const { redis, prefix } = cluster,
    subscriber = redis.duplicate();
  subscriber.on("error", () => {});
  const approvals = new RedisApprovals({ redis, subscriber, prefix, member: cluster.journal.holder });
  return (
    (await readyWithin(subscriber, cluster.startWaitMs)) && (await approvals.subscribed().catch(() => {})),
    {
      pairings: new RedisPairings({ redis, prefix }),
      pairingReplies: new RedisReplyLimit({ redis, prefix }),
      usage: new RedisUsage({ redis, prefix, ...(now ? { now } : {}) }),
      approvals,
    }
  );
}
export { clusterAccess };
//# sourceMappingURL=cluster-access-EFE6LHKY.js.map
