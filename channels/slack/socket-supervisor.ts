import type { SocketModeReceiver } from "@slack/bolt";
import type { Logger } from "pino";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";
import { backoffDelay } from "../../src/util/retry.js";
import { abortableSleep } from "../../src/util/sleep.js";

export interface SocketSupervisorOptions {
  /** The Socket Mode client, created with `autoReconnectEnabled: false`. */
  client: SocketModeReceiver["client"];
  log: Logger;
  onStatus: (state: ChannelStatus["state"], detail?: string) => void;
  /** Backoff base before reconnecting, doubled (with jitter) per failed attempt (default 1 s). */
  baseDelayMs?: number;
  /** Longest delay between attempts (default 30 s). */
  maxDelayMs?: number;
}

/**
 * Keeps a Socket Mode connection up. When the socket closes (Slack's `disconnect`
 * message, a lost connection, a missed pong) the channel shows as disconnected and
 * the supervisor reconnects, each time through a fresh `apps.connections.open`, with
 * growing delays and without end. Every failure is caught and visible in the status:
 * unlike the client's own reconnect loop, nothing becomes an unhandled rejection.
 */
export class SocketSupervisor {
  readonly #options: SocketSupervisorOptions;
  #watching = false;
  #reconnecting = false;
  /** Aborted by stop(): ends the wait between attempts at once. */
  readonly #stopped = new AbortController();

  constructor(options: SocketSupervisorOptions) {
    this.#options = options;
  }

  /** Starts watching, once the first connection is up. */
  watch(): void {
    if (this.#watching) return;
    this.#watching = true;
    const { client } = this.#options;
    client.on("connected", () => {
      if (!this.#stopped.signal.aborted) this.#options.onStatus("connected");
    });
    client.on("disconnected", () => void this.#reconnect());
  }

  /** Stops reconnecting (before the client is disconnected on purpose). */
  stop(): void {
    this.#stopped.abort();
  }

  async #reconnect(): Promise<void> {
    const { signal } = this.#stopped;
    if (signal.aborted || this.#reconnecting) return;
    this.#reconnecting = true;
    const { log, onStatus, client } = this.#options;
    log.warn("Slack Socket Mode connection closed; reconnecting");
    onStatus("disconnected", "Socket Mode connection closed; reconnecting");
    try {
      for (let attempt = 1; !signal.aborted; attempt++) {
        const delayMs = backoffDelay(attempt, {
          baseDelayMs: this.#options.baseDelayMs ?? 1_000,
          maxDelayMs: this.#options.maxDelayMs ?? 30_000,
        });
        if (
          !(await abortableSleep(delayMs, signal).then(
            () => true,
            () => false,
          ))
        )
          return;
        try {
          await client.start();
          log.info({ attempt }, "Slack Socket Mode reconnected");
          return;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          log.warn({ attempt, err: error }, "Slack Socket Mode reconnect failed");
          onStatus("disconnected", `reconnect attempt ${attempt} failed: ${reason}`);
        }
      }
    } finally {
      this.#reconnecting = false;
    }
  }
}
