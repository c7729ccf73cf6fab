import { type PlatformChannelName, platformChannels, settingsOf } from "../channel-catalog/loader.js";
import { resolveModel } from "./model-ref.js";
import type { SkeinConfig } from "./schema.js";

/**
 * Settings that parse but will surprise the operator, said at `skein start` (as log
 * warnings) and by `skein config check`: no API key for the default endpoint (every
 * turn would fail), and a configured channel with an empty allow list (everyone who
 * writes meets a pairing code).
 */
export function configWarnings(config: SkeinConfig, configured: readonly string[]): string[] {
  const warnings: string[] = [];
  const openai = config.providers.openai;
  const { model, fallbacks } = config.agents.defaults;
  const providerNames = Object.keys(config.providers);
  const openaiUsed = [model, ...fallbacks].some((name) => resolveModel(name, providerNames).provider === "openai");
  if (openaiUsed && !openai.api_key && !openai.base_url)
    warnings.push(
      "no OPENAI_API_KEY and no OPENAI_BASE_URL: the default OpenAI endpoint needs a key, so every message would fail; set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)",
    );
  for (const descriptor of platformChannels) {
    if (!configured.includes(descriptor.name)) continue;
    const settings = settingsOf(config, descriptor.name as PlatformChannelName) as { allow_from?: unknown[] };
    if (Array.isArray(settings.allow_from) && settings.allow_from.length === 0) {
      const variable = Object.entries(descriptor.env).find(
        ([, binding]) => (typeof binding === "string" ? binding : binding.key) === "allow_from",
      )?.[0];
      warnings.push(
        `channels.${descriptor.name}.allow_from is empty: everyone who writes gets a pairing code; set ${variable ?? `channels.${descriptor.name}.allow_from`} to your own id (see \`skein pairing list\`)`,
      );
    }
  }
  return warnings;
}
