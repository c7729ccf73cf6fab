import type { Redis } from "ioredis";
import { generatePairingCode, normalizePairingCode } from "../access/pairing-code.js";
import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import {
  type ApprovedSender,
  type ChannelPairings,
  checkPairingChannel,
  isSenderNamed,
  type PairingRequest,
  type PairingSender,
  type PairingStore,
  type PendingPairing,
  pairingChannelName,
  withoutUndefined,
} from "../access/pairing-store.js";

/**
 * The sender's valid code, or a new one: drops the expired codes, returns the sender's own
 * one, refuses when `max` are pending, else stores the new code (unless taken).
 * KEYS: pending hash, channel set. ARGV: now, ttl ms, max, sender id, new code, new entry JSON, channel.
 * Returns {"existing", entry JSON}, {"full"}, {"taken"} or {"new"}.
 */
const requestScript = `
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
return {'new'}`;

/**
 * Approves a code once: only if the pending entry is still the one read.
 * KEYS: pending hash, approved hash, channel set. ARGV: code, pending JSON, sender id, approved JSON, channel.
 * Returns 1 when this call approved it, 0 when it was gone.
 */
const approveScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
redis.call('SADD', KEYS[3], ARGV[5])
return 1`;

/** Removes an approved sender if still as read. KEYS: approved hash. ARGV: sender id, approved JSON. */
const revokeScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])`;

export interface RedisPairingsOptions {
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  /** How long a code stays valid (default 1 hour). */
  ttlMs?: number;
  /** Pending codes allowed per channel at once (default 3). */
  maxPending?: number;
  now?: () => number;
}

/**
 * The pairings of a cluster, in Redis: per channel a hash of pending codes
 * (`skein:pairing:<channel>:pending`, code -> JSON, expiring with its newest code) and a hash
 * of approved senders (`skein:pairing:<channel>:approved`, sender id -> JSON), and the set
 * of channels that have any (`skein:pairing:channels`). Every change is one script, so a code
 * approved from two machines at once approves once, and every process sees it at once.
 */
export class RedisPairings implements PairingStore {
  readonly location: string;
  readonly remedy = "check that Redis (bus.redis_url) is reachable; skein retries by itself";
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #maxPending: number;
  readonly #now: () => number;

  constructor(options: RedisPairingsOptions) {
    this.#redis = options.redis;
    this.#prefix = `${options.prefix}pairing:`;
    this.location = `Redis (${this.#prefix}*)`;
    this.#ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.#maxPending = options.maxPending ?? 3;
    this.#now = options.now ?? Date.now;
  }

  async isApproved(channel: string, senderId: string): Promise<boolean> {
    return (await this.#redis.hexists(this.#approvedKey(channel), senderId)) === 1;
  }

  async requestCode(channel: string, sender: PairingSender): Promise<PairingRequest> {
    const pendingKey = this.#pendingKey(channel);
    for (;;) {
      const code = generatePairingCode();
      const createdAt = this.#now();
      const entry: PendingPairing = { ...withoutUndefined(sender), code, createdAt };
      const [outcome, existing] = (await this.#redis.eval(
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
      )) as [string, string | undefined];
      if (outcome === "full") return { type: "too-many-pending" };
      if (outcome === "new") return { type: "code", code, expiresAt: createdAt + this.#ttlMs, isNew: true };
      if (outcome === "existing" && existing) {
        const found = JSON.parse(existing) as PendingPairing;
        return { type: "code", code: found.code, expiresAt: found.createdAt + this.#ttlMs, isNew: false };
      }
      // "taken": another sender holds this random code; draw another.
    }
  }

  async approve(channel: string, code: string): Promise<ApprovedSender | undefined> {
    const wanted = normalizePairingCode(code);
    const pendingKey = this.#pendingKey(channel);
    const text = await this.#redis.hget(pendingKey, wanted);
    if (!text) return undefined;
    const pending = JSON.parse(text) as PendingPairing;
    if (pending.createdAt + this.#ttlMs <= this.#now()) return undefined;
    const { createdAt: _createdAt, chatId: _chatId, ...sender } = pending;
    const approved: ApprovedSender = { ...sender, approvedAt: this.#now() };
    const won = await this.#redis.eval(
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
    );
    return won === 1 ? approved : undefined;
  }

  async deny(channel: string, code: string): Promise<boolean> {
    return (await this.#redis.hdel(this.#pendingKey(channel), normalizePairingCode(code))) === 1;
  }

  async revoke(channel: string, sender: string): Promise<ApprovedSender | undefined> {
    const approvedKey = this.#approvedKey(channel);
    for (;;) {
      const entries = Object.entries(await this.#redis.hgetall(approvedKey));
      const found = entries.find(([, text]) => isSenderNamed(JSON.parse(text) as ApprovedSender, sender));
      if (!found) return undefined;
      const [senderId, text] = found;
      if ((await this.#redis.eval(revokeScript, 1, approvedKey, senderId, text)) === 1)
        return JSON.parse(text) as ApprovedSender;
      // Changed meanwhile (approved again, or revoked elsewhere): look again.
    }
  }

  async list(): Promise<Map<string, ChannelPairings>> {
    const channels = (await this.#redis.smembers(this.#channelsKey()))
      .filter((name) => pairingChannelName.test(name))
      .sort();
    const result = new Map<string, ChannelPairings>();
    for (const channel of channels) {
      const pairings = await this.read(channel);
      if (pairings.pending.length || pairings.approved.length) result.set(channel, pairings);
    }
    return result;
  }

  async read(channel: string): Promise<ChannelPairings> {
    const [pending, approved] = await Promise.all([
      this.#redis.hvals(this.#pendingKey(channel)),
      this.#redis.hvals(this.#approvedKey(channel)),
    ]);
    const now = this.#now();
    return {
      pending: pending
        .map((text) => JSON.parse(text) as PendingPairing)
        .filter((entry) => entry.createdAt + this.#ttlMs > now)
        .sort((a, b) => a.createdAt - b.createdAt),
      approved: approved.map((text) => JSON.parse(text) as ApprovedSender).sort((a, b) => a.approvedAt - b.approvedAt),
    };
  }

  #pendingKey(channel: string): string {
    checkPairingChannel(channel);
    return `${this.#prefix}${channel}:pending`;
  }

  #approvedKey(channel: string): string {
    checkPairingChannel(channel);
    return `${this.#prefix}${channel}:approved`;
  }

  #channelsKey(): string {
    return `${this.#prefix}channels`;
  }
}

/**
 * The pairing reply limit of a cluster: one key per sender (`skein:pairing:replied:<channel>:<id>`)
 * set only when absent, expiring after the interval, so one process answers and the others wait.
 */
export class RedisReplyLimit implements PairingReplyLimit {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: Pick<RedisPairingsOptions, "redis" | "prefix">) {
    this.#redis = options.redis;
    this.#prefix = `${options.prefix}pairing:replied:`;
  }

  async claim(sender: string, intervalMs: number): Promise<boolean> {
    if (intervalMs <= 0) return true;
    return (await this.#redis.set(this.#key(sender), "1", "PX", Math.ceil(intervalMs), "NX")) === "OK";
  }

  async forget(sender: string): Promise<void> {
    await this.#redis.del(this.#key(sender));
  }

  #key(sender: string): string {
    return `${this.#prefix}${sender.replace("\0", ":")}`;
  }
}
