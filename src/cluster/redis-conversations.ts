import type { Redis } from "ioredis";
import { sessionKeyWithoutAgent } from "../agent/agent-runtime.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import {
  type ConversationEntry,
  type ConversationQuery,
  type ConversationStore,
  describeMessages,
  MAX_LISTED_CONVERSATIONS,
} from "../dashboard/conversation-store.js";
import type { ChatMessage } from "../providers/provider.js";
import { sessionActivityKey } from "./redis-sessions.js";

/** Session keys looked at per list, at most (SCAN pages of {@link SCAN_PAGE}). */
export const MAX_SCANNED_SESSIONS = 10_000;
/** The newest messages of each listed conversation a search reads. */
export const SEARCHED_MESSAGES = 200;
/** The most message text one search reads, in all (the conversations past it are not searched). */
export const SEARCHED_BYTES = 16 * 1024 * 1024;
const SCAN_PAGE = 500;
/** A title is the first user message among a conversation's first few. */
const TITLE_MESSAGES = 10;
/** Conversations read per round trip. */
const BATCH = 50;

export interface RedisConversationsOptions {
  /** The cluster's command connection. */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  /** The cluster's session store (a transcript is what a turn would load). */
  sessions: Pick<SessionStore, "load">;
}

/**
 * The conversations of a cluster, read from the sessions in Redis ({@link RedisSessions}): the
 * histories found by SCAN (in pages, at most {@link MAX_SCANNED_SESSIONS} keys, never KEYS),
 * each one's last activity from `skein:session-activity` (or, for a session written before it
 * was recorded there, its list's idle time), the most recent
 * {@link MAX_LISTED_CONVERSATIONS} described from their first and newest messages (a search reads
 * the newest {@link SEARCHED_MESSAGES} of each, at most {@link SEARCHED_BYTES} in all).
 */
export class RedisConversations implements ConversationStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #sessions: Pick<SessionStore, "load">;

  constructor(options: RedisConversationsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#sessions = options.sessions;
  }

  async list({ channel, q }: ConversationQuery): Promise<ConversationEntry[]> {
    const recent = (await this.#scan(channel))
      .sort((a, b) => b.lastActivity - a.lastActivity)
      .slice(0, MAX_LISTED_CONVERSATIONS);
    const listed: ConversationEntry[] = [];
    let budget = SEARCHED_BYTES;
    for (let start = 0; start < recent.length; start += BATCH) {
      const batch = recent.slice(start, start + BATCH);
      const searching = q !== undefined && budget > 0;
      const reads = this.#redis.pipeline();
      for (const { key } of batch) {
        const history = this.#historyKey(key);
        reads.llen(history).lrange(history, 0, TITLE_MESSAGES - 1);
        if (searching) reads.lrange(history, -SEARCHED_MESSAGES, -1);
      }
      const results = (await reads.exec()) ?? [];
      const per = searching ? 3 : 2;
      batch.forEach((entry, index) => {
        const [length, first, newest] = results.slice(index * per, index * per + per).map(([, value]) => value);
        if (typeof length !== "number" || length === 0) return; // archived or emptied since the scan
        const lines = (newest ?? []) as string[];
        budget -= lines.reduce((sum, line) => sum + line.length, 0);
        const { title } = describeMessages(parsed(first as string[]), undefined);
        const { match } = describeMessages(parsed(lines), q);
        if (q !== undefined && match === undefined) return;
        listed.push({
          key: entry.key,
          lastActivity: entry.lastActivity,
          messageCount: length,
          ...(title !== undefined && { title }),
          ...(match !== undefined && { match }),
        });
      });
    }
    return listed;
  }

  read(key: string): Promise<ChatMessage[]> {
    return this.#sessions.load(key);
  }

  /** The session keys (of `channel`) with their last activity (0 when a session predates the record of it). */
  async #scan(channel: string | undefined): Promise<Array<{ key: string; lastActivity: number }>> {
    const found: Array<{ key: string; lastActivity: number }> = [];
    const historyPrefix = this.#historyKey("");
    let cursor = "0";
    let scanned = 0;
    do {
      const [next, page] = await this.#redis.scan(cursor, "MATCH", `${historyPrefix}*`, "COUNT", SCAN_PAGE);
      cursor = next;
      const keys = page
        .slice(0, MAX_SCANNED_SESSIONS - scanned)
        .map((redisKey) => redisKey.slice(historyPrefix.length))
        .filter((key) => !channel || sessionKeyWithoutAgent(key).startsWith(`${channel}:`));
      scanned += page.length;
      if (keys.length === 0) continue;
      const scores = await this.#redis.zmscore(sessionActivityKey(this.#prefix), ...keys);
      const unknown = keys.filter((_, index) => scores[index] === null);
      const dated = unknown.length ? await this.#dateUnknown(unknown) : new Map<string, number>();
      for (const [index, key] of keys.entries())
        found.push({ key, lastActivity: scores[index] !== null ? Number(scores[index]) : (dated.get(key) ?? 0) });
    } while (cursor !== "0" && scanned < MAX_SCANNED_SESSIONS);
    return found;
  }

  /**
   * Dates sessions last written by a version that did not record their activity: Redis's idle
   * time of their list (read before this list reads them), kept in the activity set unless a
   * turn wrote its own meanwhile (0 where Redis does not tell, under an LFU eviction policy).
   */
  async #dateUnknown(keys: readonly string[]): Promise<Map<string, number>> {
    const now = Date.now();
    const idle = this.#redis.pipeline();
    for (const key of keys) idle.object("IDLETIME", this.#historyKey(key));
    const answers = (await idle.exec()) ?? [];
    const dated = new Map<string, number>();
    for (const [index, key] of keys.entries()) {
      const [error, seconds] = answers[index] ?? [];
      if (!error && typeof seconds === "number") dated.set(key, now - seconds * 1000);
    }
    if (dated.size)
      await this.#redis.zadd(
        sessionActivityKey(this.#prefix),
        "NX",
        ...[...dated].flatMap(([key, time]) => [time, key]),
      );
    return dated;
  }

  #historyKey(key: string): string {
    return `${this.#prefix}session:${key}`;
  }
}

/** The messages of a history's elements, the corrupt ones left out. */
function parsed(lines: readonly string[]): Array<{ role?: ChatMessage["role"]; content?: unknown }> {
  return lines.flatMap((line) => {
    try {
      const message = JSON.parse(line) as { role?: ChatMessage["role"]; content?: unknown } | null;
      return message && typeof message === "object" ? [message] : [];
    } catch {
      return [];
    }
  });
}
