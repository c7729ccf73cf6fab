import type { ModelProviderConfig } from "../config/schema.js";

/**
 * What `skein doctor` asks each model API: the list of its models (a free request that needs the
 * key), and, where a server has no such list, the smallest request its API expects.
 */
export interface LlmEndpoint {
  /** The base shown in results: `providers.<name>.base_url` or the API's default. */
  base: string;
  /** Where the host is when no base URL is set, for "no API key for ..." (undefined: no key needed). */
  keyedHost?: string;
  headers: Record<string, string>;
  listUrl: string;
  /** The model names of the list's answer. */
  listed: (body: unknown) => string[];
  /** Whether `model` is among `listed` (Ollama's `llama3.2` is `llama3.2:latest`). */
  lists: (listed: readonly string[], model: string) => boolean;
  /** The one-token request for a server without the list. */
  ping: (model: string) => { url: string; body: unknown };
  /** What the API's base URL looks like, for the advice on a failure. */
  baseAdvice: string;
}

const ids = (body: unknown) => {
  const data = (body as { data?: Array<{ id?: unknown }> } | undefined)?.data;
  return Array.isArray(data) ? data.map((model) => String(model.id)) : [];
};
const exactly = (listed: readonly string[], model: string) => listed.includes(model);

/** The endpoint of a provider by its `api` (see {@link LlmEndpoint}). */
export function llmEndpointOf(settings: ModelProviderConfig): LlmEndpoint {
  const { api_key: apiKey, base_url: baseUrl } = settings;
  const trimmed = baseUrl?.replace(/\/+$/, "");
  switch (settings.api) {
    case "anthropic": {
      const base = trimmed ?? "https://api.anthropic.com";
      return {
        base,
        ...(baseUrl ? {} : { keyedHost: "api.anthropic.com" }),
        headers: { ...settings.headers, "anthropic-version": "2023-06-01", ...(apiKey ? { "x-api-key": apiKey } : {}) },
        listUrl: `${base}/v1/models`,
        listed: ids,
        lists: exactly,
        ping: (model) => ({
          url: `${base}/v1/messages`,
          body: { model, max_tokens: 1, messages: [{ role: "user", content: "ping" }] },
        }),
        baseAdvice: "the API's address without a path, e.g. https://api.anthropic.com",
      };
    }
    case "ollama": {
      const base = trimmed ?? "http://127.0.0.1:11434";
      return {
        base,
        headers: { ...settings.headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        listUrl: `${base}/api/tags`,
        listed: (body) => {
          const models = (body as { models?: Array<{ name?: unknown }> } | undefined)?.models;
          return Array.isArray(models) ? models.map((model) => String(model.name)) : [];
        },
        lists: (listed, model) => listed.includes(model) || listed.includes(`${model}:latest`),
        ping: (model) => ({
          url: `${base}/api/chat`,
          body: { model, stream: false, messages: [{ role: "user", content: "ping" }], options: { num_predict: 1 } },
        }),
        baseAdvice: "Ollama's address without a path, e.g. http://127.0.0.1:11434 (not its /v1)",
      };
    }
    default: {
      const base = trimmed ?? "https://api.openai.com/v1";
      const responses = settings.api === "responses";
      return {
        base,
        ...(baseUrl ? {} : { keyedHost: "api.openai.com" }),
        headers: { ...settings.headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        listUrl: `${base}/models`,
        listed: ids,
        lists: exactly,
        ping: (model) =>
          responses
            ? { url: `${base}/responses`, body: { model, input: "ping", max_output_tokens: 16, store: false } }
            : {
                url: `${base}/chat/completions`,
                body: { model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 },
              },
        baseAdvice: `the API root that serves /models and ${responses ? "/responses" : "/chat/completions"} (often ending in /v1)`,
      };
    }
  }
}
