import { definePlatformChannel } from "../../src/channel-kit/channel-descriptor.js";
import { telegramSettingsSchema } from "./settings.js";

/** Telegram through grammY: long polling, or a webhook when `webhook_url` is set. */
export const telegram = definePlatformChannel({
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
  isConfigured: (telegramSettings) => Boolean(telegramSettings.token),
  // One long poller per bot (a second one gets 409): the bot id (the token before its colon, not secret) names it.
  // A webhook needs no lease: every process behind the load balancer receives.
  receivingLease: (telegramSettings) =>
    telegramSettings.webhook_url || !telegramSettings.token ? undefined : telegramSettings.token.split(":")[0],
  credentialHint: "TELEGRAM_BOT_TOKEN",
  credentialRemedy: "TELEGRAM_BOT_TOKEN",
  checkCredentials: async (telegramSettings, context) =>
    (await import("./check.js")).checkTelegram(telegramSettings, context.probeWith(telegramSettings.proxy)),
  load: async () => {
    const { TelegramChannel } = await import("./telegram-channel.js");
    return (deps) => new TelegramChannel(deps);
  },
});
