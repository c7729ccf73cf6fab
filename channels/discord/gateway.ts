import { Client, Events, GatewayIntentBits, Options, Partials } from "discord.js";
import type { Logger } from "pino";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";
import { settleWithin } from "../../src/util/settle-within.js";
import { closeCodeError } from "./errors.js";

/**
 * The gateway's client: DMs, guild messages with their text, the Channel partial (without it, DMs in
 * channels not yet cached are dropped) and a small message cache. `apiUrl` is the REST base for
 * interactions and catch-up fetches (a proxy or a test server).
 */
export function gatewayClient(apiUrl: string | undefined): Client {
  return new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.DirectMessages,
      GatewayIntentBits.MessageContent,
    ],
    partials: [Partials.Channel],
    // Replies need no message history: keep the cache small.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 20 }),
    // Its REST client answers interactions and fetches catch-up; replies go through the channel's own REST client.
    rest: { ...(apiUrl && { api: apiUrl }) },
  });
}

/** What the connection's events tell the channel, and what the channel tells of itself. */
export interface GatewayWatch {
  log: Logger;
  /** Whether `client` is still the channel's gateway (not one `stopReceiving` closed). */
  isCurrent: (client: Client) => boolean;
  /** Whether the channel is starting (a failure then is the start's to report). */
  isStarting: () => boolean;
  isStopping: () => boolean;
  setStatus: (state: ChannelStatus["state"], detail?: string) => void;
  /** A new session after a lost one (op 9, 4009, a failed RESUME): Discord replays missed events only on a RESUME. */
  onNewSession: (client: Client, shardId: number) => void;
}

/** Follows the gateway connection of `client`: disconnections, reconnections, resumed and new sessions, errors. */
export function watchGateway(client: Client, watch: GatewayWatch): void {
  const { log } = watch;
  client.on(Events.ShardDisconnect, (event, shardId) => {
    if (watch.isStarting() || !watch.isCurrent(client)) return;
    const failure = closeCodeError(event.code);
    log.error({ shardId, code: event.code }, `discord gateway disconnected for good: ${failure.message}`);
    watch.setStatus("disconnected", failure.message);
  });
  client.on(Events.ShardReconnecting, (shardId) => {
    if (watch.isStopping() || !watch.isCurrent(client)) return;
    log.warn({ shardId }, "discord gateway connection lost, reconnecting");
    watch.setStatus("disconnected", "gateway connection lost, reconnecting");
  });
  client.on(Events.ShardResume, (shardId, replayed) => {
    if (!watch.isCurrent(client)) return;
    log.info({ shardId, replayed }, "discord gateway session resumed");
    watch.setStatus("connected", "resumed");
  });
  let sessions = 0;
  client.on(Events.ShardReady, (shardId) => {
    // The first READY is start()'s; each later one is a new session after a lost one.
    if (++sessions === 1 || !watch.isCurrent(client)) return;
    watch.onNewSession(client, shardId);
  });
  client.on(Events.ShardError, (error, shardId) => log.warn({ err: error, shardId }, "discord gateway error"));
  client.on(Events.Invalidated, () => {
    if (!watch.isCurrent(client)) return;
    log.error("discord session invalidated: not reconnecting");
    watch.setStatus("disconnected", "session invalidated");
  });
  client.on(Events.Error, (error) => log.error({ err: error }, "discord client error"));
  client.on(Events.Warn, (warning) => log.warn(`discord: ${warning}`));
  if (log.isLevelEnabled("trace")) client.on(Events.Debug, (message) => log.trace(`discord.js: ${message}`));
}

/**
 * Destroys the client, waiting at most `limitMs`: discord.js can wait forever for a
 * socket to close when it is destroyed while waiting for the gateway's HELLO.
 */
export async function destroyClient(client: Client, limitMs = 5000): Promise<void> {
  await settleWithin(client.destroy(), limitMs);
}

/** discord.js appends `/v10/...` itself: drop a trailing slash or API version from the configured base. */
export function restBase(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "").replace(/\/v\d+$/, "");
}
