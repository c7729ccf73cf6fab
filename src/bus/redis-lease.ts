import type { Redis } from "ioredis";
import { pause } from "./redis-connection.js";

/**
 * Takes the lease when nobody holds it: a new fencing token (INCR, never reused) and the
 * holder's value, expiring after the lease time unless renewed; the name joins the set of
 * lease names (for status: a few dozen names, never a SCAN of the keyspace).
 * KEYS: lease, token counter, names set. ARGV: holder, ttl ms, name. Returns the token, or nil when held.
 */
const acquireScript = `
if redis.call('EXISTS', KEYS[1]) == 1 then return nil end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. token, 'PX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
return token`;

/**
 * Extends the lease if this holder still has it, or takes it back if it lapsed while nobody
 * took it (Redis was down longer than the lease: the holder did not die, and no one else
 * acted under the lease meanwhile). KEYS: lease. ARGV: value, ttl ms. Returns 1 or 0.
 */
const renewScript = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Ends the lease if this holder still has it. KEYS: lease. ARGV: value. */
const releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`;

/** A lease and who holds it now, as status shows it. */
export interface LeaseHolder {
  /** `partition:7`, `connection:telegram…`, `scheduler`. */
  name: string;
  /** The member holding it. */
  holder: string;
  token: number;
}

/** A lease this process holds. */
export interface HeldLease {
  readonly name: string;
  /**
   * The fencing token: larger than that of every earlier holder of this lease, so a write
   * guarded by it (see {@link leaseValue}) is refused once a newer holder took over.
   */
  readonly token: number;
}

export interface RedisLeasesOptions {
  redis: Redis;
  /** Who holds (this process): written into the lease, shown by status. */
  holder: string;
  /** How long a lease lasts without renewal: `bus.takeover_after` in milliseconds. */
  ttlMs: number;
  /** Key prefix (default `skein:`). */
  prefix?: string;
}

/**
 * Leases in Redis with fencing tokens: one holder at a time per name (a partition of the
 * inbound stream, a Telegram polling connection, a Discord gateway). A lease lasts
 * `ttlMs` unless its holder renews it; a lease that lapses (its holder died or lost Redis)
 * can be taken by another process, with a larger token.
 */
export class RedisLeases {
  readonly #redis: Redis;
  readonly #holder: string;
  readonly #ttlMs: number;
  readonly #prefix: string;

  constructor(options: RedisLeasesOptions) {
    this.#redis = options.redis;
    this.#holder = options.holder;
    this.#ttlMs = options.ttlMs;
    this.#prefix = options.prefix ?? "skein:";
  }

  /** The Redis key of the lease `name` (for scripts that fence their writes with it). */
  keyOf(name: string): string {
    return `${this.#prefix}lease:${name}`;
  }

  /** Takes `name` when it is free or lapsed; `undefined` while another holder has it. */
  async acquire(name: string): Promise<HeldLease | undefined> {
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
    return typeof token === "number" ? { name, token } : undefined;
  }

  /** Extends a held lease by the lease time; false when another holder took it after it lapsed. */
  async renew(lease: HeldLease): Promise<boolean> {
    const renewed = await this.#redis.eval(renewScript, 1, this.keyOf(lease.name), this.valueOf(lease), this.#ttlMs);
    return renewed === 1;
  }

  /** Gives a held lease up at once (on stop), so another process need not wait for it to lapse. */
  async release(lease: HeldLease): Promise<void> {
    await this.#redis.eval(releaseScript, 1, this.keyOf(lease.name), this.valueOf(lease));
  }

  /** Who holds `name` now and with which token, or `undefined` when it is free. */
  async holderOf(name: string): Promise<{ holder: string; token: number } | undefined> {
    const value = await this.#redis.get(this.keyOf(name));
    return value ? parseLeaseValue(value) : undefined;
  }

  /** Every lease held now (by any member), sorted by name. */
  async held(): Promise<LeaseHolder[]> {
    const names = (await this.#redis.smembers(`${this.#prefix}lease-names`)).sort();
    if (names.length === 0) return [];
    const values = await this.#redis.mget(names.map((name) => this.keyOf(name)));
    return names.flatMap((name, index) => {
      const value = values[index];
      return value ? [{ name, ...parseLeaseValue(value) }] : [];
    });
  }

  /** How long a lease lasts without renewal, in milliseconds. */
  get ttlMs(): number {
    return this.#ttlMs;
  }

  /** The value the lease key has while this process holds `lease`. */
  valueOf(lease: HeldLease): string {
    return leaseValue(this.#holder, lease.token);
  }
}

export interface KeepLeaseOptions {
  /** Called once when the lease is lost (taken by another holder, or not renewable for a whole lease time). */
  onLost: (lease: HeldLease) => void;
  /** Stops renewing and releases the lease. */
  signal: AbortSignal;
  /** While waiting: who holds the lease now (`undefined` when it is free or Redis cannot say). */
  onBusy?: (holder: string | undefined) => void;
  /** Renews only while this says so (default: always): an unhealthy holder lets the lease lapse, and loses it. */
  healthy?: () => boolean;
}

/**
 * Waits until `name` is free, takes it, and keeps renewing it every third of the lease time
 * while the process is healthy, for a single-consumer connection (Telegram long polling,
 * the Discord gateway): the caller connects once this resolves and disconnects on `onLost`.
 * The lease counts as lost a third of a lease time before it could run out unrenewed, so
 * the holder has stopped before another process can take it. Resolves `undefined` when
 * `signal` aborts first. Aborting later releases the lease.
 */
export async function keepLease(
  leases: RedisLeases,
  name: string,
  options: KeepLeaseOptions,
): Promise<HeldLease | undefined> {
  const { signal } = options;
  const interval = Math.max(20, Math.floor(leases.ttlMs / 3));
  let lease: HeldLease | undefined;
  let acquiredAt = Date.now();
  while (!lease) {
    if (signal.aborted) return undefined;
    acquiredAt = Date.now();
    lease = await leases.acquire(name).catch(() => undefined);
    if (lease) break;
    if (options.onBusy) options.onBusy((await leases.holderOf(name).catch(() => undefined))?.holder);
    await pause(interval, signal);
  }
  const held = lease;
  if (signal.aborted) {
    // Stopped while the acquisition was on its way: nobody will use it.
    await leases.release(held).catch(() => undefined);
    return undefined;
  }
  // When the last successful renewal was sent: the lease runs out a lease time after it at the latest.
  let lastRenewed = acquiredAt;
  let lost = false;
  const timer = setInterval(async () => {
    const sentAt = Date.now();
    const healthy = options.healthy?.() ?? true;
    const renewed = healthy ? await leases.renew(held).catch(() => undefined) : undefined;
    if (lost || signal.aborted) return;
    if (renewed) lastRenewed = sentAt;
    // Given up before it can run out (not after): the holder has stopped before anyone else may take over.
    if (renewed === false || Date.now() - lastRenewed >= leases.ttlMs - interval) {
      lost = true;
      clearInterval(timer);
      options.onLost(held);
    }
  }, interval);
  timer.unref();
  signal.addEventListener(
    "abort",
    () => {
      clearInterval(timer);
      if (!lost) void leases.release(held).catch(() => undefined);
    },
    { once: true },
  );
  return held;
}

/** The value of a lease key: holder and token. */
function leaseValue(holder: string, token: number): string {
  return `${holder} ${token}`;
}

function parseLeaseValue(value: string): { holder: string; token: number } {
  const space = value.lastIndexOf(" ");
  return { holder: value.slice(0, space), token: Number(value.slice(space + 1)) };
}
