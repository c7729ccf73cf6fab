import type { Logger } from "pino";
import type { MessageBus } from "../bus/message-bus.js";
import { Backoff } from "../util/retry.js";
import { settleWithin } from "../util/settle-within.js";
import { type Channel, ChannelError, type ChannelStatus } from "./channel.js";
import { type ConnectionLeases, isLeasable, LeasedReceiving } from "./leased-receiving.js";

/** A channel to run: its name (for logs before it exists) and how to create it. */
export interface ChannelSpec {
  name: string;
  create: () => Channel | Promise<Channel>;
  /** What to check when the platform rejects the credentials (a plugin's `credentialRemedy`). */
  credentialRemedy?: string;
  /**
   * Cluster mode: the lease of the channel's single-consumer receiving connection (see
   * `receivingLeaseName`). The channel then sends from the start and receives only while
   * this process holds the lease.
   */
  lease?: string;
}

export interface ChannelSupervisorOptions {
  bus: MessageBus;
  log: Logger;
  /** Aborted at shutdown: no more restarts. */
  signal: AbortSignal;
  /** First retry delay of a channel that failed transiently (default 1 s, doubling to 60 s). */
  retryBaseMs?: number;
  /** Cluster mode: the leases under which channels with a {@link ChannelSpec.lease} receive. */
  leases?: ConnectionLeases;
}

interface Entry {
  name: string;
  spec: ChannelSpec;
  /** Epoch milliseconds the entry was created: a channel not yet created is starting since then. */
  since: number;
  channel?: Channel;
  /** Set while the channel is not running: failed for good, or waiting to retry. */
  down?: ChannelStatus;
  permanent: boolean;
  unregister?: () => void;
  /** Delays between start attempts after transient failures. */
  backoff: Backoff;
  timer?: NodeJS.Timeout;
  /** Receiving under the lease, for a leased channel opened for sending. */
  receiving?: LeasedReceiving;
  /** Ends the lease loop (after the channel stopped, so that the lease is released last). */
  leaseStop?: AbortController;
}

function remedyFor(spec: ChannelSpec, error: unknown): string {
  const { name } = spec;
  if (error instanceof ChannelError && error.kind === "auth") {
    return `check the credentials (${spec.credentialRemedy ?? `channels.${name}`})`;
  }
  if (error instanceof ChannelError && error.kind === "config")
    return `fix channels.${name} in the config or its environment variables`;
  return "see the error above; skein keeps the other channels running";
}

/**
 * Starts every channel concurrently and keeps them going: a channel that cannot start
 * for good (bad token, bad config) is reported once and marked failed while the others
 * run; a transient failure (network) is retried in the background with backoff. In cluster
 * mode a channel with a lease is opened for sending and receives only while this process
 * holds its lease (see {@link LeasedReceiving}).
 */
export class ChannelSupervisor {
  readonly #options: ChannelSupervisorOptions;
  readonly #entries: Entry[] = [];

  constructor(options: ChannelSupervisorOptions) {
    this.#options = options;
  }

