import type { Logger } from "pino";
import { retentionOf } from "./file-journal.js";
import { type RedisTarget, redisClient } from "./redis-connection.js";
import { RedisJournal, type RedisJournalOptions } from "./redis-journal.js";

export interface OpenRedisJournalOptions
  extends Omit<RedisJournalOptions, "redis" | "reader" | "membership" | "subscriber"> {
  target: RedisTarget;
  /** How long to wait for Redis before starting unready (default 5 s). */
  waitMs?: number;
}

/**
 * Connects to Redis (four connections: commands, blocking reads, the members' beats and
 * leases, and the cluster's announcements) and creates the consumer groups; the process joins
 * the cluster (beats) once it consumes (see `RedisJournal.joinAfter`).
 * When Redis does not answer within `waitMs`, the journal starts anyway: records fail
 * (platforms are not acknowledged) and consuming retries until Redis is back.
 */
export async function openRedisJournal(options: OpenRedisJournalOptions): Promise<RedisJournal> {
  const { target } = options;
  const journal = new RedisJournal({
    ...options,
    redis: redisClient(target),
    reader: redisClient(target, { resend: false }),
    membership: redisClient(target),
    subscriber: redisClient(target),
  });
  if (await journal.connected(options.waitMs ?? 5000)) await journal.ensureGroups();
  else options.log.error("Redis is out of reach: starting unready, recording nothing until it answers (retrying)");
  return journal;
}

export interface ClusterJournalOptions {
  target: RedisTarget;
  log: Logger;
  /** `agents.defaults.max_message_age`: completed ids are remembered as long as the file journal keeps them. */
  maxMessageAgeSeconds: number;
  /** `bus.takeover_after`. */
  takeoverAfterSeconds: number;
}

/** The journal of `skein start` in cluster mode (`bus.redis_url` or `bus.sentinel` set). */
export async function openClusterJournal(options: ClusterJournalOptions): Promise<RedisJournal> {
  const { target, log } = options;
  const journal = await openRedisJournal({
    target,
    log,
    retentionMs: retentionOf(options.maxMessageAgeSeconds).ms,
    takeoverAfterMs: options.takeoverAfterSeconds * 1000,
  });
  log.info({ member: journal.holder }, "cluster mode: the journal is in Redis");
  return journal;
}
