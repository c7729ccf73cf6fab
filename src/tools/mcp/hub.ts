import type { Logger } from "pino";
import type { McpServerConfig } from "../../config/schema.js";
import type { JsonSchema, Tool } from "../tool.js";
import type { ToolSink } from "../tool-sink.js";
import { toToolResult } from "./call-result.js";
import { expandServerEnv } from "./expand-env.js";
import { McpServerConnection, type McpToolInfo } from "./server-connection.js";
import { globAllowlist, mcpToolName, validToolName, withHashSuffix } from "./tool-names.js";
import { hasInvisible, visibleDeep, visibleText } from "./visible-text.js";

const defaultConnectTimeoutMs = 10_000;

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

/** The arguments schema the registry and the model get: the server's, without `$schema`, always an object. */
export function toolParameters(inputSchema: McpToolInfo["inputSchema"]): JsonSchema {
  const { $schema: _ignored, ...schema } = inputSchema as JsonSchema;
  return { ...schema, type: "object", properties: schema.properties ?? {} };
}

interface ServerEntry {
  status: McpServerStatus;
  connection?: McpServerConnection;
  /** The server's tool name -> the registry name it was given (kept across restarts). */
  names: Map<string, string>;
}

/** Holds the MCP servers and the registry names of their tools. */
class Hub implements McpHub {
  private readonly entries = new Map<string, ServerEntry>();
  /** Registry name -> `<server>\0<tool>` that owns it, to catch collisions between servers. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly registry: ToolSink,
    private readonly log: Logger,
  ) {}

  add(name: string, status: Omit<McpServerStatus, "name" | "tools">, connection?: McpServerConnection): void {
    this.entries.set(name, { status: { name, tools: [], ...status }, connection, names: new Map() });
  }

  /** Registers the server's (allowed) tools and unregisters the ones it no longer offers. */
  registerTools(server: string, config: McpServerConfig, tools: McpToolInfo[]): void {
    const entry = this.entries.get(server);
    if (entry?.connection === undefined) return;
    const allowed = globAllowlist(config.tools);
    const offered = new Set<string>();
    for (const tool of tools) {
      if (!allowed(tool.name) || offered.has(tool.name)) continue;
      const name = entry.names.get(tool.name) ?? this.claimName(server, tool.name);
      if (name === undefined) continue;
      offered.add(tool.name);
      entry.names.set(tool.name, name);
      this.registry.register(this.wrap(entry.connection, name, tool, config));
    }
    for (const [tool, name] of entry.names) {
      if (offered.has(tool)) continue;
      entry.names.delete(tool);
      this.owners.delete(name);
      this.registry.unregister(name);
      this.log.info({ server, tool: name }, "mcp tool removed");
    }
    entry.status.tools = [...entry.names.values()];
  }

  private claimName(server: string, tool: string): string | undefined {
    const owner = `${server}\0${tool}`;
    let name = mcpToolName(server, tool);
    if (name !== `${server}__${tool}`)
      this.log.warn(
        { server, tool: visibleText(tool), name },
        "mcp tool name is not valid for the model API (letters, digits, _ and -, at most 64); registered under a valid name",
      );
    const holder = this.owners.get(name);
    if (holder !== undefined) {
      const renamed = withHashSuffix(name, owner);
      this.log.warn(
        { server, tool, name, taken_by: holder.replace("\0", "/"), renamed },
        "mcp tool name collision; registering under a suffixed name",
      );
      name = renamed;
      if (this.owners.has(name)) return undefined;
    }
    if (!validToolName.test(name)) return undefined;
    this.owners.set(name, owner);
    return name;
  }

  private wrap(connection: McpServerConnection, name: string, tool: McpToolInfo, config: McpServerConfig): Tool {
    const description = tool.description ?? tool.title ?? `${tool.name} (MCP server ${connection.name})`;
    const parameters = toolParameters(tool.inputSchema);
    if (hasInvisible(description) || hasInvisible(JSON.stringify(parameters)))
      this.log.warn(
        { server: connection.name, tool: name },
        "mcp tool description holds invisible characters (hidden instructions?); they were removed",
      );
    return {
      name,
      description: visibleText(description),
      parameters: visibleDeep(parameters),
      safety: config.safety,
      timeoutMs: config.timeout * 1000,
      source: `mcp:${connection.name}`,
      execute: async (args, ctx) => toToolResult(await connection.callTool(tool.name, args, ctx.signal)),
    };
  }

  servers(): McpServerStatus[] {
    return [...this.entries.values()].map(({ status, connection }) => ({
      ...status,
      tools: [...status.tools],
      ...(connection?.transport ? { transport: connection.transport } : {}),
      ...(connection?.pid ? { pid: connection.pid } : {}),
    }));
  }

  async close(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => entry.connection?.close()));
  }
}

/**
 * Connects every configured MCP server concurrently and registers their tools as
 * `<server>__<tool>` (source `mcp:<server>`). A server that fails is logged and skipped:
 * this never throws for a server's failure. This module loads the MCP SDK: import it
 * lazily (`await import(...)`), only when servers are configured.
 */
export async function connectMcpServers(options: ConnectMcpOptions): Promise<McpHub> {
  const { log, registry } = options;
  const hub = new Hub(registry, log);
  const starting: Array<{ name: string; config: McpServerConfig; tools: Promise<McpToolInfo[]> }> = [];
  for (const [name, configured] of Object.entries(options.servers)) {
    if (!configured.enabled) {
      hub.add(name, { state: "skipped", error: "disabled (enabled: false)" });
      continue;
    }
    if (configured.command === undefined && configured.url === undefined) {
      log.warn(
        { server: name },
        `mcp server has neither command nor url; skipped (set tools.mcp_servers.${name}.command or .url)`,
      );
      hub.add(name, { state: "skipped", error: "neither command nor url is set" });
      continue;
    }
    let config: McpServerConfig;
    try {
      config = expandServerEnv(name, configured, options.env ?? process.env);
    } catch (error) {
      const reason = (error as Error).message;
      log.warn({ server: name, reason }, "mcp server skipped: its configuration refers to a missing variable");
      hub.add(name, { state: "failed", error: reason });
      continue;
    }
    const connection = new McpServerConnection({
      name,
      config,
      log,
      connectTimeoutMs: options.connectTimeoutMs ?? defaultConnectTimeoutMs,
      restartDelayMs: options.restartDelayMs,
      signal: options.signal,
      onToolsChanged: (tools) => hub.registerTools(name, config, tools),
    });
    hub.add(name, { state: "connected" }, connection);
    starting.push({ name, config, tools: connection.start() });
  }
  // Registered in config order once all have answered, so collision renames do not depend on timing.
  const results = await Promise.allSettled(starting.map((server) => server.tools));
  results.forEach((result, index) => {
    const { name, config } = starting[index]!;
    if (result.status === "fulfilled") {
      hub.registerTools(name, config, result.value);
      const status = hub.servers().find((server) => server.name === name)!;
      log.info({ server: name, transport: status.transport, tools: status.tools.length }, "mcp server connected");
    } else {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      hub.add(name, { state: "failed", error: reason });
      log.warn(
        { server: name, reason },
        "mcp server failed to connect; skipped (the other servers and the daemon go on)",
      );
    }
  });
  return hub;
}
