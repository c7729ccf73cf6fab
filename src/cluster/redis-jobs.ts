import type { Redis } from "ioredis";
import { chatKeyOf } from "../bus/messages.js";
import type { JobChat, ScheduledJob } from "../scheduler/job.js";
import { type JobAdded, type JobStore, sameChat } from "../scheduler/job-store.js";

/**
 * Stores a job unless its chat is full. KEYS: job, schedule (sorted set), chat's set.
 * ARGV: id, job JSON, next run (score), the most jobs a chat may have.
 * Returns -1 when stored, else the chat's job count.
 */
const addScript = `
local count = redis.call('SCARD', KEYS[3])
if count >= tonumber(ARGV[4]) then return count end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
return -1`;

/** Removes a job if it exists. KEYS: job, schedule, chat's set. ARGV: id. Returns 1 or 0. */
const removeScript = `
if redis.call('DEL', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
return 1`;

/**
 * Moves a job on when its next run is still ARGV[2] (compare and set), or removes it when
 * ARGV[3] is empty. KEYS: job, schedule, chat's set. ARGV: id, from, to. Returns 1 or 0.
 */
const advanceScript = `
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('SREM', KEYS[3], ARGV[1])
else
  redis.call('ZADD', KEYS[2], 'XX', ARGV[3], ARGV[1])
end
return 1`;

export interface RedisJobsOptions {
  /** A command connection (the cluster's shared-state one). */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
}

/**
 * The scheduled jobs in Redis, shared by every process of a cluster and by `skein schedule`:
 * `<prefix>job:<id>` holds a job's JSON (without its next run), the sorted set
 * `<prefix>jobs` every job id scored by its next run (what the timer asks for), and
 * `<prefix>jobs:chat:<channel>:<chatId>` the ids created from one chat (its limit holds
 * cluster-wide). Every change is one Lua script, so it is atomic.
 */
export class RedisJobs implements JobStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisJobsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
  }

  async list(): Promise<ScheduledJob[]> {
    return this.#jobsOf(await this.#redis.zrange(this.#schedule, 0, -1, "WITHSCORES"));
  }

  async due(now: number): Promise<ScheduledJob[]> {
    return this.#jobsOf(await this.#redis.zrangebyscore(this.#schedule, "-inf", now, "WITHSCORES"));
  }

  async earliestRun(): Promise<number | undefined> {
    const [, score] = await this.#redis.zrange(this.#schedule, 0, 0, "WITHSCORES");
    return score === undefined ? undefined : Number(score);
  }

  async add(job: ScheduledJob, maxPerChat: number): Promise<JobAdded> {
    const { nextRun, ...stored } = job;
    const count = await this.#redis.eval(
      addScript,
      3,
      this.#jobKey(job.id),
      this.#schedule,
      this.#chatKey(job.createdIn),
      job.id,
      JSON.stringify(stored),
      nextRun ?? "+inf",
      maxPerChat,
    );
    return count === -1 ? { type: "added" } : { type: "chat-full", count: Number(count) };
  }

  async remove(id: string, chat?: JobChat): Promise<boolean> {
    const job = await this.#job(id);
    if (!job || (chat && !sameChat(job.createdIn, chat))) return false;
    const removed = await this.#redis.eval(
      removeScript,
      3,
      this.#jobKey(id),
      this.#schedule,
      this.#chatKey(job.createdIn),
      id,
    );
    return removed === 1;
  }

  async advance(id: string, from: number, to: number | undefined): Promise<boolean> {
    const job = await this.#job(id);
    if (!job) return false;
    const advanced = await this.#redis.eval(
      advanceScript,
      3,
      this.#jobKey(id),
      this.#schedule,
      this.#chatKey(job.createdIn),
      id,
      from,
      to ?? "",
    );
    return advanced === 1;
  }

  get #schedule(): string {
    return `${this.#prefix}jobs`;
  }

  #jobKey(id: string): string {
    return `${this.#prefix}job:${id}`;
  }

  #chatKey(chat: JobChat): string {
    return `${this.#prefix}jobs:chat:${chatKeyOf(chat)}`;
  }

  async #job(id: string): Promise<ScheduledJob | undefined> {
    const text = await this.#redis.get(this.#jobKey(id));
    return text ? (JSON.parse(text) as ScheduledJob) : undefined;
  }

  /** The jobs of a `WITHSCORES` reply (id, score, id, score, …), each with its next run; gone ones left out. */
  async #jobsOf(reply: string[]): Promise<ScheduledJob[]> {
    const ids = reply.filter((_, index) => index % 2 === 0);
    if (ids.length === 0) return [];
    const texts = await this.#redis.mget(ids.map((id) => this.#jobKey(id)));
    return texts.flatMap((text, index) => {
      if (!text) return [];
      const score = Number(reply[index * 2 + 1]);
      const job = JSON.parse(text) as ScheduledJob;
      return [Number.isFinite(score) ? { ...job, nextRun: score } : job];
    });
  }
}
