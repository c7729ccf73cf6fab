import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One search result as the fake serves it. */
export interface FakeHit {
  title: string;
  url: string;
  snippet: string;
}

/**
 * A local search API speaking both wire formats web_search supports: Brave's
 * `GET /res/v1/web/search?q=&count=` (needs `X-Subscription-Token`, answers
 * `{web: {results: [{title, url, description}]}}`) and SearXNG's
 * `GET /search?q=&format=json` (answers `{results: [{title, url, content}]}`).
 */
export class FakeSearch {
  readonly requests: Array<{ url: URL; headers: IncomingMessage["headers"] }> = [];
  /** Results served for every query; Brave snippets get `<strong>` tags as the real API does. */
  hits: FakeHit[] = [];
  /** When set, every request gets this status and an error body. */
  failWith: number | undefined;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    readonly braveApiKey: string,
  ) {}

  static async start(braveApiKey = "brave-test-key"): Promise<FakeSearch> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeSearch(server, `http://127.0.0.1:${port}`, braveApiKey);
    server.on("request", (request, response) => {
      const url = new URL(request.url ?? "/", fake.baseUrl);
      fake.requests.push({ url, headers: request.headers });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (fake.failWith) return send(fake.failWith, { error: "upstream trouble" });
      if (url.pathname === "/res/v1/web/search") {
        if (request.headers["x-subscription-token"] !== fake.braveApiKey) return send(401, { error: "bad token" });
        const count = Number(url.searchParams.get("count") ?? 20);
        const results = fake.hits.slice(0, count).map((hit) => ({
          title: hit.title,
          url: hit.url,
          description: hit.snippet.replace(/(\w+)/, "<strong>$1</strong>"),
        }));
        return send(200, { type: "search", query: { original: url.searchParams.get("q") }, web: { results } });
      }
      if (url.pathname === "/search" && url.searchParams.get("format") === "json") {
        const results = fake.hits.map((hit) => ({
          title: hit.title,
          url: hit.url,
          content: hit.snippet,
          engine: "fake",
        }));
        return send(200, { query: url.searchParams.get("q"), number_of_results: results.length, results });
      }
      send(404, { error: "not found" });
    });
    return fake;
  }

  get braveEndpoint(): string {
    return `${this.baseUrl}/res/v1/web/search`;
  }

  get searxngEndpoint(): string {
    return `${this.baseUrl}/search`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
