import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { validateSessionKey } from "../agent/sessions/session-id.js";
import { isChatMessage, REMEMBERED_TURNS } from "../agent/sessions/session-lines.js";
import { isSessionSummary } from "../agent/sessions/session-summary.js";
import {
  SESSION_RETAIN,
  type SessionContext,
  type SessionStore,
  type SessionSummary,
  type TurnRecord,
} from "../agent/sessions/sessions.js";
import { StoredHistory } from "../agent/sessions/stored-history.js";
import { chatKeyOf } from "../bus/messages.js";
import { untilReachable } from "../bus/redis-connection.js";
import type { ChatMessage } from "../providers/provider.js";

export interface RedisSessionsOptions {
  /** The cluster's command connection. */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  log: Logger;
  /** Messages read per turn before a session's first summary, the newest (default {@link SESSION_RETAIN}). */
  retain?: number;
  /**
   * How long a read waits for Redis to be reachable again before the turn gives up with an
   * apology, in milliseconds (default 30 s: a restart replaying its append-only file).
   */
  readPatienceMs?: number;
  /** How long an archived session (`/new`) is kept, in seconds (default 30 days). */
  archiveTtlSeconds?: number;
  now?: () => Date;
}

/**
 * Appends a session's messages, the turn's record, the chat entries and the session's last
 * activity, unless the turn's record is there already (then returns 0). KEYS: history, turn
 * records, activity, chat sets. ARGV: turn id ('' for none), its record, turns remembered,
 * session key, time (epoch ms), messages.
 */
const appendScript = `
if ARGV[1] ~= '' then
  for _, record in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
    local ok, stored = pcall(cjson.decode, record)
    if ok and type(stored) == 'table' and stored.turn == ARGV[1] then return 0 end
  end
end
for index = 6, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[index]) end
if ARGV[1] ~= '' then
  redis.call('LPUSH', KEYS[2], ARGV[2])
  redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
end
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
for index = 4, #KEYS do redis.call('SADD', KEYS[index], ARGV[4]) end
return 1`;

/**
 * Stores a summary with the index in the history list where the messages after it start
 * (the list's length less the messages it keeps). KEYS: history, summary. ARGV: summary JSON, kept.
 */
const summariseScript = `
local start = redis.call('LLEN', KEYS[1]) - tonumber(ARGV[2])
if start < 0 then start = 0 end
redis.call('SET', KEYS[2], cjson.encode({ start = start, summary = cjson.decode(ARGV[1]) }))
return start`;

/**
 * The newest summary and the messages after it: every message from the summary's start, or
 * without a summary the newest ARGV[1]. KEYS: history, summary. Returns {summary JSON or '', messages...}.
 */
const contextScript = `
local stored = redis.call('GET', KEYS[2])
local from = -tonumber(ARGV[1])
local summary = ''
if stored then
  local ok, decoded = pcall(cjson.decode, stored)
  if ok and type(decoded) == 'table' and type(decoded.start) == 'number' then
    from = decoded.start
    summary = cjson.encode(decoded.summary)
  end
end
local lines = redis.call('LRANGE', KEYS[1], from, -1)
table.insert(lines, 1, summary)
return lines`;

/** The sorted set of session keys by their last append's time (epoch ms). */
export function sessionActivityKey(prefix: string): string {
  return `${prefix}session-activity`;
}

/** Archived sessions expire after 30 days: Redis holds them in memory, unlike the files' archive. */
const ARCHIVE_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Sessions in Redis, shared by every process of a cluster, so that a chat continues wherever
 * its partition moves. Per session key `<key>` (`channel:chatId[:threadId]`):
 * - `skein:session:<key>`: a list of the session's messages, one JSON value each, oldest
 *   first. A turn reads only the newest `retain` (LRANGE), however long the history.
 * - `skein:session-turns:<key>`: a list of the newest turn records
 *   (`{"turn": <message id>, "replies": [...]}`, newest first, at most {@link REMEMBERED_TURNS}),
 *   so that a turn resumed in another process after a crash is not stored twice.
 * - `skein:session-chat:<channel>:<chatId>`: a set of the chat's session keys that hold a
 *   history (the chat's own and its threads'), for {@link hasChat}.
 * - `skein:session-summary:<key>`: the newest summary of the session's older part, with the
 *   index in the list where the messages after it start (`{"start": 80, "summary": {...}}`).
 * - `skein:session-activity`: a sorted set of the session keys by the time of their last
 *   append (epoch ms), for the dashboard's conversation list.
 * - `skein:session-archive:<key>:<time>`: a session archived by `/new`, kept for 30 days (its
 *   summary beside it, at `<archive key>:summary`).
 * A turn's messages, its record and the chat's entry are written by one script: all or none,
 * and once per turn.
 * Nothing is cached in the process: every turn reads what Redis holds, so a chat that moved
 * to another process and back is never answered from a stale copy.
 */
