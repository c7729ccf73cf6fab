#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { pause } from "./chunk-RPHP7PVW.js";
var acquireScript = `
if redis.call('EXISTS', KEYS[1]) == 1 then return nil end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. token, 'PX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
return token`,
  renewScript = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`,
  releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`,
  RedisLeases = class {
    #redis;
    #holder;
    #ttlMs;
    #prefix;
    constructor(options) {
      (this.#redis = options.redis),
        (this.#holder = options.holder),
        (this.#ttlMs = options.ttlMs),
        (this.#prefix = options.prefix ?? "skein:");
    }
    keyOf(name) {
      return `${this.#prefix}lease:${name}`;
    }
    async acquire(name) {
      const token = await this.#redis.eval(
        acquireScript,
        3,
        this.keyOf(name),
        `${this.#prefix}lease-token:${name}`,
        `${this.#prefix}lease-names`,
        this.#holder,
        this.#ttlMs,
        name,
      );
      return typeof token == "number" ? { name, token } : void 0;
    }
    async renew(lease) {
      return (await this.#redis.eval(renewScript, 1, this.keyOf(lease.name), this.valueOf(lease), this.#ttlMs)) === 1;
    }
    async release(lease) {
      await this.#redis.eval(releaseScript, 1, this.keyOf(lease.name), this.valueOf(lease));
    }
    async holderOf(name) {
      const value = await this.#redis.get(this.keyOf(name));
      return value ? parseLeaseValue(value) : void 0;
    }
    async held() {
      const names = (await this.#redis.smembers(`${this.#prefix}lease-names`)).sort();
      if (names.length === 0) return [];
      const values = await this.#redis.mget(names.map((name) => this.keyOf(name)));
      return names.flatMap((name, index) => {
        const value = values[index];
        return value ? [{ name, ...parseLeaseValue(value) }] : [];
      });
    }
    get ttlMs() {
      return this.#ttlMs;
    }
    valueOf(lease) {
      return leaseValue(this.#holder, lease.token);
    }
  };
async function keepLease(leases, name, options) {
  let { signal } = options,
    interval = Math.max(20, Math.floor(leases.ttlMs / 3)),
    lease,
    acquiredAt = Date.now();
  for (; !lease; ) {
    if (signal.aborted) return;
    if (((acquiredAt = Date.now()), (lease = await leases.acquire(name).catch(() => {})), lease)) break;
    options.onBusy && options.onBusy((await leases.holderOf(name).catch(() => {}))?.holder),
      await pause(interval, signal);
  }
  const held = lease;
  if (signal.aborted) {
    await leases.release(held).catch(() => {});
    return;
  }
  let lastRenewed = acquiredAt,
    lost = !1,
    timer = setInterval(async () => {
      const sentAt = Date.now(),
        renewed = (options.healthy?.() ?? !0) ? await leases.renew(held).catch(() => {}) : void 0;
      lost ||
        signal.aborted ||
        (renewed && (lastRenewed = sentAt),
        (renewed === !1 || Date.now() - lastRenewed >= leases.ttlMs - interval) &&
          ((lost = !0), clearInterval(timer), options.onLost(held)));
    }, interval);
  return (
    timer.unref(),
    signal.addEventListener(
      "abort",
      () => {
        clearInterval(timer), lost || leases.release(held).catch(() => {});
      },
      { once: !0 },
    ),
    held
  );
}
function leaseValue(holder, token) {
  return `${holder} ${token}`;
}
function parseLeaseValue(value) {
  const space = value.lastIndexOf(" ");
  return { holder: value.slice(0, space), token: Number(value.slice(space + 1)) };
}
export { keepLease, RedisLeases };
//# sourceMappingURL=chunk-VKI4GXCI.js.map
