import type { Redis } from "ioredis";
import type { SessionSettings, SessionSettingsStore } from "../agent/sessions/session-settings.js";
import { untilReachable } from "../bus/redis-connection.js";

export interface RedisSessionSettingsOptions {
  /** The cluster's command connection. */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  /** How long a read waits for Redis to be reachable again, in milliseconds (default 30 s, as the sessions'). */
  readPatienceMs?: number;
}

/**
 * Per-conversation settings in Redis, one hash per session key
 * (`skein:session-settings:<key>`, fields such as `model` and `voice`), so that a `/model` choice holds
 * in whichever process answers the chat next. Read on every use: nothing cached.
 */
export class RedisSessionSettings implements SessionSettingsStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #readPatienceMs: number;

  constructor(options: RedisSessionSettingsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#readPatienceMs = options.readPatienceMs ?? 30_000;
  }

  async get(sessionKey: string): Promise<SessionSettings> {
    const key = this.#keyOf(sessionKey);
    const fields = await untilReachable(() => this.#redis.hgetall(key), {
      patienceMs: this.#readPatienceMs,
    });
    const { model, voice } = fields;
    return {
      ...(model !== undefined && { model }),
      ...((voice === "on" || voice === "off") && { voice }),
    };
  }

  async set(sessionKey: string, settings: SessionSettings): Promise<void> {
    const key = this.#keyOf(sessionKey);
    const fields = Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const transaction = this.#redis.multi().del(key);
    if (fields.length > 0) transaction.hset(key, Object.fromEntries(fields));
    const results = (await transaction.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  #keyOf(sessionKey: string): string {
    return `${this.#prefix}session-settings:${sessionKey}`;
  }
}
