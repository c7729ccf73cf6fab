#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { RedisSessions } from "./chunk-6URB623V.js";
import "./chunk-6XMWGJAV.js";
import "./chunk-MNLODEE5.js";
import "./chunk-ZHRPOCJR.js";
import { untilReachable } from "./chunk-RPHP7PVW.js";
import "./chunk-DK6GBXFZ.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-BF4ACQ66.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
var RedisSessionSettings = class {
  #redis;
  #prefix;
  #readPatienceMs;
  constructor(options) {
    (this.#redis = options.redis),
      (this.#prefix = options.prefix),
      (this.#readPatienceMs = options.readPatienceMs ?? 3e4);
  }
  async get(sessionKey) {
    const key = this.#keyOf(sessionKey),
      fields = await untilReachable(() => this.#redis.hgetall(key), { patienceMs: this.#readPatienceMs });
    return fields.model === void 0 ? {} : { model: fields.model };
  }
  async set(sessionKey, settings) {
    const key = this.#keyOf(sessionKey),
      fields = Object.entries(settings).filter((entry) => entry[1] !== void 0),
      transaction = this.#redis.multi().del(key);
    fields.length > 0 && transaction.hset(key, Object.fromEntries(fields));
    const failed = ((await transaction.exec()) ?? []).find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }
  #keyOf(sessionKey) {
    return `${this.#prefix}session-settings:${sessionKey}`;
  }
};
function clusterSessions(cluster, log) {
  const { redis, prefix } = cluster;
  return { sessions: new RedisSessions({ redis, prefix, log }), settings: new RedisSessionSettings({ redis, prefix }) };
}
export { clusterSessions };
//# sourceMappingURL=cluster-sessions-UXURQVEL.js.map
