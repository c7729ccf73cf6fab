import { performance } from "node:perf_hooks";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { ClusterTiming } from "./cluster-timing.js";
import { wakeablePause } from "./redis-connection.js";
import { healthyReplicasIn } from "./redis-replication.js";

/**
 * Counts this member's beat, and reads every member's beat, the members leaving, and the holder
 * of every lease. KEYS: beats hash, members zset (heartbeat times, for status; entries an hour
 * old dropped), leaving set, lease names set. ARGV: member, epoch ms, lease key prefix.
 */
const roundScript = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[2]) - 3600000)
local names = redis.call('SMEMBERS', KEYS[4])
local values = {}
if #names > 0 then
  local keys = {}
  for index, name in ipairs(names) do keys[index] = ARGV[3] .. name end
  values = redis.call('MGET', unpack(keys))
end
return {redis.call('HGETALL', KEYS[1]), redis.call('SMEMBERS', KEYS[3]), names, values}`;

/**
 * Declares a member gone if its beat is still the one seen unchanged for the silence: removes it
 * (its leases can then be taken) and announces it. KEYS: beats, members, leaving. ARGV: member, beat, channel.
 */
const forgetScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('PUBLISH', ARGV[3], 'gone ' .. ARGV[1])
return 1`;

/** Leaves for good (after releasing every lease). KEYS: beats, members, leaving. ARGV: member, channel. */
const leaveScript = `
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('PUBLISH', ARGV[2], 'left ' .. ARGV[1])
return 1`;

/** A lease's holder and fencing token, as a lease key holds them (`<holder> <token>`). */
export interface LeaseValue {
  holder: string;
  token: number;
}

/** What one round saw. */
export interface MembershipRound {
  /** When it was sent (`performance.now()`). */
  sentAt: number;
  /** Every lease held, by name (`partition:7`, `connection:telegram:…`, `scheduler`). */
  leases: ReadonlyMap<string, LeaseValue>;
}

export interface RedisMembershipOptions {
  /** A connection of its own: beats must not wait behind the journal's writes (or their `WAIT`). */
  redis: Redis;
  /** A subscriber connection for the cluster's announcements (a lease released, a member gone). */
  subscriber: Redis;
  member: string;
  timing: ClusterTiming;
  prefix: string;
  log: Logger;
}

/**
 * This process as a member of the cluster, and what it sees of the others. Every member beats
 * (a counter in Redis) every `beatEveryMs` and reads everyone's beat in the same script. A member
 * whose beat this one saw unchanged for `silenceMs` is declared gone (an atomic check that the
 * beat is still the same, then its removal), after which its leases can be taken. Time is
 * measured only here, never by Redis key expiry: a stalled Redis (or a stalled observer) cannot
 * make a live member look dead, because the silence is counted from the end of the round that
 * first saw a beat to the sending of a later round that still sees it, and a member stops acting
 * `actingMs` after sending its last answered beat, a beat before anyone can count its silence.
 * Announcements on `<prefix>cluster` (a lease released, a member leaving or gone) make every
 * member look again at once instead of at its next beat.
 */
export class RedisMembership {
  readonly #options: RedisMembershipOptions;
  readonly #keys: string[];
  readonly #channel: string;
  readonly #stopping = new AbortController();
  /** Each other member's beat and when (end of the round that first saw it). */
  readonly #seen = new Map<string, { beat: string; at: number }>();
  readonly #listeners = new Set<(round: MembershipRound) => void>();
  #lastBeatSentAt = Number.NEGATIVE_INFINITY;
  #live = 1;
  #replicas = 0;
  #round: MembershipRound = { sentAt: 0, leases: new Map() };
  #members = new Set<string>();
  #leaving = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #nudged = false;
  #roundDone: Array<() => void> = [];

  constructor(options: RedisMembershipOptions) {
    this.#options = options;
    const { prefix } = options;
    this.#keys = [`${prefix}beats`, `${prefix}members`, `${prefix}leaving`, `${prefix}lease-names`];
    this.#channel = `${prefix}cluster`;
    options.subscriber.on("message", (channel: string) => {
      if (channel === this.#channel) this.nudge();
    });
    const subscribe = () => void options.subscriber.subscribe(this.#channel).catch(() => undefined);
    options.subscriber.on("ready", subscribe);
    if (options.subscriber.status === "ready") subscribe();
  }

  get member(): string {
    return this.#options.member;
  }

  get timing(): ClusterTiming {
    return this.#options.timing;
  }

  /** The pub/sub channel of announcements (scripts publish on it). */
  get channel(): string {
    return this.#channel;
  }

  /** Begins beating (once). */
  start(): void {
    this.#loop ??= this.#run();
  }

  /** Whether this member may act now: its last beat Redis answered was sent less than `actingMs` ago. */
  get acting(): boolean {
    return performance.now() - this.#lastBeatSentAt < this.#options.timing.actingMs;
  }

  /** Resolves once this member may act (at once while it may); rejects once `signal` aborts or it closed. */
  async untilActing(signal?: AbortSignal): Promise<void> {
    while (!this.acting) {
      signal?.throwIfAborted();
      this.#stopping.signal.throwIfAborted();
      await this.afterRound(signal);
    }
  }

  /** Resolves after the next round (answered or not), after a beat's time at most, or once `signal` aborts. */
  afterRound(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, this.#options.timing.beatEveryMs);
      timer.unref();
      signal?.addEventListener("abort", done, { once: true });
      this.#roundDone.push(done);
    });
  }

  /** Members taking part at the last round: not gone, not silent for the silence, not leaving (this one included unless leaving). */
  get liveMembers(): number {
    return this.#live;
  }

