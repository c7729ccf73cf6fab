import type { SkeinConfig } from "./schema.js";

/**
 * Whether a model is configured: some provider (`providers.<name>`) has an API key (`ANTHROPIC_API_KEY` gives
 * `providers.anthropic` one) or a base URL, or speaks Ollama's API, which needs neither (a local Ollama at its
 * default address). Without one, `skein start` has nothing to answer with and `skein chat` says so before it
 * tries `api.openai.com` keyless.
 */
export function modelConfigured(config: Pick<SkeinConfig, "providers">): boolean {
  return Object.values(config.providers).some((provider) =>
    Boolean(provider.api_key || provider.base_url || provider.api === "ollama"),
  );
}

/** What every command that needs a model says when none is configured. */
export const NO_MODEL_MESSAGE = "no model is configured: run `skein init` (or set OPENAI_API_KEY)";
