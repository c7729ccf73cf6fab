import { ChannelError, type ChannelFactory } from "../../src/channel-kit/channel.js";
import { DiscordChannel } from "./discord-channel.js";

/** The Discord channel's factory: configured by `channels.discord.*` (DISCORD_BOT_TOKEN, DISCORD_API_URL). */
const createDiscordChannel: ChannelFactory = ({ config, bus, log }) => {
  const { token, api_url: apiUrl } = config.channels.discord;
  if (!token) throw new ChannelError("config", "discord", "channels.discord.token (DISCORD_BOT_TOKEN) is not set");
  return new DiscordChannel({ token, bus, log, ...(apiUrl && { apiUrl: restBase(apiUrl) }) });
};

/** discord.js appends `/v10/...` itself: drop a trailing slash or API version from the configured base. */
function restBase(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "").replace(/\/v\d+$/, "");
}

export default createDiscordChannel;
