import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { SubscribedChannel } from "../bus/subscribed-channel.js";
import { type DashboardEventName, type DashboardEventRelay, isSharedEvent } from "../dashboard/dashboard-events.js";

/** How long an announcement that a browser listens counts (its process announces again at each 25 s ping). */
const LISTENING_MS = 60_000;

export interface RedisDashboardEventsOptions {
  /** The command connection (PUBLISH). */
  redis: Redis;
  /** A connection of its own for SUBSCRIBE; closed with the relay. */
  subscriber: Redis;
  prefix: string;
  /** Shows an event another process published to this process's browsers. */
  deliver: (event: DashboardEventName, data: unknown) => void;
  now?: () => number;
}

/**
 * The dashboard's shared events on one Redis pub/sub channel (`<prefix>dashboard-events`), so
 * that a browser of any process sees a turn answered, a call waiting or a code handed out in
 * another. A process with a browser announces it there (`{"listening":true}`) at the browser's
 * attach and every ping; the others publish only within a minute of such an announcement, so
 * a cluster nobody looks at sends nothing. Best effort: with Redis unreachable the live view
 * misses events, and the pages still read the shared state.
 */
export class RedisDashboardEvents implements DashboardEventRelay {
  readonly #redis: Redis;
  readonly #channel: SubscribedChannel;
  readonly #member = randomUUID();
  readonly #now: () => number;
  #listeningUntil = 0;

  constructor(options: RedisDashboardEventsOptions) {
    this.#redis = options.redis;
    this.#now = options.now ?? Date.now;
    this.#channel = new SubscribedChannel(options.subscriber, `${options.prefix}dashboard-events`, (text) => {
      const message = parseMessage(text);
      if (!message || message.from === this.#member) return;
      if (message.type === "listening") this.#listeningUntil = this.#now() + LISTENING_MS;
      else options.deliver(message.event, message.data);
    });
  }

  /** Resolves once events can arrive (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.#channel.subscribed();
  }

  get listening(): boolean {
    return this.#now() < this.#listeningUntil;
  }

  publish(event: DashboardEventName, data: unknown): void {
    this.#send({ from: this.#member, event, data });
  }

  announce(): void {
    this.#send({ from: this.#member, listening: true });
  }

  async close(): Promise<void> {
    await this.#channel.close();
  }

  #send(message: Record<string, unknown>): void {
    void this.#redis.publish(this.#channel.name, JSON.stringify(message)).catch(() => undefined);
  }
}

type RelayedMessage =
  | { type: "listening"; from: string }
  | { type: "event"; from: string; event: DashboardEventName; data: unknown };

function parseMessage(text: string): RelayedMessage | undefined {
  try {
    const message = JSON.parse(text) as { from?: unknown; listening?: unknown; event?: unknown; data?: unknown };
    if (typeof message.from !== "string") return undefined;
    if (message.listening === true) return { type: "listening", from: message.from };
    if (typeof message.event === "string" && isSharedEvent(message.event))
      return { type: "event", from: message.from, event: message.event, data: message.data ?? {} };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}
