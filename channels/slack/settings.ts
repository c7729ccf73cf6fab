import * as z from "zod";
import { allowFrom, groupPolicy, port, streamInterval, streaming } from "../../src/channel-kit/channel-settings.js";

/** The schema of `channels.slack`. */
export const slackSettingsSchema = z.object({
  bot_token: z.string().optional(),
  /** App-level token (xapp-...): Socket Mode. Without it, the HTTP Events API on `port`. */
  app_token: z.string().optional(),
  signing_secret: z.string().optional(),
  port: port.default(3000),
  /** Web API base URL, e.g. https://slack.com/api/ (a proxy or a test server). */
  api_url: z.string().url().optional(),
  allow_from: allowFrom,
  group_policy: groupPolicy,
  streaming,
  stream_interval: streamInterval,
});

/** `channels.slack`, with every default filled in. */
export type SlackSettings = z.output<typeof slackSettingsSchema>;
