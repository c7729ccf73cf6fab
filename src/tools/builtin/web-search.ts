import { type Tool, ToolError } from "../tool.js";
import { type SecretEgressGuard, secretRefusal } from "./secret-egress.js";

const BRAVE_ENDPOINT = "https://api.search.brave.com/res/v1/web/search";
const MAX_SEARCH_RESULTS = 20;

export interface WebSearchOptions {
  provider?: "brave" | "searxng";
  api_key?: string;
  endpoint?: string;
  fetch: typeof globalThis.fetch;
  /** Whether a query carries one of the daemon's secrets (refused; default: never). */
  leaksSecret?: SecretEgressGuard;
}

interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

type Backend = (query: string, count: number, signal: AbortSignal) => Promise<SearchResult[]>;

const stripTags = (html: unknown): string => (typeof html === "string" ? html.replace(/<[^>]*>/g, "") : "");

async function getJson(fetch: typeof globalThis.fetch, url: URL, headers: Record<string, string>, signal: AbortSignal) {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers }, signal });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new ToolError(
      "ExecutionFailed",
      `the search provider answered ${response.status}${detail ? `: ${detail}` : ""}`,
    );
  }
  return (await response.json()) as Record<string, unknown>;
}

function toResults(items: unknown, snippetKey: string): SearchResult[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: Record<string, unknown>) => ({
    title: stripTags(item.title),
    url: typeof item.url === "string" ? item.url : "",
    snippet: stripTags(item[snippetKey]),
  }));
}

/**
 * The configured backend: Brave (`provider: "brave"` with `api_key`) or SearXNG (`provider:
 * "searxng"` with `endpoint`; inferred when only an endpoint is set). Requests go only to
 * the endpoint the operator configured, so they do not pass the SSRF guard (a SearXNG on
 * the local network is a normal set-up).
 */
function backendOf(options: WebSearchOptions): Backend | undefined {
  const provider = options.provider ?? (options.endpoint ? "searxng" : options.api_key ? "brave" : undefined);
  if (provider === "brave" && options.api_key) {
    const apiKey = options.api_key;
    return async (query, count, signal) => {
      const url = new URL(options.endpoint ?? BRAVE_ENDPOINT);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(count));
      const json = await getJson(options.fetch, url, { "x-subscription-token": apiKey }, signal);
      return toResults((json.web as { results?: unknown } | undefined)?.results, "description");
    };
  }
  if (provider === "searxng" && options.endpoint) {
    const endpoint = options.endpoint;
    return async (query, _count, signal) => {
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const json = await getJson(options.fetch, url, {}, signal);
      return toResults(json.results, "content");
    };
  }
  return undefined;
}

/** `web_search`: the configured search API; an informational answer when none is configured. */
export function webSearchTool(options: WebSearchOptions): Tool<{ query: string; num_results?: number }> {
  const backend = backendOf(options);
  return {
    name: "web_search",
    description: "Search the web. Returns {query, results: [{title, url, snippet}]}.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "Search query" },
        num_results: {
          type: "integer",
          minimum: 1,
          maximum: MAX_SEARCH_RESULTS,
          description: `How many results (default 5, max ${MAX_SEARCH_RESULTS})`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    safety: "read-only",
    timeoutMs: 30_000,
    async execute(args, ctx) {
      if (options.leaksSecret?.([args.query])) throw secretRefusal("web_search");
      if (!backend) {
        return {
          error: "web search not configured",
          message:
            "No search API endpoint is configured. Set 'tools.web_search.endpoint' in your config " +
            "(a SearXNG /search URL, or SEARXNG_URL), or 'tools.web_search.api_key' for Brave Search (BRAVE_API_KEY).",
          query: args.query,
        };
      }
      const count = args.num_results ?? 5;
      try {
        const results = await backend(args.query, count, ctx.signal);
        return { query: args.query, results: results.slice(0, count) };
      } catch (error) {
        if (error instanceof ToolError) throw error;
        if (ctx.signal.aborted) throw new ToolError("Timeout", "the search was cancelled");
        throw new ToolError(
          "ExecutionFailed",
          `the search failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
