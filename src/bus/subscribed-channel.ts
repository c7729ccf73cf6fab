import type { Redis } from "ioredis";

/**
 * One Redis pub/sub channel heard on a subscriber connection of its own (a subscribed
 * connection takes no other command): each message of the channel goes to `onMessage`, and
 * the channel is subscribed again after every reconnection (and at once if the connection is
 * up already). Closing it closes the connection.
 */
export class SubscribedChannel {
  readonly name: string;
  readonly #subscriber: Redis;
  readonly #subscribe = () => void this.#subscriber.subscribe(this.name).catch(() => undefined);

  constructor(subscriber: Redis, name: string, onMessage: (text: string) => void) {
    this.#subscriber = subscriber;
    this.name = name;
    subscriber.on("message", (channel: string, text: string) => {
      if (channel === name) onMessage(text);
    });
    subscriber.on("ready", this.#subscribe);
    if (subscriber.status === "ready") this.#subscribe();
  }

  /** Resolves once messages can arrive (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.#subscriber.subscribe(this.name);
  }

  async close(): Promise<void> {
    this.#subscriber.off("ready", this.#subscribe);
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }
}
