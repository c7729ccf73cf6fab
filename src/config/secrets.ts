import { type PlatformChannelName, platformChannels, settingsOf } from "../channel-catalog/loader.js";
import type { SkeinConfig } from "./schema.js";

/** Every secret value in the config (every provider's API key and headers, bot tokens, signing secrets, MCP env and headers, skill env, hook tokens, the Redis password). */
export function configSecrets(config: SkeinConfig): string[] {
  const channels = platformChannels.flatMap((descriptor) => {
    const settings = settingsOf(config, descriptor.name as PlatformChannelName) as Record<string, unknown>;
    return descriptor.secrets.map((key) => settings[key]);
  });
  const mcp = Object.values(config.tools.mcp_servers).flatMap((server) => [
    ...Object.values(server.env),
    ...Object.values(server.headers),
  ]);
  const providers = Object.values(config.providers).flatMap((provider) => [
    provider.api_key,
    ...Object.values(provider.headers),
  ]);
  const skills = Object.values(config.skills.entries).flatMap((entry) => Object.values(entry.env));
  const hooks = Object.values(config.hooks).map((hook) => hook.token);
  const redis = [
    config.bus.redis_password,
    passwordIn(config.bus.redis_url),
    config.bus.sentinel?.password,
    config.bus.sentinel?.sentinel_password,
  ];
  return [
    ...providers,
    ...channels,
    config.tools.web_search.api_key,
    config.tools.transcription.api_key,
    ...mcp,
    ...skills,
    ...hooks,
    ...redis,
  ].filter((secret): secret is string => typeof secret === "string" && secret !== "");
}

/** Names of environment variables that hold a credential (`OPENAI_API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`). */
const secretVariableName = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;

/** The values of the environment's (and `.env`'s) credential-like variables: secrets the config does not name. */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => secretVariableName.test(name) && typeof value === "string" && value !== "")
    .map(([, value]) => value as string);
}

/** Replaces every secret value in `text` with `[redacted]` (secrets shorter than 4 characters are left alone). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (secret.length >= 4) redacted = redacted.replaceAll(secret, "[redacted]");
  return redacted;
}

/** The password of a `redis://user:password@host` URL, as written and decoded. */
function passwordIn(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}
