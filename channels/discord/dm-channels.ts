import { DiscordAPIError, type REST, Routes } from "discord.js";
import { ChannelError } from "../../src/channel-kit/channel.js";
import { toChannelError } from "./errors.js";

/** Chat ids remembered at most (a user's DM channel, or that an id is a channel): a bound, not an expected amount. */
const REMEMBERED = 10_000;
/** Discord's "Unknown Channel". */
const UNKNOWN_CHANNEL = 10003;

export interface DmChannelsOptions {
  rest: REST;
  /** User ids known to be users (`allow_from`): their DM is opened without asking what the id is. */
  userIds: () => readonly string[];
  /** Whether the gateway has shown this id as a channel (no request needed). */
  isKnownChannel?: (id: string) => boolean;
}

/**
 * Where a message to a Discord chat id is posted. A channel id (a DM, a server channel, a
 * thread) is posted to as it is. A user id (an allowed user who has not written yet, a
 * `message` tool target) addresses that user's DM, as on Telegram and Slack: the DM channel
 * is opened, or found, as discord.js's `users.createDM` does (`POST /users/@me/channels
 * {recipient_id}`). An id never seen is asked about once (`GET /channels/{id}`); what each
 * id turned out to be is remembered.
 */
export class DmChannels {
  readonly #postTo = new Map<string, string>();
  readonly #options: DmChannelsOptions;

  constructor(options: DmChannelsOptions) {
    this.#options = options;
  }

  /** Notes a channel the gateway delivered a message from: its id is where it is posted to. */
  noteChannel(channelId: string): void {
    this.#remember(channelId, channelId);
  }

  /** The channel to post a message for `chatId` in: itself, or the DM channel of the user it names. */
  async channelFor(chatId: string, signal?: AbortSignal): Promise<string> {
    const known = this.#postTo.get(chatId);
    if (known !== undefined) return known;
    if (this.#options.isKnownChannel?.(chatId)) return chatId;
    if (this.#options.userIds().includes(chatId)) return this.#openDm(chatId, signal);
    try {
      await this.#options.rest.get(Routes.channel(chatId), { signal });
    } catch (error) {
      if (!(error instanceof DiscordAPIError) || error.code !== UNKNOWN_CHANNEL) return chatId;
      return this.#openDm(chatId, signal, error);
    }
    this.#remember(chatId, chatId);
    return chatId;
  }

  /** Opens (or finds: Discord answers with the existing one) the DM channel with `userId`. */
  async #openDm(userId: string, signal?: AbortSignal, notAChannel?: unknown): Promise<string> {
    let dm: { id: string };
    try {
      dm = (await this.#options.rest.post(Routes.userChannels(), {
        body: { recipient_id: userId },
        signal,
      })) as { id: string };
    } catch (error) {
      if (notAChannel !== undefined && error instanceof DiscordAPIError)
        throw new ChannelError(
          "rejected",
          "discord",
          `Discord refused to post to ${userId}: unknown channel (deleted, or the bot cannot see it), and no user ` +
            `the bot can message either (${error.message}); a chat id is a channel, DM channel or user id`,
          { cause: error, retryable: false },
        );
      throw toChannelError(error, `open a DM with user ${userId}`);
    }
    this.#remember(userId, dm.id);
    this.#remember(dm.id, dm.id);
    return dm.id;
  }

  #remember(chatId: string, channelId: string): void {
    if (this.#postTo.size >= REMEMBERED && !this.#postTo.has(chatId)) {
      const oldest = this.#postTo.keys().next().value;
      if (oldest !== undefined) this.#postTo.delete(oldest);
    }
    this.#postTo.set(chatId, channelId);
  }
}
