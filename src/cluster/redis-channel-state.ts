import type { Redis } from "ioredis";
import type { ChannelStateStore } from "../channel-kit/channel.js";

/** A channel's shared state in Redis: one string per key, `<prefix>channel-state:<channel>:<key>`. */
export function redisChannelState(redis: Redis, prefix: string, channel: string): ChannelStateStore {
  const keyOf = (key: string) => `${prefix}channel-state:${channel}:${key}`;
  return {
    async read(key) {
      return (await redis.get(keyOf(key))) ?? undefined;
    },
    async write(key, value) {
      await redis.set(keyOf(key), value);
    },
  };
}
