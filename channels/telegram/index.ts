import { z } from "zod";
import { definePlatformChannel } from "../../src/channel-kit/channel-descriptor.js";
import { allowFrom, groupPolicy, port, streamInterval, streaming } from "../../src/channel-kit/channel-settings.js";

const settings = z.object({
  token: z.string().optional(),
  /** Bot API server root without a trailing slash, default https://api.telegram.org. */
  api_root: z.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
  /** HTTP(S) proxy URL for Bot API calls. */
  proxy: z.string().url().optional(),
  /** When set, receive updates by webhook at this public URL instead of long polling. */
  webhook_url: z.string().url().optional(),
  webhook_secret: z.string().optional(),
  webhook_port: port.default(8443),
});

/** `channels.telegram`, with every default filled in. */
export type TelegramSettings = z.output<typeof settings>;

/** Telegram through grammY: long polling, or a webhook when `webhook_url` is set. */
export const telegram = definePlatformChannel({
  name: "telegram",
  settings,
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
