import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { JournalEntry, TurnProgress } from "./journal.js";
import type { InboundMessage, OutboundMessage } from "./messages.js";
import { untilReachable } from "./redis-connection.js";
import {
  answeredScript,
  assignScript,
  completeScript,
  deliveredScript,
  previewScript,
} from "./redis-journal-scripts.js";
import type { HeldLease, RedisLeases } from "./redis-lease.js";
import type { RedisMembership } from "./redis-membership.js";
import { replicatedEval } from "./redis-replication.js";

/** The consumer group every partition's stream is read through. */
export const consumerGroup = "skein";

/** The Redis keys of the cluster journal under one prefix (default `skein:`). */
export interface RedisJournalKeys {
  /** The inbound stream of a partition. */
  stream(partition: number): string;
  /** A message id seen (de-duplication), with its state. */
  seen(messageId: string): string;
  /** The hash of a message's progress (replies, delivered chunks, preview). */
  progress(messageId: string): string;
  /** The partition a chat (its session key) was given. */
  chatPartition(sessionKey: string): string;
  /** How many chats each partition was given (a hash by partition). */
  readonly partitionChats: string;
  /** Every member's beat (a hash by member). */
  readonly beats: string;
}

/** The keys of the cluster journal under `prefix`. */
export function redisJournalKeys(prefix: string): RedisJournalKeys {
  return {
    stream: (partition) => `${prefix}inbound:${partition}`,
    seen: (messageId) => `${prefix}seen:${messageId}`,
    progress: (messageId) => `${prefix}progress:${messageId}`,
    chatPartition: (sessionKey) => `${prefix}chat-partition:${sessionKey}`,
    partitionChats: `${prefix}partition-chats`,
    beats: `${prefix}beats`,
  };
}

/**
 * The partition of the chat of session key `sessionKey` (given to it now, balanced by count, if
 * it has none yet; see `redis-journal-scripts.ts`), as `record` would put its next message.
 */
export async function chatPartition(
  redis: Redis,
  { prefix, partitions, ttlMs, sessionKey }: { prefix: string; partitions: number; ttlMs: number; sessionKey: string },
): Promise<number> {
  const keys = redisJournalKeys(prefix);
  return (await redis.eval(
    assignScript,
    3,
    keys.chatPartition(sessionKey),
    keys.partitionChats,
    keys.beats,
    prefix,
    partitions,
    ttlMs,
  )) as number;
}

/** A message's progress as its hash holds it (after a takeover: what the earlier holder got done). */
export async function readProgress(redis: Redis, keys: RedisJournalKeys, messageId: string): Promise<TurnProgress> {
  const hash = await redis.hgetall(keys.progress(messageId));
  const preview = hash.preview ? { preview: hash.preview } : {};
  if (!hash.replies) return { type: "received", ...preview };
  const replies = JSON.parse(hash.replies) as OutboundMessage[];
  const delivered = replies.map((_, index) => Number(hash[`d${index}`] ?? 0));
  return { type: "answered", replies, delivered, ...preview };
}

/** Runs one fenced script: the journal waits until this process may act, retries while Redis is out of reach, and waits for a replica. */
export type FencedWrite = (script: string, keys: string[], values: (string | number)[]) => Promise<void>;

export interface FencedWritesOptions {
  redis: Redis;
  membership: RedisMembership;
  /** Stops retrying (the journal closes). */
  signal: AbortSignal;
  log: Logger;
}

/**
 * The journal's progress writes: each once this process may act (see {@link RedisMembership.acting}),
 * with a `WAIT` for a replica while one is healthy, retried with backoff while Redis cannot be
 * reached or no replica acknowledged it (a reply the platform accepted must not be sent again
 * because Redis restarted or failed over meanwhile; every script is safe to run twice). A fence
 * refused (another process took the partition over: it handles the message now) is thrown.
 */
export function fencedWrites({ redis, membership, signal, log }: FencedWritesOptions): FencedWrite {
  return async (script, keys, values) => {
    await untilReachable(
      async () => {
        await membership.untilActing(signal);
        await replicatedEval(redis, membership.healthyReplicas, script, keys, values);
      },
      {
        signal,
        onRetry: (error, attempt) => log.warn({ err: error, attempt }, "recording progress in Redis failed; retrying"),
      },
    );
  };
}

/** What {@link fencedEntry} needs to build one handed-out entry. */
export interface FencedEntryOptions {
  leases: RedisLeases;
  keys: RedisJournalKeys;
  retentionMs: number;
  partition: number;
  /** The partition's lease as held when the entry was handed out (absent: every write is refused as lease lost). */
  lease: HeldLease | undefined;
  streamId: string;
  message: InboundMessage;
  progress: TurnProgress;
  write: FencedWrite;
  /** Called once the entry is complete. */
  completed(): void;
}

/**
 * A handed-out entry whose progress writes are fenced by the partition lease: each script first
 * checks that the lease still carries the token it had, so a process that lost its partition
 * cannot record anything for a message another process handles now.
 */
export function fencedEntry(options: FencedEntryOptions): JournalEntry {
  const { leases, keys, retentionMs: retention, partition, lease, streamId, message } = options;
  const fence = [leases.keyOf(`partition:${partition}`)];
  const fenceArguments = [lease ? leases.valueOf(lease) : ""];
  const progressKey = keys.progress(message.id);
  const seenKey = keys.seen(message.id);
  const write = (script: string, scriptKeys: string[], values: (string | number)[]) =>
    options.write(script, [...fence, ...scriptKeys], [...fenceArguments, ...values]);
  return {
    message,
    recordedAt: Number(streamId.split("-")[0]),
    progress: options.progress,
    answered: async (replies) => {
      await write(answeredScript, [progressKey, seenKey], [JSON.stringify(replies), retention]);
    },
    previewed: async (messageId) => {
      await write(previewScript, [progressKey], [messageId, retention]);
    },
    delivered: async (reply, chunk) => {
      await write(deliveredScript, [progressKey], [reply, chunk + 1]);
    },
    complete: async () => {
      await write(completeScript, [keys.stream(partition), progressKey, seenKey], [consumerGroup, streamId, retention]);
      options.completed();
    },
  };
}
