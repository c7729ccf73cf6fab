import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type WebSearchOptions, webSearchTool } from "../../../src/tools/builtin/web-search.js";
import { FakeSearch } from "../../fakes/fake-search.js";
import { runTool } from "./tool-harness.js";

let fake: FakeSearch;
beforeEach(async () => {
  fake = await FakeSearch.start();
  fake.hits = Array.from({ length: 8 }, (_, index) => ({
    title: `Result ${index}`,
    url: `https://example.com/${index}`,
    snippet: `snippet number ${index}`,
  }));
});
afterEach(() => fake.close());

const search = (options: Omit<WebSearchOptions, "fetch">, args: Record<string, unknown>) =>
  runTool(webSearchTool({ ...options, fetch: globalThis.fetch }), args);

describe("web_search", () => {
  it("asks Brave with the subscription token and returns title, url and snippet (default 5 results)", async () => {
    const result = await search(
      { provider: "brave", api_key: fake.braveApiKey, endpoint: fake.braveEndpoint },
      { query: "skein daemon" },
    );
    expect(result.query).toBe("skein daemon");
    expect(result.results).toHaveLength(5);
    expect(result.results[0]).toEqual({ title: "Result 0", url: "https://example.com/0", snippet: "snippet number 0" });
    const request = fake.requests[0];
    expect(request?.url.searchParams.get("q")).toBe("skein daemon");
    expect(request?.url.searchParams.get("count")).toBe("5");
    expect(request?.headers["x-subscription-token"]).toBe(fake.braveApiKey);
  });

  it("asks a SearXNG endpoint for JSON and honours num_results", async () => {
    const result = await search(
      { provider: "searxng", endpoint: fake.searxngEndpoint },
      { query: "tea", num_results: 3 },
    );
    expect(result.results).toEqual([
      { title: "Result 0", url: "https://example.com/0", snippet: "snippet number 0" },
      { title: "Result 1", url: "https://example.com/1", snippet: "snippet number 1" },
      { title: "Result 2", url: "https://example.com/2", snippet: "snippet number 2" },
    ]);
    expect(fake.requests[0]?.url.searchParams.get("format")).toBe("json");
  });

  it("uses SearXNG when only an endpoint is configured", async () => {
    const result = await search({ endpoint: fake.searxngEndpoint }, { query: "tea" });
    expect(result.results).toHaveLength(5);
    expect(fake.requests[0]?.url.pathname).toBe("/search");
  });

  it("answers with the informational object when no provider is configured", async () => {
    const result = await search({}, { query: "rust async patterns" });
    expect(result).toEqual({
      error: "web search not configured",
      message: expect.stringMatching(
        /^No search API endpoint is configured\. Set 'tools\.web_search\.endpoint' in your config/,
      ),
      query: "rust async patterns",
    });
    expect(await search({ provider: "brave" }, { query: "q" })).toMatchObject({ error: "web search not configured" });
  });

  it("reports a provider error as ExecutionFailed with the status", async () => {
    await expect(
      search({ provider: "brave", api_key: "wrong", endpoint: fake.braveEndpoint }, { query: "q" }),
    ).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringContaining("401"),
    });
    fake.failWith = 503;
    await expect(search({ endpoint: fake.searxngEndpoint }, { query: "q" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringContaining("503"),
    });
  });

  it("is read-only and limits num_results in its schema", () => {
    const tool = webSearchTool({ fetch: globalThis.fetch });
    expect(tool.safety).toBe("read-only");
    expect(tool.parameters).toMatchObject({ properties: { num_results: { maximum: 20 } } });
  });
});
