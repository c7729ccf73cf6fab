/** `providers.<name>`: the model endpoints, the API each speaks, their limits and prices. */
import * as z from "zod";
import { httpUrlProblem } from "./http-url.js";
import { seconds } from "./seconds.js";

/**
 * Price of a model in currency units per million tokens (`cached_input`: input tokens the provider's
 * prompt cache served; `cache_write`: input tokens written to it, by default 1.25 x `input` on the
 * `anthropic` API and `input` on the others), or for a speech model per million characters read out (`per_1m_chars`).
 */
const modelPrice = z
  .object({
    input: z.number().min(0).optional(),
    output: z.number().min(0).optional(),
    cached_input: z.number().min(0).optional(),
    cache_write: z.number().min(0).optional(),
    per_1m_chars: z.number().min(0).optional(),
  })
  .refine(
    (price) => (price.input !== undefined && price.output !== undefined) || price.per_1m_chars !== undefined,
    "give input and output (per million tokens), or per_1m_chars (per million characters of speech)",
  );

/** The wire protocols a provider can speak (`providers.<name>.api`). */
export const providerApis = ["chat", "responses", "anthropic", "ollama"] as const;
export type ProviderApi = (typeof providerApis)[number];

/** The API a provider speaks when its config names none: `anthropic` and `ollama` by their names, else Chat Completions. */
export function defaultApiOf(name: string): ProviderApi {
  return name === "anthropic" ? "anthropic" : name === "ollama" ? "ollama" : "chat";
}

const modelProvider = z.object({
  /**
   * The API it speaks: `chat` (OpenAI Chat Completions), `responses` (OpenAI Responses), `anthropic`
   * (Anthropic Messages) or `ollama` (Ollama's native /api/chat). Default: `anthropic` for a provider
   * named anthropic, `ollama` for one named ollama, else `chat`.
   */
  api: z.enum(providerApis).optional(),
  api_key: z.string().optional(),
  /** An http(s) URL (checked with the provider's `api` known: see {@link providers}). */
  base_url: z.string().optional(),
  /** Time limit of one request in seconds: the headers and the whole answer. */
  timeout: seconds().default(120),
  /** Seconds a streamed answer may go without a chunk before the call counts as stalled (and is retried). */
  idle_timeout: seconds().default(60),
  max_retries: z.number().int().min(0).max(10).default(2),
  /** Use SSE streaming for completions. */
  stream: z.boolean().default(false),
  /** Extra HTTP headers sent with every request (e.g. OpenRouter's `HTTP-Referer`). */
  headers: z.record(z.string(), z.string()).default({}),
  /** Seconds a provider that failed is skipped while fallbacks are tried. */
  cooldown: z.number().min(0).default(60),
  /** Per model: what a million input and output tokens cost. */
  prices: z.record(z.string(), modelPrice).default({}),
  /**
   * Per model: its context window in tokens (default 128,000): compaction keeps a conversation under
   * `agents.defaults.compaction.threshold` of it, and a context-length error can go to a larger fallback.
   */
  context_windows: z.record(z.string(), z.number().int().positive()).default({}),
  /** Adds Anthropic-style `cache_control` breakpoints (system prompt, last message), e.g. OpenRouter to Claude. */
  cache_control: z.boolean().default(false),
});

/**
 * `providers.<name>`: any number of model endpoints, in the order written (a bare model name goes
 * to the first), each with its `api` settled. `providers.openai` always exists, with its defaults
 * when absent.
 */
export const providers = z
  .record(z.string(), modelProvider)
  .default({})
  .superRefine((configured, context) => {
    for (const [name, settings] of Object.entries(configured)) {
      if (settings.base_url === undefined) continue;
      // A bare host is suggested with the path its API's base URL has: `/v1` but for Anthropic's and Ollama's.
      const api = settings.api ?? defaultApiOf(name);
      const problem = httpUrlProblem(settings.base_url, api === "anthropic" || api === "ollama" ? "" : "/v1");
      if (problem) context.addIssue({ code: "custom", message: problem, path: [name, "base_url"] });
    }
  })
  .transform((configured) => {
    const all = configured.openai ? configured : { ...configured, openai: modelProvider.parse({}) };
    for (const [name, settings] of Object.entries(all)) settings.api ??= defaultApiOf(name);
    return all as Record<string, ModelProviderConfig>;
  })
  .pipe(z.custom<Record<string, ModelProviderConfig> & { openai: ModelProviderConfig }>());

/** One `providers.<name>` section with its defaults filled in (its `api` settled by its name when not written). */
export type ModelProviderConfig = Omit<z.output<typeof modelProvider>, "api"> & { api: ProviderApi };
