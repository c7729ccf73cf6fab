import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { validateSessionKey } from "../agent/session-id.js";
import { isChatMessage, REMEMBERED_TURNS, type SessionStore, type TurnRecord } from "../agent/sessions.js";
import type { ChatMessage } from "../providers/provider.js";
import { execTransaction } from "./exec-transaction.js";

export interface RedisSessionsOptions {
  /** The cluster's command connection. */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  log: Logger;
  /** Messages read per turn, the newest (default 500): `agents.defaults.memory_window`. */
  retain?: number;
  /** How long an archived session (`/new`) is kept, in seconds (default 30 days). */
  archiveTtlSeconds?: number;
  now?: () => Date;
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
 * - `skein:session-archive:<key>:<time>`: a session archived by `/new`, kept for 30 days.
 * A turn's messages, its record and the chat's entry are written in one MULTI: all or none.
 * Nothing is cached in the process: every turn reads what Redis holds, so a chat that moved
 * to another process and back is never answered from a stale copy.
 */
export class RedisSessions implements SessionStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #log: Logger;
  readonly #retain: number;
  readonly #archiveTtlSeconds: number;
  readonly #now: () => Date;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: RedisSessionsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#log = options.log;
    this.#retain = options.retain ?? 500;
    this.#archiveTtlSeconds = options.archiveTtlSeconds ?? ARCHIVE_TTL_SECONDS;
    this.#now = options.now ?? (() => new Date());
  }

  /** The list holding a session's messages (throws a SessionIdError for an invalid key). */
  keyOf(sessionKey: string): string {
    validateSessionKey(sessionKey);
    return `${this.#prefix}session:${sessionKey}`;
  }

  async load(key: string): Promise<ChatMessage[]> {
    const lines = await this.#redis.lrange(this.keyOf(key), -this.#retain, -1);
    const messages: ChatMessage[] = [];
    for (const line of lines) {
      const message = this.#parse(key, line);
      if (message) messages.push(message);
    }
    return messages;
  }

  async append(key: string, messages: ChatMessage[], turn?: TurnRecord): Promise<void> {
    if (messages.length === 0) return;
    // Sent before this returns, so a load issued after it (on the same connection) sees these messages.
    const transaction = this.#redis
      .multi()
      .rpush(this.keyOf(key), ...messages.map((message) => JSON.stringify(message)));
    if (turn) {
      const turns = this.#turnsKey(key);
      transaction.lpush(turns, JSON.stringify({ turn: turn.id, replies: turn.replies }));
      transaction.ltrim(turns, 0, REMEMBERED_TURNS - 1);
    }
    for (const chat of this.#chatKeys(key)) transaction.sadd(chat, key);
    const written = execTransaction(transaction);
    this.#pending.add(written);
    void written.finally(() => this.#pending.delete(written)).catch(() => undefined);
    return written;
  }

  async recordedTurn(key: string, id: string): Promise<string[] | undefined> {
    const records = await this.#redis.lrange(this.#turnsKey(key), 0, -1);
    for (const record of records) {
      const turn = turnRecordOf(record);
      if (turn?.id === id) return turn.replies;
    }
    return undefined;
  }

  async hasChat(channel: string, chatId: string): Promise<boolean> {
    return (await this.#redis.exists(`${this.#prefix}session-chat:${channel}:${chatId}`)) === 1;
  }

  /** Renames the session's list to an archive key (returned), which expires after the archive time. */
  async archive(key: string): Promise<string | undefined> {
    const history = this.keyOf(key);
    await this.flush();
    const stamp = this.#now().toISOString().replace(/[:.]/g, "-");
    const archived = `${this.#prefix}session-archive:${key}:${stamp}`;
    const transaction = this.#redis
      .multi()
      .exists(history)
      .rename(history, archived)
      .expire(archived, this.#archiveTtlSeconds)
      .del(this.#turnsKey(key));
    for (const chat of this.#chatKeys(key)) transaction.srem(chat, key);
    const results = (await transaction.exec()) ?? [];
    // RENAME of a missing list fails alone (the rest of the transaction still runs): nothing to archive.
    if (results[0]?.[1] !== 1) return undefined;
    const renamed = results[1]?.[0];
    if (renamed) throw renamed;
    return archived;
  }

  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** Waits for every write; the connection is the cluster's, closed with it. */
  async close(): Promise<void> {
    await this.flush();
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
