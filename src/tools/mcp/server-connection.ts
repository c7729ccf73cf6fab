import { ErrorCode, McpError, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "pino";
import type { McpServerConfig } from "../../config/schema.js";
import { Backoff } from "../../util/retry.js";
import { ToolError } from "../tool.js";
import type { McpCallResult } from "./call-result.js";
import {
  describeFailure,
  isSessionLost,
  type McpTransportKind,
  type OpenedClient,
  openClient,
  remedyFor,
} from "./open-client.js";

/** A tool as the server lists it. */
export type McpToolInfo = McpTool;

export interface McpServerConnectionOptions {
  name: string;
  config: McpServerConfig;
  log: Logger;
  /** How long connecting (spawn or HTTP handshake, then `initialize`) may take. */
  connectTimeoutMs: number;
  /** The first pause between restarts of a stopped server (with jitter); it doubles up to `maxRestartDelayMs`. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Aborted at shutdown. */
  signal?: AbortSignal;
  /** The server's tool list after a `list_changed` notification or a restart. */
  onToolsChanged(tools: McpToolInfo[]): void;
}

const maxListPages = 100;

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * One MCP server: connects, lists tools, calls them, follows `list_changed`, and restarts a
 * server that stopped (a crashed stdio process) on the next call, at most once per
 * backoff period (1 s, doubling up to 30 s; reset by a successful call).
 */
export class McpServerConnection {
  readonly name: string;
  private state: "idle" | "connected" | "down" | "closed" = "idle";
  private opened?: OpenedClient;
  private restarting?: Promise<void>;
  private nextRestartAt = 0;
  private readonly restartBackoff: Backoff;
  private refreshes: Promise<void> = Promise.resolve();
  /** Counts connections, so the close of a replaced one is not taken for a crash of the current one. */
  private generation = 0;

  constructor(private readonly options: McpServerConnectionOptions) {
    this.name = options.name;
    this.restartBackoff = new Backoff({
      baseDelayMs: options.restartDelayMs ?? 1000,
      maxDelayMs: options.maxRestartDelayMs ?? 30_000,
    });
  }

  /** The transport in use once connected. */
  get transport(): McpTransportKind | undefined {
    return this.opened?.kind;
  }

  /** The server's process id (stdio), for status listings. */
  get pid(): number | undefined {
    return this.opened?.pid;
  }

  /** Connects and lists the server's tools; throws an Error naming the reason and a remedy. */
  async start(): Promise<McpToolInfo[]> {
    await this.connect();
    try {
      return await this.listTools();
    } catch (error) {
      await this.close();
      throw new Error(`connected, but listing its tools failed: ${describeFailure(error, this.options.config)}`, {
        cause: error,
      });
    }
  }

  private async connect(): Promise<void> {
    const { connectTimeoutMs, config, log, name } = this.options;
    const timeout = AbortSignal.timeout(connectTimeoutMs);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const generation = ++this.generation;
    try {
      const opened = await openClient({
        name,
        config,
        log,
        signal,
        onToolsChanged: () => this.refreshTools(),
        onClose: () => this.stopped(generation),
      });
      if (this.state === "closed") {
        await opened.close();
        throw new Error("the MCP hub is shut down");
      }
      this.opened = opened;
      this.state = "connected";
    } catch (error) {
      const reason = timeout.aborted
        ? `did not finish connecting within ${seconds(connectTimeoutMs)}`
        : describeFailure(error, config);
      throw new Error(`${reason} (${remedyFor(name, config, error)})`, { cause: error });
    }
  }

  private stopped(generation: number): void {
    if (this.state !== "connected" || generation !== this.generation) return;
    this.state = "down";
    this.options.log.warn({ server: this.name }, "mcp server stopped; it will be restarted on the next call");
  }

  private async listTools(): Promise<McpToolInfo[]> {
    const client = this.opened!.client;
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxListPages; page += 1) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, { signal: this.options.signal });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  /** Re-lists the tools after `list_changed`; refreshes run one at a time, in order. */
  private refreshTools(): void {
    this.refreshes = this.refreshes.then(async () => {
      if (this.state !== "connected") return;
      try {
        this.options.onToolsChanged(await this.listTools());
      } catch (error) {
        this.options.log.warn(
          { server: this.name, reason: describeFailure(error, this.options.config) },
          "mcp tool list refresh failed",
        );
      }
    });
  }

  private async restart(): Promise<void> {
    this.restarting ??= this.restartNow().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  private async restartNow(): Promise<void> {
    const wait = this.nextRestartAt - Date.now();
    if (wait > 0) {
      throw new ToolError(
        "ExecutionFailed",
        `MCP server '${this.name}' stopped; the next restart is allowed in ${seconds(wait)}`,
      );
    }
    this.nextRestartAt = Date.now() + this.restartBackoff.next();
    this.options.log.info({ server: this.name }, "restarting mcp server");
    await this.opened?.close().catch(() => {});
    try {
      await this.connect();
      this.options.onToolsChanged(await this.listTools());
    } catch (error) {
      throw new ToolError(
        "ExecutionFailed",
        `MCP server '${this.name}' stopped and could not be restarted: ${(error as Error).message}`,
      );
    }
  }

  /** Calls one tool by the server's own name; throws {@link ToolError} on timeout, cancellation or a dead server. */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    isRetry = false,
  ): Promise<McpCallResult> {
    if (this.state === "closed") throw new ToolError("ExecutionFailed", `MCP server '${this.name}' is shut down`);
    if (this.state !== "connected") await this.restart();
    const timeoutMs = this.options.config.timeout * 1000;
    try {
      const result = await this.opened!.client.callTool({ name: tool, arguments: args }, undefined, {
        signal,
        timeout: timeoutMs,
      });
      this.restartBackoff.reset();
      return result;
    } catch (error) {
      if (this.state === "connected" && this.opened?.kind !== "stdio" && !(error instanceof McpError)) {
        // An HTTP server that went away or restarted: start a new session, now if it forgot ours, else on the next call.
        this.state = "down";
        if (isSessionLost(error) && !isRetry) {
          this.options.log.info({ server: this.name }, "mcp server lost the session; reconnecting");
          return this.callTool(tool, args, signal, true);
        }
      }
      throw this.callFailure(tool, error, signal, timeoutMs);
    }
  }

  private callFailure(tool: string, error: unknown, signal: AbortSignal, timeoutMs: number): ToolError {
    const what = `MCP tool '${tool}' of server '${this.name}'`;
    if (error instanceof ToolError) return error;
    if (signal.aborted) {
      const timedOut = (signal.reason as { name?: string } | undefined)?.name === "TimeoutError";
      return timedOut
        ? new ToolError("Timeout", `${what} timed out; the call was cancelled`)
        : new ToolError("ExecutionFailed", `${what} was cancelled`);
    }
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return new ToolError("Timeout", `${what} did not answer within ${seconds(timeoutMs)}; the call was cancelled`);
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      return new ToolError(
        "ExecutionFailed",
        `${what} failed: the server stopped during the call; it will be restarted on the next call`,
      );
    }
    return new ToolError("ExecutionFailed", `${what} failed: ${describeFailure(error, this.options.config)}`);
  }

  /** Closes the client (stdio: end stdin, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    this.state = "closed";
    await this.restarting?.catch(() => {});
    await this.opened?.close().catch((error: unknown) => {
      this.options.log.debug(
        { server: this.name, reason: describeFailure(error, this.options.config) },
        "mcp client close failed",
      );
    });
  }
}
