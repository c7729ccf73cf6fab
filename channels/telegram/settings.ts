import * as z from "zod";
import { allowFrom, groupPolicy, port, streamInterval, streaming } from "../../src/channel-kit/channel-settings.js";

/** The schema of `channels.telegram`. */
export const telegramSettingsSchema = z.object({
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
export type TelegramSettings = z.output<typeof telegramSettingsSchema>;
