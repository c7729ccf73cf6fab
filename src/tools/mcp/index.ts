// STUB (owned by the MCP work, issue 7).
import type { Logger } from "pino";
import type { McpServerConfig } from "../../config/schema.js";
import type { ToolSink } from "../tool-sink.js";

/** The connected MCP servers; `close()` shuts every client down. */
export interface McpHub {
  /** Per server: connected with N tools, or why it failed. */
  servers(): Array<{ name: string; state: "connected" | "failed" | "skipped"; tools: string[]; error?: string }>;
  close(): Promise<void>;
}

export interface ConnectMcpOptions {
  servers: Record<string, McpServerConfig>;
  registry: ToolSink;
  log: Logger;
  signal?: AbortSignal;
}

/** Connects every configured MCP server concurrently and registers their tools as `<server>__<tool>`. */
export async function connectMcpServers(_options: ConnectMcpOptions): Promise<McpHub> {
  return { servers: () => [], close: async () => {} };
}
