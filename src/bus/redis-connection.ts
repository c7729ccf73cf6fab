import { Redis, type RedisOptions } from "ioredis";
import { abortableSleep } from "../util/sleep.js";
import type { RedisTarget } from "./redis-target.js";

export { describeTarget, type RedisSentinelTarget, type RedisTarget, type RedisUrlTarget } from "./redis-target.js";

/** Backoff of the reconnection attempts: 50 ms doubling to at most 2 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(50 * 2 ** Math.min(attempt, 6), 2000);
}

/** A connection problem or a Redis still loading its data, not an answer that would be the same again. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name !== "ReplyError") return true;
  return /^(LOADING|TRYAGAIN|MASTERDOWN)/.test(error.message);
}

const neverAborted = new AbortController().signal;

export interface UntilReachableOptions {
  /** Stops waiting: the last error is thrown. */
  signal?: AbortSignal;
  /** How long to keep trying, in milliseconds (default: as long as `signal` allows). */
  patienceMs?: number;
  /** Called before each wait (to log it). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `run`, again with backoff while Redis cannot be reached (a connection problem, Redis
 * still loading its data), until it answers, `signal` aborts or the patience ran out; then
 * the last error is thrown. Errors Redis answers with (a wrong type, a script error) are thrown at once.
 */
export async function untilReachable<T>(run: () => Promise<T>, options: UntilReachableOptions): Promise<T> {
  const { signal = neverAborted, patienceMs = Number.POSITIVE_INFINITY, onRetry } = options;
  const giveUpAt = Date.now() + patienceMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransient(error) || signal.aborted || Date.now() >= giveUpAt) throw error;
      onRetry?.(error, attempt);
      await pause(Math.min(reconnectDelay(attempt), Math.max(0, giveUpAt - Date.now())), signal);
    }
  }
}

/** Waits `ms`, or less when `signal` aborts (a retry loop's backoff). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return abortableSleep(ms, signal).catch(() => undefined);
}

/**
 * Waits `ms`, or less when `signal` aborts or the wake function handed to `setWake` is called (then `undefined` is
 * handed over when the wait ends): a loop's wait that others may cut short, leaving no timer or listener behind.
 */
export async function wakeablePause(
  ms: number,
  signal: AbortSignal,
  setWake: (wake: (() => void) | undefined) => void,
): Promise<void> {
  if (signal.aborted) return;
  const wait = new AbortController();
  const wake = () => wait.abort();
  setWake(wake);
  signal.addEventListener("abort", wake, { once: true });
  try {
    await pause(ms, wait.signal);
  } finally {
    signal.removeEventListener("abort", wake);
    setWake(undefined);
  }
}

export interface RedisClientOptions {
  lazyConnect?: boolean;
  /**
   * Whether commands sent and not answered when the connection dropped are sent again after
   * it is back (default true: every write skein makes is safe to repeat). Off for blocking
   * reads, whose lost answer must be noticed (the entries it delivered are claimed again).
   */
  resend?: boolean;
}

/**
 * A client that connects in the background and reconnects with backoff whenever the
 * connection drops. Commands issued while it is down fail at once instead of queueing (so
 * a message is never acknowledged to its platform on the promise of a later write). Through
 * Sentinel, it asks the Sentinels for the primary at each connection, drops the connection
 * as soon as a Sentinel announces a failover (so a primary that hangs without closing its
 * sockets is left too), and reconnects when a write meets a replica (`READONLY`).
 */
export function redisClient(target: RedisTarget, options: RedisClientOptions = {}): Redis {
  const settings: RedisOptions = {
    lazyConnect: options.lazyConnect ?? false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
    autoResendUnfulfilledCommands: options.resend ?? true,
  };
  let client: Redis;
  if ("sentinel" in target) {
    const { master, nodes, password, sentinelPassword } = target.sentinel;
    client = new Redis({
      ...settings,
      name: master,
      sentinels: nodes.map(sentinelAddress),
      ...(password ? { password } : {}),
      ...(sentinelPassword ? { sentinelPassword } : {}),
      failoverDetector: true,
      sentinelRetryStrategy: reconnectDelay,
      // 2: reconnect (to the primary the Sentinels name now) and send the refused write again.
      reconnectOnError: (error) => (error.message.startsWith("READONLY") ? 2 : false),
    });
  } else {
    const withPassword = { ...settings, ...(target.password ? { password: target.password } : {}) };
    client = target.url.startsWith("/")
      ? new Redis({ ...withPassword, path: target.url })
      : new Redis(target.url, withPassword);
  }
  // Errors are reported through the commands that fail; the client retries by itself.
  client.on("error", () => undefined);
  return client;
}

function sentinelAddress(node: string): { host: string; port: number } {
  const colon = node.lastIndexOf(":");
  return { host: node.slice(0, colon).replace(/^\[(.*)\]$/, "$1"), port: Number(node.slice(colon + 1)) };
}

/** Opens a connection and waits until it is ready (rejects when the first attempt fails). */
export async function connectRedis(target: RedisTarget, signal?: AbortSignal): Promise<Redis> {
  const client = redisClient(target, { lazyConnect: true });
  const abort = () => client.disconnect();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    await client.connect();
    signal?.throwIfAborted();
    return client;
  } catch (error) {
    client.disconnect();
    throw error;
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}

/** Resolves true once `client` is ready, false when it is not within `ms`. */
export function readyWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    timer.unref();
    client.on("ready", onReady);
  });
}

/** The server's version from `INFO server` (Valkey reports a Redis-compatible `redis_version` too). */
export async function serverVersion(client: Redis): Promise<string> {
  const info = await client.info("server");
  return /^redis_version:(\S+)/m.exec(info)?.[1] ?? "unknown";
}

/** Whether `version` (`major.minor.patch`) is at least `minimum`. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const have = version.split(".").map(Number);
  const need = minimum.split(".").map(Number);
  for (let index = 0; index < need.length; index++) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (Number.isNaN(difference)) return false;
    if (difference !== 0) return difference > 0;
  }
  return true;
}
