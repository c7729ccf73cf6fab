import { type ChildProcess, execFileSync, spawn } from "node:child_process";

/** Whether this process may make network namespaces (`ip netns add` needs root). */
export const canMakeNetns = (): boolean => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("ip", ["netns", "list"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** One page a {@link NetnsServer} serves. */
export interface NetnsPage {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A "public" web server the test owns: an HTTP server inside a network namespace made for
 * the test, reached from the host over a veth pair with addresses from 198.51.100.0/24
 * (TEST-NET-2: documentation addresses, which the SSRF guard lets through as public, and
 * which no real host answers). Traffic never leaves the machine.
 */
export class NetnsServer {
  private constructor(
    readonly address: string,
    readonly port: number,
    private readonly name: string,
    private readonly hostLink: string,
    private readonly server: ChildProcess,
    readonly requests: string[],
  ) {}

  get url(): string {
    return `http://${this.address}:${this.port}`;
  }

  /**
   * Starts the server; `pages` answers those paths as given (a status, headers, a body), every other path
   * with "hello from the public netns".
   */
  static async start(pages: Record<string, NetnsPage> = {}): Promise<NetnsServer> {
    const id = process.pid % 60;
    const name = `skein-test-${process.pid}`;
    const hostLink = `skt${process.pid}a`;
    const peerLink = `skt${process.pid}b`;
    const hostAddress = `198.51.100.${id * 4 + 1}`;
    const address = `198.51.100.${id * 4 + 2}`;
    const ip = (...args: string[]) => execFileSync("ip", args, { stdio: "pipe" });
    ip("netns", "add", name);
    ip("link", "add", hostLink, "type", "veth", "peer", "name", peerLink);
    ip("link", "set", peerLink, "netns", name);
    ip("addr", "add", `${hostAddress}/30`, "dev", hostLink);
    ip("link", "set", hostLink, "up");
    ip("netns", "exec", name, "ip", "addr", "add", `${address}/30`, "dev", peerLink);
    ip("netns", "exec", name, "ip", "link", "set", peerLink, "up");
    const port = 8080;
    const program = `const pages = JSON.parse(process.argv[1]);
      require("node:http").createServer((q, r) => { console.log(q.method + " " + q.url);
        const page = pages[q.url.split("?")[0]];
        if (!page) return r.end("hello from the public netns\\n");
        r.writeHead(page.status ?? 200, { "content-type": "text/html", ...page.headers });
        r.end(page.body ?? ""); }).listen(${port}, "${address}", () => console.log("listening"));`;
    const server = spawn("ip", ["netns", "exec", name, process.execPath, "-e", program, JSON.stringify(pages)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const requests: string[] = [];
    await new Promise<void>((resolve, reject) => {
      server.once("exit", (code) => reject(new Error(`the netns server exited (${code})`)));
      server.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        for (const line of chunk.split("\n").filter(Boolean)) {
          if (line === "listening") resolve();
          else requests.push(line);
        }
      });
    });
    return new NetnsServer(address, port, name, hostLink, server, requests);
  }

  close(): void {
    this.server.kill("SIGKILL");
    for (const args of [
      ["link", "del", this.hostLink],
      ["netns", "del", this.name],
    ]) {
      try {
        execFileSync("ip", args, { stdio: "ignore" });
      } catch {
        // already gone
      }
    }
  }
}
