import type { Logger } from "pino";
import { retentionOf } from "./file-journal.js";
import { type RedisTarget, redisClient } from "./redis-connection.js";
import { RedisJournal, type RedisJournalOptions } from "./redis-journal.js";

export interface OpenRedisJournalOptions extends Omit<RedisJournalOptions, "redis" | "reader"> {
  target: RedisTarget;
  /** How long to wait for Redis before starting unready (default 5 s). */
  waitMs?: number;
}

/**
 * Connects to Redis (two connections: commands and blocking reads) and creates the consumer
 * groups. When Redis does not answer within `waitMs`, the journal starts anyway: records
 * fail (platforms are not acknowledged) and consuming retries until Redis is back.
 */
export async function openRedisJournal(options: OpenRedisJournalOptions): Promise<RedisJournal> {
  const journal = new RedisJournal({
    ...options,
    redis: redisClient(options.target),
    reader: redisClient(options.target),
  });
  if (await journal.connected(options.waitMs ?? 5000)) await journal.ensureGroups();
  else options.log.error("Redis is out of reach: starting unready, recording nothing until it answers (retrying)");
  return journal;
}

export interface ClusterJournalOptions extends RedisTarget {
  log: Logger;
  /** `agents.defaults.max_message_age`: completed ids are remembered as long as the file journal keeps them. */
  maxMessageAgeSeconds: number;
  /** `bus.takeover_after`. */
  takeoverAfterSeconds: number;
}

/** The journal of `skein start` in cluster mode (`bus.redis_url` set). */
export async function openClusterJournal(options: ClusterJournalOptions): Promise<RedisJournal> {
  const { url, password, log } = options;
  const journal = await openRedisJournal({
    target: { url, ...(password ? { password } : {}) },
    log,
    retentionMs: retentionOf(options.maxMessageAgeSeconds).ms,
    takeoverAfterMs: options.takeoverAfterSeconds * 1000,
  });
  log.info({ member: journal.holder }, "cluster mode: the journal is in Redis");
  return journal;
}
