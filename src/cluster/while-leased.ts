import type { Logger } from "pino";
import { keepLease, type RedisLeases } from "../bus/redis-lease.js";

export interface WhileLeasedOptions {
  /** Stops waiting, ends the work and releases the lease. */
  signal: AbortSignal;
  log: Logger;
  /** Starts the work; `held` aborts when the lease is lost (the work stops then). */
  run: (held: AbortSignal) => void;
}

/**
 * Runs work that must run in one process of the cluster at a time (the scheduler's timer):
 * waits for lease `name`, runs the work while the lease is held, stops it when the lease is
 * lost and waits for the lease again. When the holder dies another process takes the lease
 * within `bus.takeover_after`; when it stops, at once. Resolves once `signal` aborts.
 */
export async function whileLeased(leases: RedisLeases, name: string, options: WhileLeasedOptions): Promise<void> {
  const { signal, log } = options;
  while (!signal.aborted) {
    const held = new AbortController();
    const forward = () => held.abort();
    signal.addEventListener("abort", forward, { once: true });
    try {
      const lease = await keepLease(leases, name, { signal: held.signal, onLost: forward });
      if (!lease) return;
      if (held.signal.aborted) {
        // Stopped while the lease was being taken: keepLease saw no abort to release it on.
        await leases.release(lease).catch(() => undefined);
        return;
      }
      log.info({ lease: name, token: lease.token }, "holding a lease: running its work here");
      const lost = new Promise<void>((resolve) =>
        held.signal.addEventListener("abort", () => resolve(), { once: true }),
      );
      options.run(held.signal);
      await lost;
      if (!signal.aborted) log.warn({ lease: name }, "lost a lease: its work stopped here until it is taken again");
    } finally {
      signal.removeEventListener("abort", forward);
    }
  }
}
