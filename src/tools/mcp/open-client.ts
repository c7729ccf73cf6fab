import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Logger } from "pino";
import packageJson from "../../../package.json" with { type: "json" };
import type { McpServerConfig } from "../../config/schema.js";

/** How skein talks to a server. */
export type McpTransportKind = "stdio" | "streamable-http" | "sse";

/** A connected MCP client and the transport it ended up on. */
export interface OpenedClient {
  client: Client;
  kind: McpTransportKind;
  /** The server's process id (stdio). */
  pid?: number;
  /** Ends the session politely (HTTP: DELETE the session) and closes the transport. */
  close(): Promise<void>;
}

export interface OpenClientOptions {
  name: string;
  config: McpServerConfig;
  log: Logger;
  /** Aborts the connection attempt (connect timeout, shutdown). */
  signal: AbortSignal;
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged(): void;
  /** The connection ended (a stdio server exited, an HTTP session closed). */
  onClose(): void;
}

/** A failed connection's reason, with the HTTP status when there is one and the server's URL without secrets. */
export function describeFailure(error: unknown, config?: McpServerConfig): string {
  let message = error instanceof Error ? error.message : String(error);
  if (config?.url !== undefined) {
    const safe = withoutSecrets(config.url);
    for (const form of [config.url, new URL(config.url).href]) message = message.split(form).join(safe);
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "number" && code >= 100 && code < 600 ? `HTTP ${code}: ${message}` : message;
}

/** A URL fit for the log: no user info, query or fragment (they may carry tokens). */
function withoutSecrets(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The answer a failed connection gets in the log: what to check. */
export function remedyFor(name: string, config: McpServerConfig, error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const key = `tools.mcp_servers.${name}`;
  if (code === "ENOENT") return `'${config.command}' is not on PATH: install it or fix ${key}.command`;
  if (code === 401 || code === 403) return `check the server's credentials in ${key}.headers`;
  if (config.url !== undefined)
    return `check that the server is running and reachable at ${withoutSecrets(config.url)}`;
  return "run the command by hand to see why it does not answer MCP on stdin/stdout";
}

function newClient(options: OpenClientOptions): Client {
  return new Client(
    { name: "skein", version: packageJson.version },
    { listChanged: { tools: { autoRefresh: false, debounceMs: 50, onChanged: () => options.onToolsChanged() } } },
  );
}

/** Rejects when `signal` aborts, whatever `work` is doing. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function connect(client: Client, transport: Transport, options: OpenClientOptions): Promise<void> {
  try {
    await untilAborted(client.connect(transport, { signal: options.signal }), options.signal);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  // Set after connecting: a failed attempt must not look like a crash of a live connection.
  client.onclose = () => options.onClose();
  client.onerror = (error) =>
    options.log.debug({ server: options.name, reason: describeFailure(error, options.config) }, "mcp transport error");
}

function stdioTransport(options: OpenClientOptions, command: string): StdioClientTransport {
  const { config, log, name } = options;
  // The SDK starts from a safe base environment (HOME, PATH, SHELL, TERM, USER, LOGNAME), never the daemon's.
  const transport = new StdioClientTransport({
    command,
    args: config.args,
    env: config.env,
    cwd: config.cwd,
    stderr: "pipe",
  });
  let pending = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") log.debug({ server: name, stderr: line }, "mcp server stderr");
  });
  return transport;
}

/** Whether an HTTP server no longer knows our session (it restarted): a new `initialize` is needed. */
export function isSessionLost(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError)) return false;
  return error.code === 404 || (error.code === 400 && /session/i.test(error.message));
}

function isLegacyOnly(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

/**
 * Connects to one server: `command` over stdio; `url` over Streamable HTTP, falling back to
 * the legacy HTTP+SSE transport when the server answers the Streamable POST with a 4xx.
 */
export async function openClient(options: OpenClientOptions): Promise<OpenedClient> {
  const { config } = options;
  if (config.command !== undefined) {
    const client = newClient(options);
    const transport = stdioTransport(options, config.command);
    await connect(client, transport, options);
    return { client, kind: "stdio", pid: transport.pid ?? undefined, close: () => client.close() };
  }
  if (config.url === undefined) throw new Error("neither command nor url is set");
  const url = new URL(config.url);
  const requestInit = { headers: config.headers };
  const client = newClient(options);
  const streamable = new StreamableHTTPClientTransport(url, { requestInit });
  try {
    await connect(client, streamable, options);
    const close = async () => {
      await untilAborted(streamable.terminateSession(), AbortSignal.timeout(2000)).catch(() => {});
      await client.close();
    };
    return { client, kind: "streamable-http", close };
  } catch (error) {
    if (!isLegacyOnly(error)) throw error;
    options.log.info(
      { server: options.name, reason: describeFailure(error, config) },
      "mcp server does not speak Streamable HTTP; trying legacy SSE",
    );
  }
  const legacy = newClient(options);
  await connect(legacy, new SSEClientTransport(url, { requestInit }), options);
  return { client: legacy, kind: "sse", close: () => legacy.close() };
}
