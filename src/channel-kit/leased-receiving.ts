import type { Logger } from "pino";
import { Backoff } from "../util/retry.js";
import { abortableSleep } from "../util/sleep.js";
import type { Channel, ChannelLeaseStatus } from "./channel.js";

/**
 * The leases of single-consumer connections in cluster mode: one process at a time holds
 * each, keeps it while it is alive and healthy, and another takes it once the holder gives it
 * up or is declared gone. Implemented on Redis (members' beats, fencing tokens) in src/cluster;
 * the channel kit knows only this contract.
 */
export interface ConnectionLeases {
  /** This process as a lease holder is named (`host:pid:id`), shown in status. */
  readonly holder: string;
  /** How long a holder may be silent before another takes its lease (5/8 of `bus.takeover_after`), in milliseconds. */
  readonly ttlMs: number;
  /**
   * Waits until this process holds `name`, then resolves `true` and keeps it;
   * resolves `false` when `signal` aborts first. Aborting `signal` once held releases it.
   */
  hold(name: string, options: HoldLeaseOptions): Promise<boolean>;
}

export interface HoldLeaseOptions {
  /** Stops waiting; once held, releases the lease. */
  signal: AbortSignal;
  /** Called once when the lease is lost: taken by another process, or this one could not act (it stops before another can take it). */
  onLost: () => void;
  /** While waiting: who holds the lease now (`undefined` when nobody does or Redis cannot say). */
  onBusy?: (holder: string | undefined) => void;
  /** The lease is kept only while this says so (default: always): unhealthy for a while, the holder gives it up. */
  healthy?: () => boolean;
}

/** A channel whose receiving can follow a lease (see {@link Channel.openForSending}). */
export type LeasableChannel = Channel & Required<Pick<Channel, "openForSending" | "startReceiving" | "stopReceiving">>;

/** Whether `channel` can send without receiving, and receive only while it holds a lease. */
export function isLeasable(channel: Channel): channel is LeasableChannel {
  return Boolean(channel.openForSending && channel.startReceiving && channel.stopReceiving);
}

export interface LeasedReceivingOptions {
  /** A channel already opened for sending. */
  channel: LeasableChannel;
  /** The lease of its receiving connection, e.g. `connection:telegram:123456`. */
  lease: string;
  leases: ConnectionLeases;
  log: Logger;
  /** Ends the loop: stops waiting, and releases a held lease (abort it after the channel stopped). */
  signal: AbortSignal;
  /** First wait before trying again after receiving could not begin (default 1 s, doubling to 60 s). */
  retryBaseMs?: number;
}

/**
 * Receives on a channel only while this process holds its connection's lease: waits for the
 * lease, begins receiving once it is held, stops receiving at once when it is lost (a fenced
 * holder must not keep polling) and, after a silence in which another process may take
 * it, waits for it again. The lease is kept only while the
 * channel is healthy, so a process that cannot reach its platform lets another one receive.
 */
export class LeasedReceiving {
  readonly #options: LeasedReceivingOptions;
  #status: ChannelLeaseStatus;
  /** Ends the loop without waiting for its signal (a graceful stop hands the connection over first). */
  readonly #handingOver = new AbortController();
  /** Settles when the loop ended (its signal aborted, or handed over). */
  readonly done: Promise<void>;

  constructor(options: LeasedReceivingOptions) {
    this.#options = { ...options, signal: AbortSignal.any([options.signal, this.#handingOver.signal]) };
    this.#status = { name: options.lease, role: "sending" };
    this.done = this.#run();
  }

  /**
   * Hands the connection over at once (a graceful stop): stops receiving, releases the lease (the
   * release is announced, so a waiting process takes it within a round trip) and ends the loop.
   * The channel keeps sending.
   */
  async handOver(): Promise<void> {
    if (this.#handingOver.signal.aborted) return this.done;
    const receiving = this.#status.role === "receiving";
    if (receiving) await this.#options.channel.stopReceiving();
    this.#setSending(undefined);
    this.#handingOver.abort();
    await this.done;
  }

  /** Whether this process receives or only sends, and who holds the lease. */
  get status(): ChannelLeaseStatus {
    return this.#status;
  }

  async #run(): Promise<void> {
    const { channel, lease, leases, log, signal } = this.#options;
    const backoff = new Backoff({ baseDelayMs: this.#options.retryBaseMs ?? 1_000, maxDelayMs: 60_000 });
    while (!signal.aborted) {
      const round = new AbortController();
      const endRound = () => round.abort();
      signal.addEventListener("abort", endRound, { once: true });
      let onLost!: () => void;
      const lost = new Promise<void>((resolve) => (onLost = resolve));
      try {
        const held = await leases.hold(lease, {
          signal: round.signal,
          onLost: () => onLost(),
          onBusy: (holder) => this.#setSending(holder),
          healthy: () => ["connected", "starting"].includes(channel.status().state),
        });
        if (!held) return;
        this.#status = { name: lease, role: "receiving", holder: leases.holder };
        try {
          await channel.startReceiving(round.signal);
        } catch (error) {
          if (signal.aborted) return;
          const delay = backoff.next();
          log.warn(
            { channel: channel.name, lease, err: error, retryInMs: Math.round(delay) },
            `${channel.name}: could not begin receiving; giving its connection's lease up and trying again`,
          );
          await channel.stopReceiving();
          this.#setSending(undefined);
          round.abort();
          await abortableSleep(delay, signal).catch(() => undefined);
          continue;
        }
        backoff.reset();
        if (signal.aborted) {
          // Handed over (or stopped) while receiving began: nothing may be received under a lease given up.
          await channel.stopReceiving();
          return;
        }
        log.info({ channel: channel.name, lease }, `${channel.name}: this process receives (it holds ${lease})`);
        const roundEnded = new Promise((resolve) =>
          round.signal.aborted ? resolve(undefined) : round.signal.addEventListener("abort", resolve, { once: true }),
        );
        await Promise.race([lost, roundEnded]);
        if (signal.aborted) return;
        log.warn(
          { channel: channel.name, lease },
          `${channel.name}: lost ${lease}; stopped receiving at once (another process receives) and waiting for it again`,
        );
        await channel.stopReceiving();
        this.#setSending(undefined);
        // Another process that waits takes it meanwhile; alone, this one takes it back after the pause.
        round.abort();
        await abortableSleep(leases.ttlMs, signal).catch(() => undefined);
      } finally {
        signal.removeEventListener("abort", endRound);
        round.abort();
      }
    }
  }

  #setSending(holder: string | undefined): void {
    this.#status = { name: this.#options.lease, role: "sending", ...(holder && { holder }) };
  }
}
