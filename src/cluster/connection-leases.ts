import { keepLease, type RedisLeases } from "../bus/redis-lease.js";
import type { ConnectionLeases } from "../channel-kit/leased-receiving.js";

/**
 * The leases of single-consumer connections (Telegram long polling, the Discord gateway) on
 * Redis: {@link keepLease} under this member's name, with the fencing tokens of {@link RedisLeases}.
 */
export function redisConnectionLeases(leases: RedisLeases): ConnectionLeases {
  return {
    holder: leases.holder,
    ttlMs: leases.membership.timing.silenceMs,
    async hold(name, options) {
      const held = await keepLease(leases, name, {
        signal: options.signal,
        onLost: () => options.onLost(),
        ...(options.onBusy && { onBusy: options.onBusy }),
        ...(options.healthy && { healthy: options.healthy }),
      });
      return held !== undefined;
    },
  };
}
