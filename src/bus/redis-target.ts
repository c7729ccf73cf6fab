/**
 * Where the cluster's Redis is, from the config's `bus` section; without ioredis, so that the
 * daemon's start-up can tell whether it runs clustered without loading the Redis client.
 */

/** Where Redis is: `bus.redis_url` with `bus.redis_password`, or the primary `bus.sentinel` names. */
export type RedisTarget = RedisUrlTarget | RedisSentinelTarget;

/** One Redis at a URL. */
export interface RedisUrlTarget {
  /** `redis://[user:password@]host[:port][/db]`, `rediss://…` (TLS), or the path of a unix socket. */
  url: string;
  /** Used when the URL carries no password. */
  password?: string;
}

/** The primary a set of Sentinels names, followed through failovers. */
export interface RedisSentinelTarget {
  sentinel: {
    /** The name the Sentinels monitor it under. */
    master: string;
    /** `host:port` of each Sentinel. */
    nodes: string[];
    /** The data nodes' password. */
    password?: string;
    /** The Sentinels' own password. */
    sentinelPassword?: string;
  };
}

/** The shape of `bus` in the config (not imported: the bus does not depend on the config). */
export interface BusSettings {
  redis_url?: string | undefined;
  redis_password?: string | undefined;
  sentinel?: { master: string; nodes: string[]; password?: string | undefined; sentinel_password?: string | undefined };
}

/** Where the cluster's Redis is by `bus` (cluster mode), or `undefined` when skein runs alone. */
export function redisTargetOf(bus: BusSettings): RedisTarget | undefined {
  const { redis_url: url, redis_password: password, sentinel } = bus;
  if (sentinel) {
    const secret = sentinel.password ?? password;
    return {
      sentinel: {
        master: sentinel.master,
        nodes: sentinel.nodes,
        ...(secret ? { password: secret } : {}),
        ...(sentinel.sentinel_password ? { sentinelPassword: sentinel.sentinel_password } : {}),
      },
    };
  }
  return url ? { url, ...(password ? { password } : {}) } : undefined;
}

/** The target as an operator reads it in a message: the config key and the URL without its password, or the Sentinels and master. */
export function describeTarget(target: RedisTarget): string {
  if ("sentinel" in target)
    return `bus.sentinel (primary "${target.sentinel.master}" of Sentinels ${target.sentinel.nodes.join(", ")})`;
  const url = target.url.replace(/\/\/([^@/]*)@/, (_, credentials: string) =>
    credentials.includes(":") ? `//${credentials.split(":")[0]}:***@` : "//***@",
  );
  return `bus.redis_url (${url})`;
}
