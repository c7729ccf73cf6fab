#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { Redis } from "ioredis";
import { abortableSleep } from "./chunk-2FTZYMYD.js";
function reconnectDelay(attempt) {
  return Math.min(50 * 2 ** Math.min(attempt, 6), 2e3);
}
function isTransient(error) {
  return error instanceof Error
    ? error.name !== "ReplyError"
      ? !0
      : /^(LOADING|TRYAGAIN|MASTERDOWN)/.test(error.message)
    : !1;
}
var neverAborted = new AbortController().signal;
async function untilReachable(run, options) {
  const { signal = neverAborted, patienceMs = Number.POSITIVE_INFINITY, onRetry } = options,
    giveUpAt = Date.now() + patienceMs;
  for (let attempt = 1; ; attempt++)
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error) || signal.aborted || Date.now() >= giveUpAt) throw error;
      onRetry?.(error, attempt),
        await pause(Math.min(reconnectDelay(attempt), Math.max(0, giveUpAt - Date.now())), signal);
    }
}
function pause(ms, signal) {
  return abortableSleep(ms, signal).catch(() => {});
}
function redisClient(target, options = {}) {
  const settings = {
      lazyConnect: options.lazyConnect ?? !1,
      enableOfflineQueue: !1,
      maxRetriesPerRequest: 0,
      retryStrategy: reconnectDelay,
      ...(target.password ? { password: target.password } : {}),
    },
    client = target.url.startsWith("/")
      ? new Redis({ ...settings, path: target.url })
      : new Redis(target.url, settings);
  return client.on("error", () => {}), client;
}
async function connectRedis(target, signal) {
  const client = redisClient(target, { lazyConnect: !0 }),
    abort = () => client.disconnect();
  signal?.addEventListener("abort", abort, { once: !0 });
  try {
    return await client.connect(), signal?.throwIfAborted(), client;
  } catch (error) {
    throw (client.disconnect(), error);
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}
function readyWithin(client, ms) {
  return client.status === "ready"
    ? Promise.resolve(!0)
    : new Promise((resolve) => {
        const done = (ready) => {
            clearTimeout(timer), client.off("ready", onReady), resolve(ready);
          },
          onReady = () => done(!0),
          timer = setTimeout(() => done(!1), ms);
        timer.unref(), client.on("ready", onReady);
      });
}
async function serverVersion(client) {
  const info = await client.info("server");
  return /^redis_version:(\S+)/m.exec(info)?.[1] ?? "unknown";
}
function versionAtLeast(version, minimum) {
  const have = version.split(".").map(Number),
    need = minimum.split(".").map(Number);
  for (let index = 0; index < need.length; index++) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (Number.isNaN(difference)) return !1;
    if (difference !== 0) return difference > 0;
  }
  return !0;
}
export {
  connectRedis,
  isTransient,
  pause,
  readyWithin,
  reconnectDelay,
  redisClient,
  serverVersion,
  untilReachable,
  versionAtLeast,
};
//# sourceMappingURL=chunk-RPHP7PVW.js.map