export class RedisSessions implements SessionStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #log: Logger;
  readonly #retain: number;
  readonly #archiveTtlSeconds: number;
  readonly #readPatienceMs: number;
  readonly #now: () => Date;
  /** The last write of each session with writes pending (settled: never rejects). */
  readonly #writes = new Map<string, Promise<void>>();
  readonly #closing = new AbortController();

  constructor(options: RedisSessionsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#log = options.log;
    this.#retain = options.retain ?? SESSION_RETAIN;
    this.#archiveTtlSeconds = options.archiveTtlSeconds ?? ARCHIVE_TTL_SECONDS;
    this.#readPatienceMs = options.readPatienceMs ?? 30_000;
    this.#now = options.now ?? (() => new Date());
  }

  /** The list holding a session's messages (throws a SessionIdError for an invalid key). */
  keyOf(sessionKey: string): string {
    validateSessionKey(sessionKey);
    return `${this.#prefix}session:${sessionKey}`;
  }

  async load(key: string): Promise<ChatMessage[]> {
    const history = this.keyOf(key);
    const lines = await this.#read(() => this.#redis.lrange(history, -this.#retain, -1));
    const messages: ChatMessage[] = [];
    for (const line of lines) {
      const message = this.#parse(key, line);
      if (message) messages.push(message);
    }
    return messages;
  }

  /** The newest summary and every message after it, read in one script. */
  async context(key: string): Promise<SessionContext> {
    const keys = [this.keyOf(key), this.#summaryKey(key)];
    const lines = (await this.#read(() => this.#redis.eval(contextScript, 2, ...keys, this.#retain))) as string[];
    const [summaryLine, ...messageLines] = lines;
    // Each stored line is its message's JSON, sent as it is: checked, not encoded again.
    const history = StoredHistory.ofJson(messageLines, (line) => this.#parse(key, line)).view(0);
    const summary = summaryLine ? this.#parseSummary(key, summaryLine) : undefined;
    return summary ? { summary, history } : { history };
  }

  /** Stores the summary with where the messages after it start, after the session's pending writes. */
  summarise(key: string, summary: SessionSummary): Promise<void> {
    let keys: string[];
    try {
      keys = [this.keyOf(key), this.#summaryKey(key)];
    } catch (error) {
      return Promise.reject(error);
    }
    const run = () => this.#redis.eval(summariseScript, 2, ...keys, JSON.stringify(summary), summary.kept);
    return this.#queued(key, run);
  }

  /**
   * Appends in one script, which skips a turn whose record is there already (stored by a
   * process that died before its journal heard of it, or by an attempt whose answer Redis
   * lost). While Redis cannot be reached the write is retried with backoff, until it is
   * back or the store closes: the journal waits for Redis to record the reply anyway, and
   * the history then misses nothing. A session's writes are applied in call order.
   */
  append(key: string, messages: ChatMessage[], turn?: TurnRecord): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    let keys: string[];
    try {
      keys = [this.keyOf(key), this.#turnsKey(key), sessionActivityKey(this.#prefix), ...this.#chatKeys(key)];
    } catch (error) {
      return Promise.reject(error);
    }
    const record = turn ? JSON.stringify({ turn: turn.id, replies: turn.replies }) : "";
    const values = [
      turn?.id ?? "",
      record,
      REMEMBERED_TURNS,
      key,
      this.#now().getTime(),
      ...messages.map((message) => JSON.stringify(message)),
    ];
    const run = () => this.#redis.eval(appendScript, keys.length, ...keys, ...values);
    return this.#queued(key, run);
  }

  /** Runs a session's write after its pending ones (retried while Redis is out of reach). */
  #queued(key: string, run: () => Promise<unknown>): Promise<void> {
    // Sent at once when nothing of this session is pending, so a load issued after it (same connection) sees it.
    const previous = this.#writes.get(key);
    const written = previous ? previous.then(() => this.#retried(run)) : this.#retried(run);
    const settled = written.catch(() => undefined);
    this.#writes.set(key, settled);
    void settled.then(() => {
      if (this.#writes.get(key) === settled) this.#writes.delete(key);
    });
    return written;
  }

  async recordedTurn(key: string, id: string): Promise<string[] | undefined> {
    const turns = this.#turnsKey(key);
    const records = await this.#read(() => this.#redis.lrange(turns, 0, -1));
    for (const record of records) {
      const turn = turnRecordOf(record);
      if (turn?.id === id) return turn.replies;
    }
    return undefined;
  }

  async hasChat(channel: string, chatId: string): Promise<boolean> {
    const chat = `${this.#prefix}session-chat:${chatKeyOf({ channel, chatId })}`;
    return (await this.#read(() => this.#redis.exists(chat))) === 1;
  }

  /** Renames the session's list to an archive key (returned), which expires after the archive time. */
  async archive(key: string): Promise<string | undefined> {
    const history = this.keyOf(key);
    await this.flush();
    const stamp = this.#now().toISOString().replace(/[:.]/g, "-");
    const archived = `${this.#prefix}session-archive:${key}:${stamp}`;
    const turns = this.#turnsKey(key);
    const chats = this.#chatKeys(key);
    const archiveOnce = () => {
      const transaction = this.#redis
        .multi()
        .exists(history)
        .rename(history, archived)
        .expire(archived, this.#archiveTtlSeconds)
        .del(turns)
        .zrem(sessionActivityKey(this.#prefix), key)
        .rename(this.#summaryKey(key), `${archived}:summary`)
        .expire(`${archived}:summary`, this.#archiveTtlSeconds);
      for (const chat of chats) transaction.srem(chat, key);
      return transaction.exec();
    };
    const results = (await this.#read(archiveOnce)) ?? [];
    // RENAME of a missing list fails alone (the rest of the transaction still runs): nothing to archive.
    if (results[0]?.[1] !== 1) return undefined;
    const renamed = results[1]?.[0];
    if (renamed) throw renamed;
    return archived;
  }

  async flush(): Promise<void> {
    while (this.#writes.size > 0) await Promise.all([...this.#writes.values()]);
  }

  /** Stops retrying, then waits for every write; the connection is the cluster's, closed with it. */
  async close(): Promise<void> {
    this.#closing.abort();
    await this.flush();
  }

  /** Runs a write, again with backoff while Redis cannot be reached (until the store closes). */
  async #retried(run: () => Promise<unknown>): Promise<void> {
    await untilReachable(run, {
      signal: this.#closing.signal,
      onRetry: (error, attempt) =>
        this.#log.warn({ err: error, attempt }, "storing the session in Redis failed; retrying"),
    });
  }

  /**
   * Runs a read, again with backoff while Redis cannot be reached, for at most the read
   * patience: a turn that starts while Redis restarts waits for it (its journal entry could
   * not move on without Redis anyway) instead of apologising.
   */
  #read<T>(run: () => Promise<T>): Promise<T> {
    return untilReachable(run, {
      signal: this.#closing.signal,
      patienceMs: this.#readPatienceMs,
      onRetry: (error, attempt) =>
        this.#log.warn({ err: error, attempt }, "reading the session from Redis failed; retrying"),
    });
  }

  #summaryKey(sessionKey: string): string {
    validateSessionKey(sessionKey);
    return `${this.#prefix}session-summary:${sessionKey}`;
  }

  #parseSummary(key: string, line: string): SessionSummary | undefined {
    try {
      const parsed: unknown = JSON.parse(line);
      if (isSessionSummary(parsed)) return parsed;
    } catch {
      // reported below
    }
    this.#log.warn({ session: key }, "skipping a corrupt session summary; the turn goes on without it");
    return undefined;
  }

  #turnsKey(sessionKey: string): string {
    validateSessionKey(sessionKey);
    return `${this.#prefix}session-turns:${sessionKey}`;
  }

  /**
   * The chat entries a session counts for: `channel:chatId` of every reading of the key
   * (`telegram:5:12` is chat `5`'s thread `12`, or a chat `5:12`), as the files' prefix match does.
   */
  #chatKeys(sessionKey: string): string[] {
    const keys = [`${this.#prefix}session-chat:${sessionKey}`];
    const first = sessionKey.indexOf(":");
    for (let colon = sessionKey.indexOf(":", first + 1); colon > 0; colon = sessionKey.indexOf(":", colon + 1))
      keys.push(`${this.#prefix}session-chat:${sessionKey.slice(0, colon)}`);
    return keys;
  }

  #parse(key: string, line: string): ChatMessage | undefined {
    try {
      const parsed: unknown = JSON.parse(line);
      if (isChatMessage(parsed)) return parsed;
      throw new Error("not a chat message");
    } catch (error) {
      this.#log.warn({ session: key, error: (error as Error).message }, "skipping a corrupt session line");
      return undefined;
    }
  }
}

function turnRecordOf(text: string): TurnRecord | undefined {
  try {
    const record = JSON.parse(text) as { turn?: unknown; replies?: unknown };
    if (typeof record.turn !== "string" || !Array.isArray(record.replies)) return undefined;
    return { id: record.turn, replies: record.replies.filter((reply) => typeof reply === "string") };
  } catch {
    return undefined;
  }
}