  /** Whether `member` beats (it was not declared gone and did not leave), at the last round. */
  isMember(member: string): boolean {
    return member === this.member ? !this.#leaving : this.#members.has(member);
  }

  /** Replicas of the primary that are online and keep up, at the last round (see `redis-replication.ts`). */
  get healthyReplicas(): number {
    return this.#replicas;
  }

  /** What the last round saw. */
  get lastRound(): MembershipRound {
    return this.#round;
  }

  /** Calls `listener` after each round (never two at once for one listener). Returns the unsubscribe function. */
  onRound(listener: (round: MembershipRound) => void | Promise<void>): () => void {
    let running = false;
    let next: MembershipRound | undefined;
    const serial = (round: MembershipRound) => {
      next = round;
      if (running) return;
      running = true;
      void (async () => {
        while (next) {
          const taken = next;
          next = undefined;
          await Promise.resolve(listener(taken)).catch((error: unknown) =>
            this.#options.log.warn({ err: error }, "cluster: acting on what the members' round showed failed"),
          );
        }
        running = false;
      })();
    };
    this.#listeners.add(serial);
    return () => this.#listeners.delete(serial);
  }

  /** Runs the next round now rather than at the next beat (an announcement, a lease given up); once more if one is on its way. */
  nudge(): void {
    this.#nudged = true;
    this.#wake?.();
  }

  /** Tells the others this member is leaving: they count it out of their shares at once; it beats on while it drains. */
  async announceLeaving(): Promise<void> {
    this.#leaving = true;
    await this.#options.redis
      .multi()
      .sadd(this.#keys[2]!, this.member)
      .publish(this.#channel, `leaving ${this.member}`)
      .exec();
  }

  /** Stops beating and leaves (every lease released before): the others forget it at once. */
  async leave(): Promise<void> {
    this.#leaving = true;
    this.#stopping.abort();
    this.nudge();
    await this.#loop;
    await this.#options.redis.eval(leaveScript, 3, ...this.#keys.slice(0, 3), this.member, this.#channel);
  }

  /** Stops beating without leaving (a kill, in tests); closes nothing. */
  stop(): void {
    this.#stopping.abort();
    this.nudge();
  }

  async #run(): Promise<void> {
    const { redis, member, prefix, timing, log } = this.#options;
    const signal = this.#stopping.signal;
    let failures = 0;
    while (!signal.aborted) {
      this.#nudged = false;
      const sentAt = performance.now();
      try {
        const answers = (await redis
          .pipeline()
          .eval(roundScript, 4, ...this.#keys, member, Date.now(), `${prefix}lease:`)
          .info("replication")
          .exec()) as [Error | null, unknown][] | null;
        const [beaten, info] = answers ?? [];
        if (!beaten || beaten[0]) throw beaten?.[0] ?? new Error("the round was not answered");
        this.#lastBeatSentAt = sentAt;
        this.#replicas = info && !info[0] ? healthyReplicasIn(String(info[1])) : 0;
        await this.#look(sentAt, beaten[1] as RoundAnswer);
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        if (failures++ === 0) log.warn({ err: error }, "cluster: the members' round failed; trying again");
      }
      for (const done of this.#roundDone.splice(0)) done();
      // Nudged while the round was on its way: what it announced may not be in this round's answer.
      const delay = this.#nudged ? 0 : Math.max(0, sentAt + timing.beatEveryMs - performance.now());
      // Until the next beat, a nudge or the stop.
      await wakeablePause(delay, signal, (wake) => {
        this.#wake = wake;
      });
    }
  }

  /** Updates what this member knows of the others from a round's answer, declares the silent ones gone, and tells the listeners. */
  async #look(sentAt: number, [beatPairs, leaving, names, values]: RoundAnswer): Promise<void> {
    const { timing, redis, member } = this.#options;
    const seenAt = performance.now();
    const beats = new Map<string, string>();
    for (let index = 0; index < beatPairs.length; index += 2) beats.set(beatPairs[index]!, beatPairs[index + 1]!);
    for (const known of this.#seen.keys()) if (!beats.has(known)) this.#seen.delete(known);
    const silent: Array<[string, string]> = [];
    for (const [other, beat] of beats) {
      if (other === member) continue;
      const seen = this.#seen.get(other);
      if (!seen || seen.beat !== beat) this.#seen.set(other, { beat, at: seenAt });
      else if (sentAt - seen.at >= timing.silenceMs) silent.push([other, beat]);
    }
    for (const [other, beat] of silent) {
      const forgotten = await redis.eval(forgetScript, 3, ...this.#keys.slice(0, 3), other, beat, this.#channel);
      if (forgotten !== 1) continue;
      beats.delete(other);
      this.#seen.delete(other);
      this.#options.log.warn({ member: other }, "cluster: a member fell silent; taking over its work");
    }
    this.#members = new Set(beats.keys());
    const leavingSet = new Set(leaving);
    let live = 0;
    for (const other of beats.keys()) if (other !== member && !leavingSet.has(other)) live++;
    this.#live = live + (this.#leaving ? 0 : 1);
    const leases = new Map<string, LeaseValue>();
    for (const [index, name] of names.entries()) {
      const value = values[index];
      if (value) leases.set(name, parseLeaseValue(value));
    }
    this.#round = { sentAt, leases };
    for (const listener of this.#listeners) listener(this.#round);
  }
}

type RoundAnswer = [beats: string[], leaving: string[], names: string[], values: Array<string | null>];

/** The holder and token of a lease key's value. */
export function parseLeaseValue(value: string): LeaseValue {
  const space = value.lastIndexOf(" ");
  return { holder: value.slice(0, space), token: Number(value.slice(space + 1)) };
}
