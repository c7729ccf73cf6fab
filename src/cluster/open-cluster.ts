import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { openClusterJournal } from "../bus/cluster-journal.js";
import { type RedisTarget, redisClient } from "../bus/redis-connection.js";
import type { RedisJournal } from "../bus/redis-journal.js";
import type { RedisLeases } from "../bus/redis-lease.js";
import type { ChannelStateStore } from "../channel-kit/channel.js";
import type { ConnectionLeases } from "../channel-kit/leased-receiving.js";
import { redisConnectionLeases } from "./connection-leases.js";
import { redisChannelState } from "./redis-channel-state.js";

/** Key prefix of everything skein keeps in Redis. */
export const clusterKeyPrefix = "skein:";

export interface OpenClusterOptions {
  /** `bus.redis_url` or `bus.sentinel`. */
  target: RedisTarget;
  log: Logger;
  /** `agents.defaults.max_message_age`. */
  maxMessageAgeSeconds: number;
  /** `bus.takeover_after`. */
  takeoverAfterSeconds: number;
}

/**
 * What cluster mode (`bus.redis_url` or `bus.sentinel`) gives the daemon: the journal in Redis
 * Streams, the members' round and its leases (partitions, single-consumer connections, jobs),
 * and one connection for the state every process shares (sessions, pairings, notes, jobs,
 * usage). Imported only in cluster mode, so an embedded daemon never loads the Redis client.
 */
export interface Cluster {
  readonly journal: RedisJournal;
  /** Leases held under this member's name (the journal's, on its members' round). */
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
  /** Aborted when this process begins to leave the cluster (see {@link handOver}): one-process work stops then. */
  readonly leaving: AbortSignal;
  /**
   * Begins a graceful stop: aborts {@link leaving} and drains the journal (see `RedisJournal.drain`):
   * idle partitions go to the other processes at once, busy ones as their turns end, the rest at close.
   */
  handOver(): void;
  /** Closes the journal (releasing its partitions, leaving the members) and the state connection. */
  close(): Promise<void>;
}

/** Connects a clustered daemon to Redis (see {@link Cluster}). */
export async function openCluster(options: OpenClusterOptions): Promise<Cluster> {
  const { target, log } = options;
  const journal = await openClusterJournal(options);
  const redis = redisClient(target);
  const startWaitMs = journal.status().redis === "connected" ? 2000 : 0;
  const prefix = clusterKeyPrefix;
  const { leases } = journal;
  const leaving = new AbortController();
  return {
    journal,
    redis,
    startWaitMs,
    prefix,
    leases,
    connectionLeases: redisConnectionLeases(leases),
    channelState: (name) => redisChannelState(redis, prefix, name),
    leaving: leaving.signal,
    handOver() {
      leaving.abort();
      void journal.drain();
    },
    async close() {
      await journal.close();
      await redis.quit().catch(() => redis.disconnect());
      log.debug("cluster connections closed");
    },
  };
}
