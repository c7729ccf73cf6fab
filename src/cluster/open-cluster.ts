import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { openClusterJournal } from "../bus/cluster-journal.js";
import { type RedisTarget, redisClient } from "../bus/redis-connection.js";
import type { RedisJournal } from "../bus/redis-journal.js";
import { RedisLeases } from "../bus/redis-lease.js";
import type { ChannelStateStore } from "../channel-kit/channel.js";
import type { ConnectionLeases } from "../channel-kit/leased-receiving.js";
import { redisConnectionLeases } from "./connection-leases.js";
import { redisChannelState } from "./redis-channel-state.js";

/** Key prefix of everything skein keeps in Redis. */
export const clusterKeyPrefix = "skein:";

export interface OpenClusterOptions extends RedisTarget {
  log: Logger;
  /** `agents.defaults.max_message_age`. */
  maxMessageAgeSeconds: number;
  /** `bus.takeover_after`. */
  takeoverAfterSeconds: number;
}

/**
 * What cluster mode (`bus.redis_url`) gives the daemon: the journal in Redis Streams, the
 * leases of single-consumer connections and jobs, and one connection for the state every
 * process shares (sessions, pairings, notes, jobs, usage). Imported only in cluster mode,
 * so an embedded daemon never loads the Redis client.
 */
export interface Cluster {
  readonly journal: RedisJournal;
  /** Leases held under this member's name, with the journal's lease time. */
  readonly leases: RedisLeases;
  /** The leases of single-consumer connections (Telegram long polling, the Discord gateway), on {@link leases}. */
  readonly connectionLeases: ConnectionLeases;
  /** The state channel `name` shares with the other processes (Discord's catch-up marks). */
  channelState(name: string): ChannelStateStore;
  /** The connection of the shared stores (commands only; never a blocking read). */
  readonly redis: Redis;
  /**
   * How long the other stores may wait for Redis at start: a few seconds when it answered the
   * journal, 0 when the journal already waited in vain (a daemon started while Redis is down is
   * ready after one wait, not one per store).
   */
  readonly startWaitMs: number;
  /** Key prefix of everything skein keeps in Redis. */
  readonly prefix: string;
  /** Closes the journal (releasing its partitions) and the state connection. */
  close(): Promise<void>;
}

/** Connects a clustered daemon to Redis (see {@link Cluster}). */
export async function openCluster(options: OpenClusterOptions): Promise<Cluster> {
  const { url, password, log } = options;
  const target: RedisTarget = { url, ...(password ? { password } : {}) };
  const journal = await openClusterJournal({ ...options, ...target });
  const redis = redisClient(target);
  const startWaitMs = journal.status().redis === "connected" ? 2000 : 0;
  const prefix = clusterKeyPrefix;
  const leases = new RedisLeases({ redis, holder: journal.holder, ttlMs: options.takeoverAfterSeconds * 1000, prefix });
  return {
    journal,
    redis,
    startWaitMs,
    prefix,
    leases,
    connectionLeases: redisConnectionLeases(leases, journal.holder),
    channelState: (name) => redisChannelState(redis, prefix, name),
    async close() {
      await journal.close();
      await redis.quit().catch(() => redis.disconnect());
      log.debug("cluster connections closed");
    },
  };
}
