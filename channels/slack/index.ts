import { definePlatformChannel } from "../../src/channel-kit/channel-descriptor.js";
import { slackSettingsSchema } from "./settings.js";

/** Slack through Bolt: Socket Mode with an app token, else the HTTP Events API. */
export const slack = definePlatformChannel({
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
  isConfigured: (slackSettings) => Boolean(slackSettings.bot_token),
  credentialHint: "SLACK_BOT_TOKEN (with SLACK_APP_TOKEN or SLACK_SIGNING_SECRET)",
  credentialRemedy: "SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET",
  configWarnings: (slackSettings) =>
    slackSettings.bot_token && !slackSettings.app_token && !slackSettings.signing_secret
      ? ["slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP events)"]
      : [],
  checkCredentials: async (slackSettings, context) =>
    (await import("./check.js")).checkSlack(slackSettings, context.probeWith()),
  load: async () => {
    const { SlackChannel } = await import("./slack-channel.js");
    return (deps) => new SlackChannel(deps);
  },
});
