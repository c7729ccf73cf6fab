import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Logger, pino } from "pino";
import { configSchema, type McpServerConfig } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import type { Tool, ToolContext } from "../../../src/tools/tool.js";
import type { ToolSink } from "../../../src/tools/tool-sink.js";
import { within } from "../../support/within.js";

const require = createRequire(import.meta.url);

/** The server's executable script (`dist/index.js`), found through its package.json `bin`. */
export function serverEntry(name: "server-everything" | "server-filesystem"): string {
  const packageJson = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const { bin } = require(packageJson) as { bin: Record<string, string> };
  return join(dirname(packageJson), Object.values(bin)[0]!);
}

/** A server config with the schema's defaults filled in. */
export function serverConfig(input: Partial<McpServerConfig>): McpServerConfig {
  return configSchema.parse({ tools: { mcp_servers: { server: input } } }).tools.mcp_servers.server!;
}

/** The tiny fixture server of these tests over stdio. */
export function tinyStdio(extra: Partial<McpServerConfig> = {}): McpServerConfig {
  const script = fileURLToPath(new URL("./fixtures/tiny-server.mjs", import.meta.url));
  return serverConfig({ command: process.execPath, args: [script], ...extra });
}

/** `everything` over stdio. */
/** The connect limit in tests: a server's node process can take seconds to start on a loaded machine (the default is 10 s). */
export const CONNECT_LIMIT_MS = 60_000;

export function everythingStdio(extra: Partial<McpServerConfig> = {}): McpServerConfig {
  return serverConfig({ command: process.execPath, args: [serverEntry("server-everything"), "stdio"], ...extra });
}

/** A ToolSink that keeps what is registered, for looking at and calling. */
export class CollectingSink implements ToolSink {
  readonly tools = new Map<string, Tool>();
  private readonly watchers = new Set<() => void>();
  register(tool: Tool<never> | Tool): void {
    this.tools.set(tool.name, tool as Tool);
    for (const watcher of this.watchers) watcher();
  }
  unregister(name: string): boolean {
    const removed = this.tools.delete(name);
    for (const watcher of this.watchers) watcher();
    return removed;
  }
  /** Resolves once the registered tools satisfy `condition` (checked now and after every change). */
  until(condition: (names: string[]) => boolean): Promise<void> {
    const changed = new Promise<void>((resolve) => {
      const check = () => {
        if (!condition([...this.tools.keys()])) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
      check();
    });
    return within(changed, `registered tools to satisfy ${condition}`, () => [...this.tools.keys()]);
  }
  /** Calls a registered tool as the registry would (arguments already valid). */
  async call(name: string, args: Record<string, unknown>, signal = new AbortController().signal): Promise<unknown> {
    const tool = this.tools.get(name);
    if (tool === undefined) throw new Error(`no tool ${name}`);
    return tool.execute(args, toolContext(signal));
  }
}

export function toolContext(signal: AbortSignal): ToolContext {
  return {
    channel: "cli",
    chatId: "test",
    senderId: "tester",
    sessionKey: "cli:test",
    signal,
    log: silentLogger(),
    outbound: { send: async () => undefined, channels: () => [] },
    reportBack: () => {},
  };
}

/** Runs `everything` in an HTTP mode on port 0 and resolves, with the port it bound, once it listens. */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
): Promise<{ url: string; port: number; child: ChildProcess; stop(): Promise<void> }> {
  const reportPort = fileURLToPath(new URL("fixtures/report-port.mjs", import.meta.url));
  const child = spawn(process.execPath, ["--import", reportPort, serverEntry("server-everything"), mode], {
    env: { PATH: process.env.PATH, PORT: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`everything ${mode} did not report its port within ${CONNECT_LIMIT_MS} ms: ${output}`)),
      CONNECT_LIMIT_MS,
    );
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const bound = /skein-test: bound port (\d+)/.exec(output);
      if (!bound || !/listening on port|running on port/i.test(output)) return;
      clearTimeout(timer);
      resolve(Number(bound[1]));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`everything ${mode} exited (${code}): ${output}`));
    });
  });
  const path = mode === "sse" ? "/sse" : "/mcp";
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A TCP relay on a port of its own (bound to 0) that forwards each connection to `target`'s port,
 * so a server can be replaced behind a stable URL without rebinding a port someone else may take.
 */
export async function startRelay(target: { port: number }): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect({ host: "127.0.0.1", port: target.port });
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on("error", () => {
        inbound.destroy();
        outbound.destroy();
      });
      socket.on("close", () => open.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A logger whose JSON lines the test can read and wait for. */
export function capturedLog(level = "debug"): {
  log: Logger;
  lines: LogLine[];
  next(message: string, matches?: (line: LogLine) => boolean): Promise<LogLine>;
} {
  const lines: LogLine[] = [];
  const waiters: Array<{ message: string; matches(line: LogLine): boolean; resolve(line: LogLine): void }> = [];
  const destination = {
    write(chunk: string) {
      const line = JSON.parse(chunk) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.message === line.msg && candidate.matches(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    },
  };
  return {
    log: pino({ level }, destination),
    lines,
    /** The next line with this message (logged after this call), optionally one that `matches`. */
    next: (message, matches = () => true) =>
      within(new Promise((resolve) => waiters.push({ message, matches, resolve })), `a log line "${message}"`, () =>
        lines.map((line) => line.msg),
      ),
  };
}

export interface LogLine {
  msg: string;
  level: number;
  [key: string]: unknown;
}
