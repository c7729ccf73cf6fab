import type { Message } from "discord.js";
import { compareSnowflakes } from "./snowflake.js";

/**
 * Keeps each Discord channel's messages in the platform's (snowflake) order across the two
 * paths that bring them in: while a channel is being caught up (after a start or a lost
 * session), a live message of that channel is held, and handed back, oldest first, once its
 * catch-up is over. Catch-ups may overlap (a session lost during one): a channel is released
 * only when every catch-up that began it has finished it.
 */
export class CatchUpOrder {
  /** Channel id -> catch-ups still to finish it, and the live messages held meanwhile. */
  readonly #channels = new Map<string, { pending: number; held: Message[] }>();

  /** A catch-up of these channels begins: their live messages are held from now on. */
  begin(channelIds: Iterable<string>): void {
    for (const id of channelIds) {
      const channel = this.#channels.get(id);
      if (channel) channel.pending++;
      else this.#channels.set(id, { pending: 1, held: [] });
    }
  }

  /** Holds a live message of a channel being caught up; false when it may be recorded now. */
  hold(message: Message): boolean {
    const channel = this.#channels.get(message.channelId);
    if (!channel) return false;
    channel.held.push(message);
    return true;
  }

  /** One catch-up finished `channelId`: the messages held for it, oldest first, once no other catch-up still owes it. */
  finish(channelId: string): Message[] {
    const channel = this.#channels.get(channelId);
    if (!channel || --channel.pending > 0) return [];
    this.#channels.delete(channelId);
    return channel.held.sort((a, b) => compareSnowflakes(a.id, b.id));
  }

  /** Forgets every held message (receiving stopped: the next catch-up fetches them again). */
  clear(): void {
    this.#channels.clear();
  }
}
