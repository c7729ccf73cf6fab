#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { external_exports } from "./chunk-BPOSQNOK.js";
function definePlatformChannel(descriptor) {
  return { kind: "platform", ...descriptor };
}
function defineTerminalChannel(descriptor) {
  return { kind: "terminal", ...descriptor };
}
var cli = defineTerminalChannel({
  name: "cli",
  load: async () => {
    const { CliChannel } = await import("./cli-channel-UXV5M422.js");
    return (deps) => new CliChannel(deps);
  },
});
import { createHash } from "node:crypto";
var groupPolicy = external_exports.enum(["mention", "open", "disabled"]).default("mention"),
  allowFrom = external_exports
    .array(
      external_exports.union([external_exports.string().min(1), external_exports.number().int().transform(String)]),
    )
    .default([]),
  port = external_exports.number().int().min(0).max(65535),
  streaming = external_exports.boolean().default(!0),
  streamInterval = external_exports.number().positive().default(1);
var discordSettingsSchema = external_exports.object({
  token: external_exports.string().optional(),
  api_url: external_exports.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
});
var discord = definePlatformChannel({
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
  isConfigured: (discordSettings) => !!discordSettings.token,
  receivingLease: (discordSettings) =>
    discordSettings.token ? createHash("sha256").update(discordSettings.token).digest("hex").slice(0, 16) : void 0,
  credentialHint: "DISCORD_BOT_TOKEN",
  credentialRemedy: "DISCORD_BOT_TOKEN",
  checkCredentials: async (discordSettings, context) =>
    (await import("./check-3HSK2KKN.js")).checkDiscord(discordSettings, context.probeWith()),
  load: async () => {
    const { DiscordChannel } = await import("./discord-channel-XZDBDTM7.js");
    return (deps) => new DiscordChannel(deps);
  },
});
var slackSettingsSchema = external_exports.object({
  bot_token: external_exports.string().optional(),
  app_token: external_exports.string().optional(),
  signing_secret: external_exports.string().optional(),
  port: port.default(3e3),
  api_url: external_exports.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
});
var slack = definePlatformChannel({
  name: "slack",
  settings: slackSettingsSchema,
  env: {
    SLACK_BOT_TOKEN: "bot_token",
    SLACK_APP_TOKEN: "app_token",
    SLACK_SIGNING_SECRET: "signing_secret",
    SLACK_PORT: { key: "port", as: "number" },
    SLACK_API_URL: "api_url",
    SLACK_ALLOW_FROM: { key: "allow_from", as: "list" },
    SLACK_GROUP_POLICY: "group_policy",
    SLACK_STREAMING: { key: "streaming", as: "boolean" },
  },
  secrets: ["bot_token", "app_token", "signing_secret"],
  setup: ["bot_token", "app_token"],
  isConfigured: (slackSettings) => !!slackSettings.bot_token,
  credentialHint: "SLACK_BOT_TOKEN (with SLACK_APP_TOKEN or SLACK_SIGNING_SECRET)",
  credentialRemedy: "SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET",
  configWarnings: (slackSettings) =>
    slackSettings.bot_token && !slackSettings.app_token && !slackSettings.signing_secret
      ? ["slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP events)"]
      : [],
  checkCredentials: async (slackSettings, context) =>
    (await import("./check-PH6625WL.js")).checkSlack(slackSettings, context.probeWith()),
  load: async () => {
    const { SlackChannel } = await import("./slack-channel-5R5UUG37.js");
    return (deps) => new SlackChannel(deps);
  },
});
var telegramSettingsSchema = external_exports.object({
  token: external_exports.string().optional(),
  api_root: external_exports.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
  proxy: external_exports.string().url().optional(),
  webhook_url: external_exports.string().url().optional(),
  webhook_secret: external_exports.string().optional(),
  webhook_port: port.default(8443),
});
var telegram = definePlatformChannel({
  name: "telegram",
  settings: telegramSettingsSchema,
  env: {
    TELEGRAM_BOT_TOKEN: "token",
    TELEGRAM_API_ROOT: "api_root",
    TELEGRAM_ALLOW_FROM: { key: "allow_from", as: "list" },
    TELEGRAM_PROXY: "proxy",
    TELEGRAM_GROUP_POLICY: "group_policy",
    TELEGRAM_STREAMING: { key: "streaming", as: "boolean" },
    TELEGRAM_WEBHOOK_URL: "webhook_url",
    TELEGRAM_WEBHOOK_SECRET: "webhook_secret",
    TELEGRAM_WEBHOOK_PORT: { key: "webhook_port", as: "number" },
  },
  secrets: ["token", "webhook_secret"],
  setup: ["token"],
  isConfigured: (telegramSettings) => !!telegramSettings.token,
  receivingLease: (telegramSettings) =>
    telegramSettings.webhook_url || !telegramSettings.token ? void 0 : telegramSettings.token.split(":")[0],
  credentialHint: "TELEGRAM_BOT_TOKEN",
  credentialRemedy: "TELEGRAM_BOT_TOKEN",
  checkCredentials: async (telegramSettings, context) =>
    (await import("./check-QCZPSRYT.js")).checkTelegram(telegramSettings, context.probeWith(telegramSettings.proxy)),
  load: async () => {
    const { TelegramChannel } = await import("./telegram-channel-3Z6EVZKE.js");
    return (deps) => new TelegramChannel(deps);
  },
});
var channelCatalog = [telegram, slack, discord, cli];
var platformChannels = channelCatalog.filter((descriptor) => descriptor.kind === "platform");
function platformChannel(name) {
  return platformChannels.find((descriptor) => descriptor.name === name);
}
function terminalChannel() {
  const terminal = channelCatalog.find((descriptor) => descriptor.kind === "terminal");
  if (!terminal) throw new Error("channels/catalog.ts lists no terminal channel");
  return terminal;
}
function settingsOf(config, name) {
  return config.channels[name];
}
function configuredChannels(config) {
  return platformChannels
    .filter((descriptor) => descriptor.isConfigured(settingsOf(config, descriptor.name)))
    .map((descriptor) => descriptor.name);
}
function receivingLeaseName(name, settings) {
  const identity = platformChannel(name)?.receivingLease?.(settings);
  return identity === void 0 ? void 0 : `connection:${name}:${identity}`;
}
async function loadChannelFactory(name) {
  const descriptor = platformChannel(name);
  if (!descriptor) throw new Error(`no channel plugin named ${name} in channels/catalog.ts`);
  return await descriptor.load();
}
function noChannelText(platforms = platformChannels) {
  const hints = platforms.map((descriptor) => descriptor.credentialHint),
    either =
      hints.length > 1
        ? `${hints.slice(0, -1).join(", ")} or ${hints.at(-1)}`
        : (hints[0] ?? "a channel's credentials"),
    problem = "no channel is configured, so there is nobody to talk to",
    remedy = `set ${either} in the environment, in .env or in config.json (channels.<name>), then run \`skein start\` again; \`skein chat\` talks to the agent in this terminal`;
  return { problem, remedy, message: `${problem}. ${remedy[0].toUpperCase()}${remedy.slice(1)}.` };
}
function channelsShape() {
  return Object.fromEntries(platformChannels.map((descriptor) => [descriptor.name, descriptor.settings.prefault({})]));
}
export {
  channelsShape,
  configuredChannels,
  loadChannelFactory,
  noChannelText,
  platformChannel,
  platformChannels,
  port,
  receivingLeaseName,
  settingsOf,
  terminalChannel,
};
//# sourceMappingURL=chunk-PSIFTLKK.js.map
