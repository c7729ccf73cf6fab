import * as z from "zod";
import { allowFrom, groupPolicy, streamInterval, streaming } from "../../src/channel-kit/channel-settings.js";

/** The schema of `channels.discord`. */
export const discordSettingsSchema = z.object({
  token: z.string().optional(),
  /** REST base URL (without /v10); the gateway URL then comes from its /gateway/bot. */
  api_url: z.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
});

/** `channels.discord`, with every default filled in. */
export type DiscordSettings = z.output<typeof discordSettingsSchema>;
