import type { Logger } from "pino";
import type { ModelProviderConfig, SkeinConfig } from "../config/schema.js";
import type { HttpFetch } from "../util/http-fetch.js";
import { ModelRouter } from "./model-router.js";
import type { LlmProvider } from "./provider.js";

/** A 429/503 asking to wait longer than this fails over at once when there is a fallback. */
const LONG_RETRY_AFTER_SECONDS = 10;

export interface ConfiguredRouterOptions {
  config: Pick<SkeinConfig, "providers" | "agents">;
  log: Logger;
  /** Epoch milliseconds; injectable for tests. */
  now?: () => number;
  /** Injectable for tests. */
  fetch?: HttpFetch;
}

/**
 * The {@link ModelRouter} over every `providers.<name>` in configuration order, with
 * `agents.defaults.fallbacks`. Each provider's SDK is loaded on its first call, so
 * start-up stays fast and small.
 */
export function routerFromConfig(options: ConfiguredRouterOptions): ModelRouter {
  const { providers, agents } = options.config;
  const hasFallbacks = agents.defaults.fallbacks.length > 0;
  return new ModelRouter({
    providers: Object.entries(providers).map(([name, settings]) => ({
      name,
      client: lazyClient(name, settings, hasFallbacks, options.fetch),
      cooldownSeconds: settings.cooldown,
      contextWindows: settings.context_windows,
    })),
    fallbacks: agents.defaults.fallbacks,
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
  });
}

function lazyClient(
  name: string,
  settings: ModelProviderConfig,
  hasFallbacks: boolean,
  fetchImpl: HttpFetch | undefined,
): LlmProvider {
  let client: Promise<LlmProvider> | undefined;
  const shared = {
    ...(hasFallbacks ? { maxRetryAfterSeconds: LONG_RETRY_AFTER_SECONDS } : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  };
  return {
    name,
    async chat(request, signal) {
      client ??= clientOf(name, settings, shared);
      return (await client).chat(request, signal);
    },
  };
}

/** The client of `settings.api`, its module imported only now (each is a chunk of its own). */
async function clientOf(
  name: string,
  settings: ModelProviderConfig,
  shared: { maxRetryAfterSeconds?: number; fetch?: HttpFetch },
): Promise<LlmProvider> {
  switch (settings.api) {
    case "anthropic": {
      const { AnthropicProvider, anthropicOptionsFrom } = await import("./anthropic/anthropic-provider.js");
      return new AnthropicProvider({ ...anthropicOptionsFrom(settings, name), ...shared });
    }
    case "responses": {
      const { ResponsesProvider, responsesOptionsFrom } = await import("./responses/responses-provider.js");
      return new ResponsesProvider({ ...responsesOptionsFrom(settings, name), ...shared });
    }
    case "ollama": {
      const { OllamaProvider, ollamaOptionsFrom } = await import("./ollama/ollama-provider.js");
      return new OllamaProvider({
        ...ollamaOptionsFrom(settings, name),
        ...(shared.fetch ? { fetch: shared.fetch } : {}),
      });
    }
    default: {
      const { OpenAIProvider, openAIOptionsFrom } = await import("./openai.js");
      return new OpenAIProvider({ ...openAIOptionsFrom(settings, name), ...shared });
    }
  }
}
