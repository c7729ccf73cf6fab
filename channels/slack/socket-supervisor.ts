import type { SocketModeReceiver } from "@slack/bolt";
import type { Logger } from "pino";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";

export interface SocketSupervisorOptions {
  /** The Socket Mode client, created with `autoReconnectEnabled: false`. */
  client: SocketModeReceiver["client"];
  log: Logger;
  onStatus: (state: ChannelStatus["state"], detail?: string) => void;
  /** First delay before reconnecting, doubled per failed attempt (default 1 s). */
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
  #stopped = false;
  #reconnecting = false;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;

  constructor(options: SocketSupervisorOptions) {
    this.#options = options;
  }

  /** Starts watching, once the first connection is up. */
  watch(): void {
    if (this.#watching) return;
    this.#watching = true;
    const { client } = this.#options;
    client.on("connected", () => {
      if (!this.#stopped) this.#options.onStatus("connected");
    });
    client.on("disconnected", () => void this.#reconnect());
  }

  /** Stops reconnecting (before the client is disconnected on purpose). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#wake?.();
  }

  async #reconnect(): Promise<void> {
    if (this.#stopped || this.#reconnecting) return;
    this.#reconnecting = true;
    const { log, onStatus, client } = this.#options;
    log.warn("Slack Socket Mode connection closed; reconnecting");
    onStatus("disconnected", "Socket Mode connection closed; reconnecting");
    try {
      for (let attempt = 1; !this.#stopped; attempt++) {
        await this.#sleep(this.#delay(attempt));
        if (this.#stopped) return;
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

  #delay(attempt: number): number {
    const base = this.#options.baseDelayMs ?? 1_000;
    return Math.min(this.#options.maxDelayMs ?? 30_000, base * 2 ** (attempt - 1));
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, ms);
      this.#timer.unref();
    });
  }
}
