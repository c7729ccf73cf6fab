import { createHash } from "node:crypto";
import { definePlatformChannel } from "../../src/channel-kit/channel-descriptor.js";
import { discordSettingsSchema } from "./settings.js";

/** Discord through discord.js: DMs, and mentions in servers and threads. */
export const discord = definePlatformChannel({
  name: "discord",
  settings: discordSettingsSchema,
  env: {
    DISCORD_BOT_TOKEN: "token",
    DISCORD_API_URL: "api_url",
    DISCORD_ALLOW_FROM: { key: "allow_from", as: "list" },
    DISCORD_GROUP_POLICY: "group_policy",
    DISCORD_STREAMING: { key: "streaming", as: "boolean" },
  },
  secrets: ["token"],
  setup: ["token"],
  isConfigured: (discordSettings) => Boolean(discordSettings.token),
  // One gateway session per bot: a hash of the token names it (two bots on one Redis hold two leases).
  receivingLease: (discordSettings) =>
    discordSettings.token ? createHash("sha256").update(discordSettings.token).digest("hex").slice(0, 16) : undefined,
  credentialHint: "DISCORD_BOT_TOKEN",
  credentialRemedy: "DISCORD_BOT_TOKEN",
  checkCredentials: async (discordSettings, context) =>
    (await import("./check.js")).checkDiscord(discordSettings, context.probeWith()),
  load: async () => {
    const { DiscordChannel } = await import("./discord-channel.js");
    return (deps) => new DiscordChannel(deps);
  },
});
