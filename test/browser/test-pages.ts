import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A small web site on the host's loopback for the browser tests, recording every request it gets. */
export interface TestSite {
  readonly url: string;
  readonly port: number;
  /** `METHOD path` of every request, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** The pages: a home page with a link and a search form, the form's results, cookies, a download. */
function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", "http://site");
  const html = (title: string, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers });
    response.end(page(title, body));
  };
  switch (url.pathname) {
    case "/":
      return void html(
        "Home",
        `<h1>Welcome home</h1><p>Built by a script: <span id="built"></span></p>
        <script>document.getElementById("built").textContent = "yes, by JavaScript";</script>
        <a href="/next">Next page</a>
        <form action="/search"><input name="q" aria-label="Search words"><button>Search</button></form>`,
      );
    case "/next":
      return void html("Next", "<h1>The next page</h1>");
    case "/search":
      return void html(`Results for ${url.searchParams.get("q")}`, `<h1>Found: ${url.searchParams.get("q")}</h1>`);
    case "/cookie/set":
      return void html("Cookie set", "<p>set</p>", { "set-cookie": `who=${url.searchParams.get("v")}; Path=/` });
    case "/cookie/show":
      return void html("Cookie", `<p id="cookie">cookie: ${request.headers.cookie ?? "none"}</p>`);
    case "/downloads":
      return void html("Downloads", '<a href="/report.txt" download="../../evil/report.txt">Get the report</a>');
    case "/report.txt":
      response.writeHead(200, {
        "content-type": "text/plain",
        "content-disposition": 'attachment; filename="report.txt"',
      });
      return void response.end("the quarterly report\n");
    default:
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found\n");
  }
}

/** Starts the site on 127.0.0.1, port 0. */
export async function startTestSite(): Promise<TestSite> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
