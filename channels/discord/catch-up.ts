import type { Client, Message } from "discord.js";
import type { Logger } from "pino";
import type { LastSeenStore } from "./last-seen.js";
import { compareSnowflakes, snowflakeAt } from "./snowflake.js";

/** Messages per `GET /channels/{id}/messages` page: Discord's maximum. */
const PAGE_SIZE = 100;
/** Pages fetched per channel at most (10,000 messages): a bound, not an expected amount. */
const MAX_PAGES = 100;

export interface CatchUpOptions {
  client: Client;
  lastSeen: LastSeenStore;
  /** The channels to catch up (default: every channel with a last-seen mark). */
  channels?: string[];
  /** Only messages younger than this are fetched (`agents.defaults.max_message_age`). */
  maxMessageAgeMs: number;
  /** The path a live message takes (gates, recording); resolves once the message is recorded or ignored. */
  receive: (message: Message) => Promise<void>;
  /** Awaited when a channel's catch-up ends, successful or not (its held live messages are recorded then). */
  onChannelDone: (channelId: string) => Promise<void> | void;
  log: Logger;
  signal: AbortSignal;
  now?: () => number;
}

/**
 * Discord does not redeliver what was sent while the bot was offline: fetches, for each
 * channel the bot has seen a message in, the messages newer than the last one recorded
 * (`GET /channels/{id}/messages?after=`), but none older than `maxMessageAgeMs`, and hands
 * them, oldest first, to the live path. A channel whose last message is older is skipped
 * without a call when its last message id is known. Returns the number of messages handed on.
 */
export async function catchUp(options: CatchUpOptions): Promise<number> {
  const { lastSeen, log, signal } = options;
  const oldestWanted = snowflakeAt((options.now ?? Date.now)() - options.maxMessageAgeMs);
  let handed = 0;
  for (const channelId of options.channels ?? lastSeen.channels()) {
    if (signal.aborted) break;
    try {
      const seen = lastSeen.get(channelId);
      const after = seen !== undefined && compareSnowflakes(seen, oldestWanted) > 0 ? seen : oldestWanted;
      handed += await catchUpChannel(channelId, after, options);
    } catch (error) {
      log.warn(
        { err: error, chatId: channelId },
        "discord: catching up on a channel failed; it is tried at the next start",
      );
    } finally {
      await options.onChannelDone(channelId);
    }
  }
  return handed;
}

async function catchUpChannel(channelId: string, after: string, options: CatchUpOptions): Promise<number> {
  const { client, signal } = options;
  // Fetched anew: a cached channel's last message id is stale after a gap (a DM gets no update on a new session).
  const channel = await client.channels.fetch(channelId, { force: true });
  if (!channel?.isTextBased() || !("messages" in channel)) return 0;
  const newest = channel.lastMessageId;
  if (newest && compareSnowflakes(newest, after) <= 0) return 0;
  let cursor = after;
  let handed = 0;
  for (let page = 0; page < MAX_PAGES && !signal.aborted; page++) {
    const batch = await channel.messages.fetch({ after: cursor, limit: PAGE_SIZE, cache: false });
    const oldestFirst = [...batch.values()].sort((a, b) => compareSnowflakes(a.id, b.id));
    for (const message of oldestFirst) {
      if (signal.aborted) return handed;
      await options.receive(message);
      handed++;
      cursor = message.id;
    }
    if (batch.size < PAGE_SIZE) break;
  }
  return handed;
}
