import type { SkeinConfig } from "../config/schema.js";
import type { ChannelFactory } from "./channel.js";

/**
 * The only place the core names concrete channels. Each SDK is imported lazily,
 * when its channel is configured: a Telegram-only daemon never loads discord.js.
 */
const channelModules = {
  telegram: () => import("../../channels/telegram/index.js"),
  slack: () => import("../../channels/slack/index.js"),
  discord: () => import("../../channels/discord/index.js"),
} satisfies Record<string, () => Promise<{ default: ChannelFactory }>>;

export type PlatformChannelName = keyof typeof channelModules;

/** Names of the platform channels whose credentials are configured, in a stable order. */
export function configuredChannels(config: SkeinConfig): PlatformChannelName[] {
  const names: PlatformChannelName[] = [];
  if (config.channels.telegram.token) names.push("telegram");
  if (config.channels.slack.bot_token) names.push("slack");
  if (config.channels.discord.token) names.push("discord");
  return names;
}

/** Imports a channel's module (and with it, its SDK) and returns its factory. */
export async function loadChannelFactory(name: PlatformChannelName): Promise<ChannelFactory> {
  const module = await channelModules[name]();
  return module.default;
}
