import { performance } from "node:perf_hooks";
import type { Redis } from "ioredis";
import { type LeaseValue, parseLeaseValue, type RedisMembership } from "./redis-membership.js";

/**
 * Takes, of the leases named, those that are free, held by a member that is gone (declared so by
 * the members' round, or never beating), or held by this member, up to a limit: each with a new
 * fencing token (INCR, never reused), its name joining the set every round reads. KEYS: names
 * set, beats, then each lease key, then each token counter. ARGV: holder, limit, then each name.
 * Returns `{position, token, ...}` of the leases taken (positions from 1).
 */
const acquireScript = `
local count = (#KEYS - 2) / 2
local limit = tonumber(ARGV[2])
local taken = {}
for position = 1, count do
  if #taken >= 2 * limit then break end
  local current = redis.call('GET', KEYS[2 + position])
  local free = true
  local holder = current and string.match(current, '^(.*) %d+$')
  if holder then free = holder == ARGV[1] or redis.call('HEXISTS', KEYS[2], holder) == 0 end
  if free then
    local token = redis.call('INCR', KEYS[2 + count + position])
    redis.call('SET', KEYS[2 + position], ARGV[1] .. ' ' .. token)
    redis.call('SADD', KEYS[1], ARGV[2 + position])
    taken[#taken + 1] = position
    taken[#taken + 1] = token
  end
end
return taken`;

/** Ends the lease if this holder still has it, and announces it. KEYS: lease. ARGV: value, channel, name. */
const releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[2], 'released ' .. ARGV[3])
return 1`;

/** A lease and who holds it now, as status shows it. */
export interface LeaseHolder extends LeaseValue {
  /** `partition:7`, `connection:telegram…`, `scheduler`. */
  name: string;
}

/** A lease this process holds. */
export interface HeldLease {
  readonly name: string;
  /**
   * The fencing token: larger than that of every earlier holder of this lease, so a write
   * guarded by it (see {@link RedisLeases.valueOf}) is refused once a newer holder took over.
   */
  readonly token: number;
}

export interface RedisLeasesOptions {
  /** The membership's connection (leases are taken and given up beside the beats). */
  redis: Redis;
  membership: RedisMembership;
  /** Key prefix (default `skein:`). */
  prefix?: string;
}

/**
 * Leases in Redis with fencing tokens: one holder at a time per name (a partition of the
 * inbound stream, a Telegram polling connection, a Discord gateway, the scheduler). A lease
 * has no expiry of its own: it is the holder's until the holder gives it up or the members'
 * round declares the holder gone (see {@link RedisMembership}), and then the next taker gets a
 * larger token.
 */
export class RedisLeases {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly membership: RedisMembership;

  constructor(options: RedisLeasesOptions) {
    this.#redis = options.redis;
    this.membership = options.membership;
    this.#prefix = options.prefix ?? "skein:";
  }

  /** This process as a lease holder. */
  get holder(): string {
    return this.membership.member;
  }

  /** The Redis key of the lease `name` (for scripts that fence their writes with it). */
  keyOf(name: string): string {
    return `${this.#prefix}lease:${name}`;
  }

  /** Takes `name` when it is free or its holder is gone; `undefined` while a member holds it. */
  async acquire(name: string): Promise<HeldLease | undefined> {
    const [lease] = await this.acquireMany([name], 1);
    return lease;
  }

  /** Takes, in one round trip, up to `limit` of the leases `names` that are free or whose holder is gone. */
  async acquireMany(names: string[], limit: number): Promise<HeldLease[]> {
    if (names.length === 0 || limit <= 0) return [];
    const taken = (await this.#redis.eval(
      acquireScript,
      2 + 2 * names.length,
      `${this.#prefix}lease-names`,
      `${this.#prefix}beats`,
      ...names.map((name) => this.keyOf(name)),
      ...names.map((name) => `${this.#prefix}lease-token:${name}`),
      this.holder,
      limit,
      ...names,
    )) as number[];
    const leases: HeldLease[] = [];
    for (let index = 0; index < taken.length; index += 2)
      leases.push({ name: names[taken[index]! - 1]!, token: taken[index + 1]! });
    return leases;
  }

  /** Gives a held lease up at once and announces it, so another process takes it without waiting. */
  async release(lease: HeldLease): Promise<void> {
    await this.#redis.eval(
      releaseScript,
      1,
      this.keyOf(lease.name),
      this.valueOf(lease),
      this.membership.channel,
      lease.name,
    );
  }

  /** Who holds `name` now and with which token, or `undefined` when it is free. */
  async holderOf(name: string): Promise<LeaseValue | undefined> {
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

  /** The value the lease key has while this process holds `lease`. */
  valueOf(lease: HeldLease): string {
    return `${this.holder} ${lease.token}`;
  }

  /** Whether the last round could give `name` to this process: free, held by a member that is gone, or by this one. */
  mayTake(name: string): boolean {
    const current = this.membership.lastRound.leases.get(name);
    return !current || current.holder === this.holder || !this.membership.isMember(current.holder);
  }
}

