#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { platformChannels, settingsOf } from "./chunk-PSIFTLKK.js";
function configSecrets(config) {
  const channels = platformChannels.flatMap((descriptor) => {
      const settings = settingsOf(config, descriptor.name);
      return descriptor.secrets.map((key) => settings[key]);
    }),
    mcp = Object.values(config.tools.mcp_servers).flatMap((server) => [
      ...Object.values(server.env),
      ...Object.values(server.headers),
    ]),
    providers = Object.values(config.providers).flatMap((provider) => [
      provider.api_key,
      ...Object.values(provider.headers),
    ]),
    skills = Object.values(config.skills.entries).flatMap((entry) => Object.values(entry.env)),
    hooks = Object.values(config.hooks).map((hook) => hook.token),
    redis = [config.bus.redis_password, passwordIn(config.bus.redis_url)];
  return [
    ...providers,
    ...channels,
    config.tools.web_search.api_key,
    config.tools.transcription.api_key,
    ...mcp,
    ...skills,
    ...hooks,
    ...redis,
  ].filter((secret) => typeof secret == "string" && secret !== "");
}
var secretVariableName = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;
function environmentSecrets(env) {
  return Object.entries(env)
    .filter(([name, value]) => secretVariableName.test(name) && typeof value == "string" && value !== "")
    .map(([, value]) => value);
}
function redactSecrets(text, secrets) {
  let redacted = text;
  for (const secret of secrets) secret.length >= 4 && (redacted = redacted.replaceAll(secret, "[redacted]"));
  return redacted;
}
function passwordIn(url) {
  if (url)
    try {
      const password = new URL(url).password;
      return password ? decodeURIComponent(password) : void 0;
    } catch {
      return;
    }
}
export { configSecrets, environmentSecrets, redactSecrets };
//# sourceMappingURL=chunk-KZUCDV6L.js.map