  /** Starts each channel and resolves once each has started or failed its first attempt. */
  async startAll(specs: ChannelSpec[]): Promise<void> {
    const backoff = { baseDelayMs: this.#options.retryBaseMs ?? 1_000, maxDelayMs: 60_000 };
    const entries = specs.map(
      (spec) =>
        ({ name: spec.name, spec, since: Date.now(), permanent: false, backoff: new Backoff(backoff) }) satisfies Entry,
    );
    this.#entries.push(...entries);
    await Promise.all(entries.map((entry) => this.#attempt(entry)));
  }

  /** The running channel of this name. */
  channel(name: string): Channel | undefined {
    const entry = this.#entries.find((candidate) => candidate.name === name);
    return entry && !entry.down ? entry.channel : undefined;
  }

  /** Names of channels running now. */
  running(): string[] {
    return this.#entries.filter((entry) => !entry.down).map((entry) => entry.name);
  }

  /** Channels that failed for good, with the reason. */
  failures(): Array<{ name: string; reason: string }> {
    return this.#entries
      .filter((entry) => entry.permanent)
      .map((entry) => ({ name: entry.name, reason: entry.down?.detail ?? "" }));
  }

  /** Whether there were channels (besides those named) and every one of them failed for good. */
  allFailed(besides: readonly string[] = []): boolean {
    const counted = this.#entries.filter((entry) => !besides.includes(entry.name));
    return counted.length > 0 && counted.every((entry) => entry.permanent);
  }

  /** Every channel's status by name: its own while it runs, else why it is down (or that it is starting). */
  statuses(): Record<string, ChannelStatus> {
    const statuses: Record<string, ChannelStatus> = {};
    for (const entry of this.#entries) {
      // Before its module is loaded and it is created, a channel is starting.
      const status =
        entry.down ?? (entry.channel ? safeStatus(entry.channel) : { state: "starting", since: entry.since });
      statuses[entry.name] = entry.receiving && !entry.down ? { ...status, lease: entry.receiving.status } : status;
    }
    return statuses;
  }

  /**
   * Hands every leased receiving connection over to the other processes at once (a graceful stop
   * in cluster mode): each stops receiving and releases its lease; the channels keep sending.
   */
  async handOverLeases(timeoutMs = 5_000): Promise<void> {
    await Promise.all(
      this.#entries.map(async (entry) => {
        if (!entry.receiving) return;
        const handedOver = entry.receiving.handOver().catch((error: unknown) => {
          this.#options.log.warn({ channel: entry.name, err: error }, "handing the receiving connection over failed");
        });
        await settleWithin(handedOver, timeoutMs);
      }),
    );
  }

  /** Stops every channel (each given up to `timeoutMs`) and cancels pending restarts. */
  async stopAll(timeoutMs = 5_000): Promise<void> {
    await Promise.all(
      this.#entries.map(async (entry) => {
        clearTimeout(entry.timer);
        entry.unregister?.();
        if (!entry.channel || entry.down) return;
        const stopping = entry.channel.stop().catch((error: unknown) => {
          this.#options.log.warn({ channel: entry.name, err: error }, "channel did not stop cleanly");
        });
        await settleWithin(stopping, timeoutMs);
        // Released only now: the next holder must not begin receiving while this one still confirms its last poll.
        entry.leaseStop?.abort();
        if (entry.receiving) await settleWithin(entry.receiving.done, timeoutMs);
      }),
    );
  }

  async #attempt(entry: Entry): Promise<void> {
    const { bus, log, signal } = this.#options;
    if (signal.aborted) return;
    try {
      // A fresh channel per attempt: a channel that failed to start is not reused.
      const channel = await entry.spec.create();
      entry.channel = channel;
      const { lease } = entry.spec;
      const { leases } = this.#options;
      const leased = lease && leases && isLeasable(channel);
      if (leased) await channel.openForSending(signal);
      else await channel.start(signal);
      entry.unregister = bus.registerChannel(entry.name, (message, options) => channel.send(message, options));
      if (leased) {
        entry.leaseStop = new AbortController();
        entry.receiving = new LeasedReceiving({
          channel,
          lease,
          leases,
          log,
          signal: entry.leaseStop.signal,
          ...(this.#options.retryBaseMs !== undefined && { retryBaseMs: this.#options.retryBaseMs }),
        });
      }
      entry.down = undefined;
      entry.backoff.reset();
      log.info({ channel: entry.name }, "channel started");
    } catch (error) {
      if (signal.aborted) return;
      const reason = error instanceof Error ? error.message : String(error);
      const transient = error instanceof ChannelError && error.retryable;
      // Whatever the failed start left open (a socket, a poll) is released, permanent failure or not.
      const failed = entry.channel;
      entry.channel = undefined;
      void failed?.stop().catch(() => undefined);
      if (!transient) {
        entry.permanent = true;
        entry.down = { state: "failed", since: Date.now(), detail: reason };
        log.error(
          { channel: entry.name, reason, remedy: remedyFor(entry.spec, error) },
          `channel ${entry.name} failed: ${reason} — ${remedyFor(entry.spec, error)}`,
        );
        return;
      }
      const delay = entry.backoff.next((error as ChannelError).options.retryAfterMs);
      entry.down = {
        state: "disconnected",
        since: Date.now(),
        detail: `retrying in ${Math.round(delay / 1000)} s: ${reason}`,
      };
      log.warn(
        { channel: entry.name, reason, retryInMs: Math.round(delay) },
        `channel ${entry.name} could not start; retrying`,
      );
      entry.timer = setTimeout(() => void this.#attempt(entry), delay);
      entry.timer.unref();
    }
  }
}

function safeStatus(channel: Channel): ChannelStatus {
  try {
    return channel.status();
  } catch (error) {
    return { state: "failed", since: Date.now(), detail: error instanceof Error ? error.message : String(error) };
  }
}
