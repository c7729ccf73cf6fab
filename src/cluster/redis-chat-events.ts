import type { Redis } from "ioredis";
import type { ChatEvent, ChatEventRelay } from "../dashboard/web-chat/chat-events.js";

export interface RedisChatEventsOptions {
  /** The command connection (PUBLISH). */
  redis: Redis;
  /** A connection of its own for SUBSCRIBE; closed with the relay. */
  subscriber: Redis;
  prefix: string;
}

/**
 * The web chat's events on one Redis pub/sub channel (`<prefix>web-chat-events`): every process
 * publishes its events there and shows its browsers what arrives, so a reply streams to the
 * browser whichever process runs the turn. Best effort, like the events themselves: with Redis
 * unreachable the live view misses them, and the transcript still has the reply.
 */
export class RedisChatEvents implements ChatEventRelay {
  readonly #redis: Redis;
  readonly #subscriber: Redis;
  readonly #channel: string;
  readonly #listeners = new Set<(event: ChatEvent) => void>();
  readonly #subscribe = () => void this.#subscriber.subscribe(this.#channel).catch(() => undefined);

  constructor(options: RedisChatEventsOptions) {
    this.#redis = options.redis;
    this.#subscriber = options.subscriber;
    this.#channel = `${options.prefix}web-chat-events`;
    this.#subscriber.on("message", (channel: string, text: string) => {
      if (channel !== this.#channel) return;
      const event = parseEvent(text);
      if (event) for (const listener of this.#listeners) listener(event);
    });
    // Subscribed again after each reconnection (and at once if the connection is up already).
    this.#subscriber.on("ready", this.#subscribe);
    if (this.#subscriber.status === "ready") this.#subscribe();
  }

  /** Resolves once events can arrive (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.#subscriber.subscribe(this.#channel);
  }

  publish(event: ChatEvent): void {
    void this.#redis.publish(this.#channel, JSON.stringify(event)).catch(() => undefined);
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    this.#subscriber.off("ready", this.#subscribe);
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }
}

const kinds = new Set(["status", "delta", "final", "error"]);

function parseEvent(text: string): ChatEvent | undefined {
  try {
    const event = JSON.parse(text) as Partial<ChatEvent>;
    if (typeof event.conversation === "string" && typeof event.text === "string" && kinds.has(event.kind ?? ""))
      return event as ChatEvent;
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}
