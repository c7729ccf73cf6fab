#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { scanKeys } from "./chunk-BYGTTWWW.js";
import "./chunk-GZ7VATWC.js";
var RedisDashboardSessions = class {
  #redis;
  #prefix;
  constructor(cluster) {
    (this.#redis = cluster.redis), (this.#prefix = `${cluster.prefix}dashboard:`);
  }
  async addLogin(hash, expiresAt) {
    await this.#redis.set(this.#login(hash), String(expiresAt), "PXAT", expiresAt);
  }
  async spendLogin(hash, now) {
    const expiresAt = await this.#redis.getdel(this.#login(hash));
    return expiresAt !== null && Number(expiresAt) > now;
  }
  async addSession(hash, expiresAt) {
    await this.#redis
      .multi()
      .set(this.#session(hash), String(expiresAt), "PXAT", expiresAt)
      .sadd(this.#sessions(), hash)
      .exec();
  }
  async sessionExpiry(hash, now) {
    const expiresAt = await this.#redis.get(this.#session(hash));
    if (!(expiresAt === null || Number(expiresAt) <= now)) return Number(expiresAt);
  }
  async removeSession(hash) {
    await this.#redis.multi().del(this.#session(hash)).srem(this.#sessions(), hash).exec();
  }
  async removeAll() {
    const hashes = await this.#redis.smembers(this.#sessions()),
      logins = await scanKeys(this.#redis, this.#login("*")),
      live = hashes.length ? await this.#redis.exists(...hashes.map((hash) => this.#session(hash))) : 0;
    return await this.#redis.del(this.#sessions(), ...hashes.map((hash) => this.#session(hash)), ...logins), live;
  }
  #login(hash) {
    return `${this.#prefix}login:${hash}`;
  }
  #session(hash) {
    return `${this.#prefix}session:${hash}`;
  }
  #sessions() {
    return `${this.#prefix}sessions`;
  }
};
export { RedisDashboardSessions };
//# sourceMappingURL=redis-dashboard-sessions-XTANULKN.js.map
