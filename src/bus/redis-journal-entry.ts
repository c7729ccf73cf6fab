import type { Redis } from "ioredis";
import type { JournalEntry, TurnProgress } from "./journal.js";
import type { InboundMessage, OutboundMessage } from "./messages.js";
import { answeredScript, completeScript, deliveredScript, previewScript } from "./redis-journal-scripts.js";
import type { HeldLease, RedisLeases } from "./redis-lease.js";

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
}

/** The keys of the cluster journal under `prefix`. */
export function redisJournalKeys(prefix: string): RedisJournalKeys {
  return {
    stream: (partition) => `${prefix}inbound:${partition}`,
    seen: (messageId) => `${prefix}seen:${messageId}`,
    progress: (messageId) => `${prefix}progress:${messageId}`,
  };
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

/** What {@link fencedEntry} needs to build one handed-out entry. */
export interface FencedEntryOptions {
  redis: Redis;
  leases: RedisLeases;
  keys: RedisJournalKeys;
  retentionMs: number;
  partition: number;
  /** The partition's lease as held when the entry was handed out (absent: every write is refused as lease lost). */
  lease: HeldLease | undefined;
  streamId: string;
  message: InboundMessage;
  progress: TurnProgress;
  /** Runs one progress write (the journal retries it while Redis is unreachable). */
  write(run: () => Promise<unknown>): Promise<void>;
  /** Called once the entry is complete. */
  completed(): void;
}

/**
 * A handed-out entry whose progress writes are fenced by the partition lease: each script first
 * checks that the lease still carries the token it had, so a process that lost its partition
 * cannot record anything for a message another process handles now.
 */
export function fencedEntry(options: FencedEntryOptions): JournalEntry {
  const { redis, leases, keys, retentionMs: retention, partition, lease, streamId, message } = options;
  const fence = [leases.keyOf(`partition:${partition}`)];
  const fenceArguments = [lease ? leases.valueOf(lease) : "", leases.ttlMs];
  const progressKey = keys.progress(message.id);
  const seenKey = keys.seen(message.id);
  const write = (script: string, scriptKeys: string[], values: (string | number)[]) =>
    options.write(() =>
      redis.eval(script, fence.length + scriptKeys.length, ...fence, ...scriptKeys, ...fenceArguments, ...values),
    );
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
