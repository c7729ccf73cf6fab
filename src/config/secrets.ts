import type { SkeinConfig } from "./schema.js";

/** Every secret value in the config (API keys, bot tokens, signing secrets, MCP env and headers). */
export function configSecrets(config: SkeinConfig): string[] {
  const { telegram, slack, discord } = config.channels;
  const mcp = Object.values(config.tools.mcp_servers).flatMap((server) => [
    ...Object.values(server.env),
    ...Object.values(server.headers),
  ]);
  return [
    config.providers.openai.api_key,
    telegram.token,
    telegram.webhook_secret,
    slack.bot_token,
    slack.app_token,
    slack.signing_secret,
    discord.token,
    config.tools.web_search.api_key,
    ...mcp,
  ].filter((secret): secret is string => Boolean(secret));
}

/** Replaces every secret value in `text` with `[redacted]` (secrets shorter than 4 characters are left alone). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (secret.length >= 4) redacted = redacted.split(secret).join("[redacted]");
  return redacted;
}
