#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { hostname } from "node:os";
import { retentionOf } from "./chunk-KSKPHG5U.js";
import { pause, readyWithin, reconnectDelay, redisClient, untilReachable } from "./chunk-RPHP7PVW.js";
import { keepLease, RedisLeases } from "./chunk-VKI4GXCI.js";
import { sessionKeyOf } from "./chunk-XSPF2MYQ.js";
async function readClusterView({ redis, leases, prefix, streams, group }) {
  const looks = redis.pipeline().zrange(`${prefix}members`, 0, -1, "WITHSCORES");
  for (const stream of streams) looks.xlen(stream).xpending(stream, group);
  const [answers, held] = await Promise.all([looks.exec(), leases.held()]),
    [heartbeats, ...perStream] = (answers ?? []).map(([error, value]) => (error ? void 0 : value)),
    members = [],
    beats = heartbeats ?? [];
  for (let index = 0; index < beats.length; index += 2)
    members.push({ name: beats[index], heartbeatAt: Number(beats[index + 1]) });
  members.sort((a, b) => b.heartbeatAt - a.heartbeatAt);
  let unfinished = 0,
    pending = { total: 0, byMember: {} };
  for (let index = 0; index < perStream.length; index += 2) {
    unfinished += Number(perStream[index] ?? 0);
    const summary = perStream[index + 1];
    pending.total += Number(summary?.[0] ?? 0);
    for (const [member, count] of summary?.[3] ?? [])
      pending.byMember[member] = (pending.byMember[member] ?? 0) + Number(count);
  }
  return { readAt: Date.now(), members, leases: held, unfinished, pending };
}
var leaseLostError = "LEASELOST",
  fence = `
local holder = redis.call('GET', KEYS[1])
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
elseif holder ~= ARGV[1] then return redis.error_reply('${leaseLostError} the partition lease is held by another process now') end`,
  recordScript = `
local state = redis.call('GET', KEYS[1])
if state then return {0, state} end
local id = redis.call('XADD', KEYS[2], '*', 'message', ARGV[2])
redis.call('SET', KEYS[1], 'received', 'PX', ARGV[1])
return {1, id}`,
  answeredScript = `${fence}
local preview = redis.call('HGET', KEYS[2], 'preview')
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'replies', ARGV[3])
if preview then redis.call('HSET', KEYS[2], 'preview', preview) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[3], 'answered', 'KEEPTTL')
return 1`,
  previewScript = `${fence}
redis.call('HSET', KEYS[2], 'preview', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`,
  deliveredScript = `${fence}
local field = 'd' .. ARGV[3]
local current = tonumber(redis.call('HGET', KEYS[2], field) or '0')
if tonumber(ARGV[4]) > current then redis.call('HSET', KEYS[2], field, ARGV[4]) end
return 1`,
  completeScript = `${fence}
redis.call('XACK', KEYS[2], ARGV[3], ARGV[4])
redis.call('XDEL', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[3])
redis.call('SET', KEYS[4], 'complete', 'PX', ARGV[5])
return 1`;
var consumerGroup = "skein";
function redisJournalKeys(prefix) {
  return {
    stream: (partition) => `${prefix}inbound:${partition}`,
    seen: (messageId) => `${prefix}seen:${messageId}`,
    progress: (messageId) => `${prefix}progress:${messageId}`,
  };
}
async function readProgress(redis, keys, messageId) {
  const hash = await redis.hgetall(keys.progress(messageId)),
    preview = hash.preview ? { preview: hash.preview } : {};
  if (!hash.replies) return { type: "received", ...preview };
  const replies = JSON.parse(hash.replies),
    delivered = replies.map((_, index) => Number(hash[`d${index}`] ?? 0));
  return { type: "answered", replies, delivered, ...preview };
}
function fencedEntry(options) {
  const { redis, leases, keys, retentionMs: retention, partition, lease, streamId, message } = options,
    fence2 = [leases.keyOf(`partition:${partition}`)],
    fenceArguments = [lease ? leases.valueOf(lease) : "", leases.ttlMs],
    progressKey = keys.progress(message.id),
    seenKey = keys.seen(message.id),
    write = (script, scriptKeys, values) =>
      options.write(() =>
        redis.eval(script, fence2.length + scriptKeys.length, ...fence2, ...scriptKeys, ...fenceArguments, ...values),
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
      await write(completeScript, [keys.stream(partition), progressKey, seenKey], [consumerGroup, streamId, retention]),
        options.completed();
    },
  };
}
function partitionOf(sessionKey, partitions) {
  let hash = 2166136261;
  for (let index = 0; index < sessionKey.length; index++)
    (hash ^= sessionKey.charCodeAt(index)), (hash = Math.imul(hash, 16777619));
  return (hash >>> 0) % partitions;
}
var PartitionOwnership = class {
  #options;
  #held = new Map();
  #members = 0;
  constructor(options) {
    this.#options = options;
  }
  get held() {
    return this.#held;
  }
  get members() {
    return this.#members;
  }
  async maintain(now) {
    const { redis, leases, holder, partitions, ttlMs, prefix } = this.#options,
      members = `${prefix}members`,
      [, , count] =
        (await redis
          .multi()
          .zadd(members, now, holder)
          .zremrangebyscore(members, "-inf", now - ttlMs)
          .zcard(members)
          .exec()) ?? [];
    this.#members = Math.max(1, count?.[1] ?? 1);
    const share = Math.ceil(partitions / this.#members),
      lost = [];
    for (const [partition, lease] of this.#held)
      (await leases.renew(lease)) || (this.#held.delete(partition), lost.push(partition));
    const gained = [];
    if (this.#held.size < share)
      for (const partition of shuffled(partitions)) {
        if (this.#held.size >= share) break;
        if (this.#held.has(partition)) continue;
        const lease = await leases.acquire(`partition:${partition}`);
        lease && (this.#held.set(partition, lease), gained.push(partition));
      }
    else
      for (const [partition, lease] of this.#held) {
        if (this.#held.size <= share) break;
        this.#options.busy(partition) ||
          (await leases.release(lease), this.#held.delete(partition), lost.push(partition));
      }
    return { gained, lost };
  }
  async leave() {
    const { redis, leases, holder, prefix } = this.#options;
    for (const lease of this.#held.values()) await leases.release(lease);
    this.#held.clear(), await redis.zrem(`${prefix}members`, holder);
  }
};
function shuffled(count) {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}
var RedisJournal = class {
  #redis;
  #reader;
  #log;
  #holder;
  #retentionMs;
  #partitions;
  #prefix;
  #keys;
  #renewEveryMs;
  #leases;
  #ownership;
  #inFlight = new Map();
  #waiting = [];
  #consumer;
  #loop;
  #unclaimed = new Set();
  #groupsCreated = !1;
  #stopping = new AbortController();
  #view;
  #viewTimer;
  constructor(options) {
    (this.#redis = options.redis),
      (this.#reader = options.reader),
      (this.#log = options.log),
      (this.#holder = options.holder ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`),
      (this.#retentionMs = options.retentionMs),
      (this.#partitions = options.partitions ?? 32),
      (this.#prefix = options.prefix ?? "skein:"),
      (this.#keys = redisJournalKeys(this.#prefix)),
      (this.#renewEveryMs = Math.max(50, Math.floor(options.takeoverAfterMs / 3))),
      (this.#leases = new RedisLeases({
        redis: this.#redis,
        holder: this.#holder,
        ttlMs: options.takeoverAfterMs,
        prefix: this.#prefix,
      })),
      (this.#ownership = new PartitionOwnership({
        redis: this.#redis,
        leases: this.#leases,
        holder: this.#holder,
        partitions: this.#partitions,
        ttlMs: options.takeoverAfterMs,
        prefix: this.#prefix,
        busy: (partition) => (this.#inFlight.get(partition)?.size ?? 0) > 0,
      }));
  }
  get holder() {
    return this.#holder;
  }
  get ownedPartitions() {
    return [...this.#ownership.held.keys()].sort((a, b) => a - b);
  }
  status() {
    let inHand = 0;
    for (const ids of this.#inFlight.values()) inHand += ids.size;
    return {
      member: this.#holder,
      redis: this.#redis.status === "ready" ? "connected" : "unreachable",
      members: this.#ownership.members,
      partitions: this.ownedPartitions,
      inHand,
      ...(this.#view ? { view: this.#view } : {}),
    };
  }
  readView() {
    const streams = Array.from({ length: this.#partitions }, (_, partition) => this.#keys.stream(partition));
    return readClusterView({
      redis: this.#redis,
      leases: this.#leases,
      prefix: this.#prefix,
      streams,
      group: consumerGroup,
    });
  }
  async record(message, signal) {
    if ((signal?.throwIfAborted(), this.#stopping.signal.aborted)) throw new Error("the journal is closed");
    const stream = this.#keys.stream(partitionOf(sessionKeyOf(message), this.#partitions)),
      [recorded, state] = await this.#redis.eval(
        recordScript,
        2,
        this.#keys.seen(message.id),
        stream,
        this.#retentionMs,
        JSON.stringify(message),
      );
    return recorded === 1 ? { type: "recorded" } : { type: "duplicate", state };
  }
  consume(consumer) {
    this.#consumer = consumer;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const entry of waiting) consumer(entry);
    return (
      (this.#loop ??= this.#run()),
      (this.#viewTimer ??= this.#lookAtTheCluster()),
      () => {
        this.#consumer === consumer && (this.#consumer = void 0);
      }
    );
  }
  async close() {
    this.#stopping.signal.aborted ||
      (this.#stopping.abort(),
      clearInterval(this.#viewTimer),
      (this.#consumer = void 0),
      this.#reader.disconnect(),
      await this.#loop,
      await this.#ownership
        .leave()
        .catch((error) => this.#log.warn({ err: error }, "could not release the partition leases")),
      await this.#redis.quit().catch(() => this.#redis.disconnect()));
  }
  abandon() {
    this.#stopping.abort(),
      clearInterval(this.#viewTimer),
      (this.#consumer = void 0),
      this.#reader.disconnect(),
      this.#redis.disconnect();
  }
  async connected(ms) {
    const [redis, reader] = await Promise.all([readyWithin(this.#redis, ms), readyWithin(this.#reader, ms)]);
    return redis && reader;
  }
  async ensureGroups() {
    for (let partition = 0; partition < this.#partitions; partition++)
      await this.#redis
        .xgroup("CREATE", this.#keys.stream(partition), consumerGroup, "0", "MKSTREAM")
        .catch((error) => {
          if (!String(error).includes("BUSYGROUP")) throw error;
        });
    this.#groupsCreated = !0;
  }
  #lookAtTheCluster() {
    const look = () => {
      this.readView().then(
        (view) => {
          this.#view = view;
        },
        () => {},
      );
    };
    look();
    const timer = setInterval(look, Math.min(5e3, Math.max(1e3, this.#renewEveryMs)));
    return timer.unref(), timer;
  }
  async #run() {
    let signal = this.#stopping.signal,
      nextMaintenance = 0,
      failures = 0;
    for (; !signal.aborted; )
      try {
        this.#groupsCreated || (await this.ensureGroups()),
          Date.now() >= nextMaintenance &&
            (await this.#maintain(), (nextMaintenance = Date.now() + this.#renewEveryMs)),
          await this.#readNew(Math.max(10, Math.min(1e3, nextMaintenance - Date.now()))),
          (failures = 0);
      } catch (error) {
        if (signal.aborted) break;
        failures++, String(error).includes("NOGROUP") && (this.#groupsCreated = !1);
        for (const partition of this.ownedPartitions) this.#unclaimed.add(partition);
        (nextMaintenance = 0),
          this.#log.warn({ err: error, attempt: failures }, "reading the Redis journal failed; retrying"),
          await pause(reconnectDelay(failures), signal);
      }
  }
  async #maintain() {
    const { gained, lost } = await this.#ownership.maintain(Date.now());
    for (const partition of lost)
      this.#inFlight.delete(partition),
        this.#unclaimed.delete(partition),
        this.#log.info({ partition }, "no longer handling this partition of the chats");
    gained.length > 0 && this.#log.info({ partitions: gained }, "took over partitions of the chats");
    for (const partition of gained) this.#unclaimed.add(partition);
    for (const partition of this.#unclaimed) await this.#claim(partition), this.#unclaimed.delete(partition);
  }
  async #claim(partition) {
    let stream = this.#keys.stream(partition),
      cursor = "0-0";
    do {
      const [next, entries] = await this.#redis.xautoclaim(
        stream,
        consumerGroup,
        this.#holder,
        0,
        cursor,
        "COUNT",
        100,
      );
      await this.#handOut(partition, entries, !0), (cursor = next);
    } while (cursor !== "0-0");
  }
  async #readNew(blockMs) {
    const partitions = this.ownedPartitions.filter((partition) => !this.#unclaimed.has(partition));
    if (partitions.length === 0) {
      await pause(blockMs, this.#stopping.signal);
      return;
    }
    const streams = partitions.map((partition) => this.#keys.stream(partition)),
      answer = await this.#reader.xreadgroup(
        "GROUP",
        consumerGroup,
        this.#holder,
        "COUNT",
        100,
        "BLOCK",
        blockMs,
        "STREAMS",
        ...streams,
        ...streams.map(() => ">"),
      );
    for (const [stream, entries] of answer ?? []) await this.#handOut(partitions[streams.indexOf(stream)], entries, !1);
  }
  async #handOut(partition, entries, resumed) {
    const inFlight = this.#inFlight.get(partition) ?? new Set();
    this.#inFlight.set(partition, inFlight);
    for (const entry of entries) {
      if (!entry || inFlight.has(entry[0])) continue;
      const [id, fields] = entry,
        json = fields[fields.indexOf("message") + 1];
      if (!json) continue;
      const message = JSON.parse(json),
        progress = resumed ? await readProgress(this.#redis, this.#keys, message.id) : { type: "received" };
      inFlight.add(id);
      const journalEntry = this.#entryOf(partition, id, message, progress);
      this.#consumer ? this.#consumer(journalEntry) : this.#waiting.push(journalEntry);
    }
  }
  #entryOf(partition, streamId, message, progress) {
    return fencedEntry({
      redis: this.#redis,
      leases: this.#leases,
      keys: this.#keys,
      retentionMs: this.#retentionMs,
      partition,
      lease: this.#ownership.held.get(partition),
      streamId,
      message,
      progress,
      write: (run) => this.#write(partition, streamId, run),
      completed: () => this.#inFlight.get(partition)?.delete(streamId),
    });
  }
  async #write(partition, streamId, run) {
    try {
      await untilReachable(run, {
        signal: this.#stopping.signal,
        onRetry: (error, attempt) =>
          this.#log.warn({ err: error, attempt }, "recording progress in Redis failed; retrying"),
      });
    } catch (error) {
      throw (String(error).includes(leaseLostError) && this.#inFlight.get(partition)?.delete(streamId), error);
    }
  }
};
async function openRedisJournal(options) {
  const journal = new RedisJournal({
    ...options,
    redis: redisClient(options.target),
    reader: redisClient(options.target),
  });
  return (
    (await journal.connected(options.waitMs ?? 5e3))
      ? await journal.ensureGroups()
      : options.log.error("Redis is out of reach: starting unready, recording nothing until it answers (retrying)"),
    journal
  );
}
async function openClusterJournal(options) {
  const { url, password, log } = options,
    journal = await openRedisJournal({
      target: { url, ...(password ? { password } : {}) },
      log,
      retentionMs: retentionOf(options.maxMessageAgeSeconds).ms,
      takeoverAfterMs: options.takeoverAfterSeconds * 1e3,
    });
  return log.info({ member: journal.holder }, "cluster mode: the journal is in Redis"), journal;
}
function redisConnectionLeases(leases, holder) {
  return {
    holder,
    ttlMs: leases.ttlMs,
    async hold(name, options) {
      return (
        (await keepLease(leases, name, {
          signal: options.signal,
          onLost: () => options.onLost(),
          ...(options.onBusy && { onBusy: options.onBusy }),
          ...(options.healthy && { healthy: options.healthy }),
        })) !== void 0
      );
    },
  };
}
function redisChannelState(redis, prefix, channel) {
  const keyOf = (key) => `${prefix}channel-state:${channel}:${key}`;
  return {
    async read(key) {
      return (await redis.get(keyOf(key))) ?? void 0;
    },
    async write(key, value) {
      await redis.set(keyOf(key), value);
    },
  };
}
var clusterKeyPrefix = "skein:";
async function openCluster(options) {
  const { url, password, log } = options,
    target = { url, ...(password ? { password } : {}) },
    journal = await openClusterJournal({ ...options, ...target }),
    redis = redisClient(target),
    startWaitMs = journal.status().redis === "connected" ? 2e3 : 0,
    prefix = clusterKeyPrefix,
    leases = new RedisLeases({ redis, holder: journal.holder, ttlMs: options.takeoverAfterSeconds * 1e3, prefix });
  return {
    journal,
    redis,
    startWaitMs,
    prefix,
    leases,
    connectionLeases: redisConnectionLeases(leases, journal.holder),
    channelState: (name) => redisChannelState(redis, prefix, name),
    async close() {
      await journal.close(),
        await redis.quit().catch(() => redis.disconnect()),
        log.debug("cluster connections closed");
    },
  };
}
export { clusterKeyPrefix, openCluster };
//# sourceMappingURL=chunk-KZTME5QC.js.map
