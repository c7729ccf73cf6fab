import type { Logger } from "pino";
import type { McpServerConfig } from "../../config/schema.js";
import type { ToolSink } from "../tool-sink.js";

/** One configured MCP server, as the hub sees it. */
export interface McpServerStatus {
  name: string;
  /** `connected` stays while a stopped stdio server waits for its restart on the next call. */
  state: "connected" | "failed" | "skipped";
  /** The registry names of its tools (`<server>__<tool>`). */
  tools: string[];
  /** Why it failed or was skipped. */
  error?: string;
  /** The transport in use: `stdio`, `streamable-http` or `sse` (legacy). */
  transport?: string;
  /** The server's process id (stdio). */
  pid?: number;
}

/** The connected MCP servers; `close()` shuts every client down. */
export interface McpHub {
  /** Per server: connected with N tools, or why it failed. */
  servers(): McpServerStatus[];
  close(): Promise<void>;
}

export interface ConnectMcpOptions {
  servers: Record<string, McpServerConfig>;
  registry: ToolSink;
  log: Logger;
  /** Aborts connecting, and any restart, at shutdown. */
  signal?: AbortSignal;
  /** How long each server may take to connect (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * Where `${NAME}` in a server's `env` and `headers` values is looked up (default
   * `process.env`); pass the loaded config's `env` so `.env` counts too.
   */
  env?: NodeJS.ProcessEnv;
  /** The first pause between restarts of a stopped server (default 1 s, doubling up to 30 s). */
  restartDelayMs?: number;
}

/**
 * Connects every configured MCP server concurrently and registers their tools as
 * `<server>__<tool>` (source `mcp:<server>`). A server that fails is logged and skipped:
 * this never throws for a server's failure. The SDK is loaded only here, when called.
 */
export async function connectMcpServers(options: ConnectMcpOptions): Promise<McpHub> {
  if (Object.keys(options.servers).length === 0) return { servers: () => [], close: async () => {} };
  const hub = await import("./hub.js");
  return hub.connectMcpServers(options);
}