export interface KeepLeaseOptions {
  /** Called once when the lease is lost (another holder has it, or this process could not act). */
  onLost: (lease: HeldLease) => void;
  /** Stops waiting; once held, stops keeping and releases the lease. */
  signal: AbortSignal;
  /** While waiting: who holds the lease now (`undefined` when it is free or Redis cannot say). */
  onBusy?: (holder: string | undefined) => void;
  /** Keeps the lease only while this says so (default: always): unhealthy for a silence, it is given up. */
  healthy?: () => boolean;
}

/**
 * Waits until `name` can be taken (free, its holder gone or giving it up), takes it, and keeps it
 * for a single-consumer connection (Telegram long polling, the Discord gateway) or one-process
 * work (the scheduler): the caller starts once this resolves and stops on `onLost`. Lost when a
 * round shows another holder, when this process may no longer act (it could not beat: it stops
 * before anyone can declare it gone), or when `healthy` said no for a whole silence (then it is
 * released, so another process tries). Resolves `undefined` when `signal` aborts first; aborting
 * later releases the lease.
 */
export async function keepLease(
  leases: RedisLeases,
  name: string,
  options: KeepLeaseOptions,
): Promise<HeldLease | undefined> {
  const { signal } = options;
  const { membership } = leases;
  const { beatEveryMs, silenceMs } = membership.timing;
  let lease: HeldLease | undefined;
  while (!lease) {
    if (signal.aborted) return undefined;
    if (membership.lastRound.sentAt > 0 && membership.acting && leases.mayTake(name))
      lease = await leases.acquire(name).catch(() => undefined);
    if (lease) break;
    options.onBusy?.(membership.lastRound.leases.get(name)?.holder);
    await membership.afterRound(signal);
  }
  const held = lease;
  const heldSince = performance.now();
  if (signal.aborted) {
    // Stopped while the acquisition was on its way: nobody will use it.
    await leases.release(held).catch(() => undefined);
    return undefined;
  }
  let lost = false;
  let unhealthySince: number | undefined;
  const lose = (release: boolean) => {
    if (lost) return;
    lost = true;
    stopWatching();
    clearInterval(timer);
    if (release) void leases.release(held).catch(() => undefined);
    options.onLost(held);
  };
  const check = () => {
    if (lost || signal.aborted) return;
    if (!membership.acting) return lose(false);
    const round = membership.lastRound;
    // A round sent before the lease was taken still shows the earlier holder.
    if (round.sentAt > heldSince && round.leases.get(name)?.token !== held.token) return lose(false);
    if (options.healthy?.() === false) {
      unhealthySince ??= performance.now();
      if (performance.now() - unhealthySince >= silenceMs) lose(true);
    } else unhealthySince = undefined;
  };
  const stopWatching = membership.onRound(check);
  // Also between rounds: a round that hangs (Redis stalled) must not keep a process acting past its time.
  const timer = setInterval(check, beatEveryMs);
  timer.unref();
  signal.addEventListener(
    "abort",
    () => {
      stopWatching();
      clearInterval(timer);
      if (!lost) void leases.release(held).catch(() => undefined);
    },
    { once: true },
  );
  return held;
}
