#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { resolveModel } from "./chunk-M4L3VU3S.js";
import { platformChannels, settingsOf } from "./chunk-PSIFTLKK.js";
function configWarnings(config, configured) {
  const warnings = [],
    openai = config.providers.openai,
    { model, fallbacks } = config.agents.defaults,
    providerNames = Object.keys(config.providers);
  [model, ...fallbacks].some((name) => resolveModel(name, providerNames).provider === "openai") &&
    !openai.api_key &&
    !openai.base_url &&
    warnings.push(
      "no OPENAI_API_KEY and no OPENAI_BASE_URL: the default OpenAI endpoint needs a key, so every message would fail; set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)",
    );
  for (const descriptor of platformChannels) {
    if (!configured.includes(descriptor.name)) continue;
    const settings = settingsOf(config, descriptor.name);
    if (Array.isArray(settings.allow_from) && settings.allow_from.length === 0) {
      const variable = Object.entries(descriptor.env).find(
        ([, binding]) => (typeof binding == "string" ? binding : binding.key) === "allow_from",
      )?.[0];
      warnings.push(
        `channels.${descriptor.name}.allow_from is empty: everyone who writes gets a pairing code; set ${variable ?? `channels.${descriptor.name}.allow_from`} to your own id (see \`skein pairing list\`)`,
      );
    }
  }
  return warnings;
}
export { configWarnings };
//# sourceMappingURL=chunk-VE75MB6W.js.map
