import type { Redis } from "ioredis";
import { SubscribedChannel } from "../bus/subscribed-channel.js";
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
  readonly #channel: SubscribedChannel;
  readonly #listeners = new Set<(event: ChatEvent) => void>();

  constructor(options: RedisChatEventsOptions) {
    this.#redis = options.redis;
    this.#channel = new SubscribedChannel(options.subscriber, `${options.prefix}web-chat-events`, (text) => {
      const event = parseEvent(text);
      if (event) for (const listener of this.#listeners) listener(event);
    });
  }

  /** Resolves once events can arrive (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.#channel.subscribed();
  }

  publish(event: ChatEvent): void {
    void this.#redis.publish(this.#channel.name, JSON.stringify(event)).catch(() => undefined);
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#channel.close();
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
