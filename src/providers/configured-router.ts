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
  return {
    name,
    async chat(request, signal) {
      client ??= import("./openai.js").then(
        ({ OpenAIProvider, openAIOptionsFrom }) =>
          new OpenAIProvider({
            ...openAIOptionsFrom(settings, name),
            ...(hasFallbacks ? { maxRetryAfterSeconds: LONG_RETRY_AFTER_SECONDS } : {}),
            ...(fetchImpl ? { fetch: fetchImpl } : {}),
          }),
      );
      return (await client).chat(request, signal);
    },
  };
}
