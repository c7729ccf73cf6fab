#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { Backoff } from "./chunk-5KQWCFOI.js";
import { ToolError, toolResult } from "./chunk-6FK2TDNU.js";
import { wellFormed } from "./chunk-DK6GBXFZ.js";
import { package_default } from "./chunk-WPEDSTF5.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
function base64Bytes(data) {
  return Buffer.byteLength(data, "base64");
}
function describe(kind, details) {
  return `[${kind}: ${details.filter(Boolean).join(", ")}]`;
}
function blockText(block) {
  switch (block.type) {
    case "text":
      return block.text ?? "";
    case "image":
    case "audio":
      return describe(block.type, [block.mimeType, `${base64Bytes(block.data ?? "")} bytes`]);
    case "resource": {
      const resource = block.resource ?? {},
        size = resource.text !== void 0 ? Buffer.byteLength(resource.text) : base64Bytes(resource.blob ?? "");
      return describe("resource", [resource.uri, resource.mimeType, `${size} bytes`]);
    }
    case "resource_link":
      return describe("resource link", [block.name, block.uri, block.mimeType]);
    default:
      return describe(block.type, [block.mimeType, block.uri]);
  }
}
function toToolResult(result) {
  const text = (Array.isArray(result.content) ? result.content : [])
    .map(blockText)
    .filter((part) => part !== "")
    .join(`
`);
  if (result.isError === !0)
    throw new ToolError("ExecutionFailed", text || "the MCP server reported an error without a message");
  return text !== ""
    ? toolResult(text)
    : result.structuredContent !== void 0
      ? toolResult(result.structuredContent)
      : result.toolResult !== void 0
        ? toolResult(result.toolResult)
        : toolResult("(the tool returned no content)");
}
var reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
function expandServerEnv(server, config, env) {
  const expand = (section) =>
    Object.fromEntries(
      Object.entries(config[section]).map(([key, value]) => [
        key,
        value.replace(reference, (_match, name) => {
          const found = env[name];
          if (found === void 0 || found === "")
            throw new Error(
              `tools.mcp_servers.${server}.${section}.${key} refers to \${${name}}, which is not set in the environment or .env`,
            );
          return found;
        }),
      ]),
    );
  return { ...config, env: expand("env"), headers: expand("headers") };
}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
function describeFailure(error, config) {
  let message = error instanceof Error ? error.message : String(error);
  if (config?.url !== void 0) {
    const safe = withoutSecrets(config.url);
    for (const form of [config.url, new URL(config.url).href]) message = message.split(form).join(safe);
  }
  const code = error?.code;
  return typeof code == "number" && code >= 100 && code < 600 ? `HTTP ${code}: ${message}` : message;
}
function withoutSecrets(url) {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
function remedyFor(name, config, error) {
  const code = error?.code,
    key = `tools.mcp_servers.${name}`;
  return code === "ENOENT"
    ? `'${config.command}' is not on PATH: install it or fix ${key}.command`
    : code === 401 || code === 403
      ? `check the server's credentials in ${key}.headers`
      : config.url !== void 0
        ? `check that the server is running and reachable at ${withoutSecrets(config.url)}`
        : "run the command by hand to see why it does not answer MCP on stdin/stdout";
}
function newClient(options) {
  return new Client(
    { name: "skein", version: package_default.version },
    { listChanged: { tools: { autoRefresh: !1, debounceMs: 50, onChanged: () => options.onToolsChanged() } } },
  );
}
function untilAborted(work, signal) {
  return signal.aborted
    ? Promise.reject(signal.reason)
    : new Promise((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: !0 }),
          work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
      });
}
async function connect(client, transport, options) {
  try {
    await untilAborted(client.connect(transport, { signal: options.signal }), options.signal);
  } catch (error) {
    throw (await client.close().catch(() => {}), error);
  }
  (client.onclose = () => options.onClose()),
    (client.onerror = (error) =>
      options.log.debug(
        { server: options.name, reason: describeFailure(error, options.config) },
        "mcp transport error",
      ));
}
function stdioTransport(options, command) {
  let { config, log, name } = options,
    transport = new StdioClientTransport({
      command,
      args: config.args,
      env: config.env,
      cwd: config.cwd,
      stderr: "pipe",
    }),
    pending = "";
  return (
    transport.stderr?.on("data", (chunk) => {
      const lines = (pending + chunk.toString("utf8")).split(`
`);
      pending = lines.pop() ?? "";
      for (const line of lines) line.trim() !== "" && log.debug({ server: name, stderr: line }, "mcp server stderr");
    }),
    transport
  );
}
function isSessionLost(error) {
  return error instanceof StreamableHTTPError
    ? error.code === 404 || (error.code === 400 && /session/i.test(error.message))
    : !1;
}
function isLegacyOnly(error) {
  return !(error instanceof StreamableHTTPError) || error.code === void 0
    ? !1
    : error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}
async function openClient(options) {
  const { config } = options;
  if (config.command !== void 0) {
    const client2 = newClient(options),
      transport = stdioTransport(options, config.command);
    return (
      await connect(client2, transport, options),
      { client: client2, kind: "stdio", pid: transport.pid ?? void 0, close: () => client2.close() }
    );
  }
  if (config.url === void 0) throw new Error("neither command nor url is set");
  const url = new URL(config.url),
    requestInit = { headers: config.headers },
    client = newClient(options),
    streamable = new StreamableHTTPClientTransport(url, { requestInit });
  try {
    return (
      await connect(client, streamable, options),
      {
        client,
        kind: "streamable-http",
        close: async () => {
          await untilAborted(streamable.terminateSession(), AbortSignal.timeout(2e3)).catch(() => {}),
            await client.close();
        },
      }
    );
  } catch (error) {
    if (!isLegacyOnly(error)) throw error;
    options.log.info(
      { server: options.name, reason: describeFailure(error, config) },
      "mcp server does not speak Streamable HTTP; trying legacy SSE",
    );
  }
  const legacy = newClient(options);
  return (
    await connect(legacy, new SSEClientTransport(url, { requestInit }), options),
    { client: legacy, kind: "sse", close: () => legacy.close() }
  );
}
var maxListPages = 100;
function seconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}
var McpServerConnection = class {
  constructor(options) {
    this.options = options;
    (this.name = options.name),
      (this.restartBackoff = new Backoff({
        baseDelayMs: options.restartDelayMs ?? 1e3,
        maxDelayMs: options.maxRestartDelayMs ?? 3e4,
      }));
  }
  options;
  name;
  state = "idle";
  opened;
  restarting;
  nextRestartAt = 0;
  restartBackoff;
  refreshes = Promise.resolve();
  generation = 0;
  get transport() {
    return this.opened?.kind;
  }
  get pid() {
    return this.opened?.pid;
  }
  async start() {
    await this.connect();
    try {
      return await this.listTools();
    } catch (error) {
      throw (
        (await this.close(),
        new Error(`connected, but listing its tools failed: ${describeFailure(error, this.options.config)}`, {
          cause: error,
        }))
      );
    }
  }
  async connect() {
    const { connectTimeoutMs, config, log, name } = this.options,
      timeout = AbortSignal.timeout(connectTimeoutMs),
      signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout,
      generation = ++this.generation;
    try {
      const opened = await openClient({
        name,
        config,
        log,
        signal,
        onToolsChanged: () => this.refreshTools(),
        onClose: () => this.stopped(generation),
      });
      if (this.state === "closed") throw (await opened.close(), new Error("the MCP hub is shut down"));
      (this.opened = opened), (this.state = "connected");
    } catch (error) {
      const reason = timeout.aborted
        ? `did not finish connecting within ${seconds(connectTimeoutMs)}`
        : describeFailure(error, config);
      throw new Error(`${reason} (${remedyFor(name, config, error)})`, { cause: error });
    }
  }
  stopped(generation) {
    this.state !== "connected" ||
      generation !== this.generation ||
      ((this.state = "down"),
      this.options.log.warn({ server: this.name }, "mcp server stopped; it will be restarted on the next call"));
  }
  async listTools() {
    let client = this.opened.client,
      tools = [],
      cursor;
    for (let page = 0; page < maxListPages; page += 1) {
      const result = await client.listTools(cursor === void 0 ? {} : { cursor }, { signal: this.options.signal });
      if ((tools.push(...result.tools), (cursor = result.nextCursor), cursor === void 0)) break;
    }
    return tools;
  }
  refreshTools() {
    this.refreshes = this.refreshes.then(async () => {
      if (this.state === "connected")
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
  async restart() {
    return (
      (this.restarting ??= this.restartNow().finally(() => {
        this.restarting = void 0;
      })),
      this.restarting
    );
  }
  async restartNow() {
    const wait = this.nextRestartAt - Date.now();
    if (wait > 0)
      throw new ToolError(
        "ExecutionFailed",
        `MCP server '${this.name}' stopped; the next restart is allowed in ${seconds(wait)}`,
      );
    (this.nextRestartAt = Date.now() + this.restartBackoff.next()),
      this.options.log.info({ server: this.name }, "restarting mcp server"),
      await this.opened?.close().catch(() => {});
    try {
      await this.connect(), this.options.onToolsChanged(await this.listTools());
    } catch (error) {
      throw new ToolError(
        "ExecutionFailed",
        `MCP server '${this.name}' stopped and could not be restarted: ${error.message}`,
      );
    }
  }
  async callTool(tool, args, signal, isRetry = !1) {
    if (this.state === "closed") throw new ToolError("ExecutionFailed", `MCP server '${this.name}' is shut down`);
    this.state !== "connected" && (await this.restart());
    const timeoutMs = this.options.config.timeout * 1e3;
    try {
      const result = await this.opened.client.callTool({ name: tool, arguments: args }, void 0, {
        signal,
        timeout: timeoutMs,
      });
      return this.restartBackoff.reset(), result;
    } catch (error) {
      if (
        this.state === "connected" &&
        this.opened?.kind !== "stdio" &&
        !(error instanceof McpError) &&
        ((this.state = "down"), isSessionLost(error) && !isRetry)
      )
        return (
          this.options.log.info({ server: this.name }, "mcp server lost the session; reconnecting"),
          this.callTool(tool, args, signal, !0)
        );
      throw this.callFailure(tool, error, signal, timeoutMs);
    }
  }
  callFailure(tool, error, signal, timeoutMs) {
    const what = `MCP tool '${tool}' of server '${this.name}'`;
    return error instanceof ToolError
      ? error
      : signal.aborted
        ? signal.reason?.name === "TimeoutError"
          ? new ToolError("Timeout", `${what} timed out; the call was cancelled`)
          : new ToolError("ExecutionFailed", `${what} was cancelled`)
        : error instanceof McpError && error.code === ErrorCode.RequestTimeout
          ? new ToolError("Timeout", `${what} did not answer within ${seconds(timeoutMs)}; the call was cancelled`)
          : error instanceof McpError && error.code === ErrorCode.ConnectionClosed
            ? new ToolError(
                "ExecutionFailed",
                `${what} failed: the server stopped during the call; it will be restarted on the next call`,
              )
            : new ToolError("ExecutionFailed", `${what} failed: ${describeFailure(error, this.options.config)}`);
  }
  async close() {
    (this.state = "closed"),
      await this.restarting?.catch(() => {}),
      await this.opened?.close().catch((error) => {
        this.options.log.debug(
          { server: this.name, reason: describeFailure(error, this.options.config) },
          "mcp client close failed",
        );
      });
  }
};
import { createHash } from "node:crypto";
var validToolName = /^[a-zA-Z0-9_-]{1,64}$/,
  maxLength = 64,
  hashLength = 8;
function stableHash(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, hashLength);
}
function sanitizeToolName(raw) {
  const cleaned = raw.replace(/[^a-zA-Z0-9_-]/g, "_") || "_";
  return cleaned.length <= maxLength ? cleaned : withHashSuffix(cleaned, raw);
}
function withHashSuffix(name, key) {
  return `${name.slice(0, maxLength - hashLength - 1)}_${stableHash(key)}`;
}
function mcpToolName(server, tool) {
  return sanitizeToolName(`${server}__${tool}`);
}
function globAllowlist(patterns) {
  if (patterns === void 0) return () => !0;
  const expressions = patterns.map((pattern) => {
    const source = [...pattern]
      .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}$`);
  });
  return (name) => expressions.some((expression) => expression.test(name));
}
var invisible =
  /[\u{E0000}-\u{E007F}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]|[\u{E0100}-\u{E01EF}]/gu;
function visibleText(text) {
  return wellFormed(text).replace(invisible, "");
}
function hasInvisible(text) {
  invisible.lastIndex = 0;
  const found = invisible.test(text);
  return (invisible.lastIndex = 0), found;
}
function visibleDeep(value) {
  return typeof value == "string"
    ? visibleText(value)
    : Array.isArray(value)
      ? value.map(visibleDeep)
      : value === null || typeof value != "object"
        ? value
        : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visibleDeep(item)]));
}
var defaultConnectTimeoutMs = 1e4;
function toolParameters(inputSchema) {
  const { $schema: _ignored, ...schema } = inputSchema;
  return { ...schema, type: "object", properties: schema.properties ?? {} };
}
var Hub = class {
  constructor(registry, log) {
    this.registry = registry;
    this.log = log;
  }
  registry;
  log;
  entries = new Map();
  owners = new Map();
  add(name, status, connection) {
    this.entries.set(name, { status: { name, tools: [], ...status }, connection, names: new Map() });
  }
  registerTools(server, config, tools) {
    const entry = this.entries.get(server);
    if (entry?.connection === void 0) return;
    const allowed = globAllowlist(config.tools),
      offered = new Set();
    for (const tool of tools) {
      if (!allowed(tool.name) || offered.has(tool.name)) continue;
      const name = entry.names.get(tool.name) ?? this.claimName(server, tool.name);
      name !== void 0 &&
        (offered.add(tool.name),
        entry.names.set(tool.name, name),
        this.registry.register(this.wrap(entry.connection, name, tool, config)));
    }
    for (const [tool, name] of entry.names)
      offered.has(tool) ||
        (entry.names.delete(tool),
        this.owners.delete(name),
        this.registry.unregister(name),
        this.log.info({ server, tool: name }, "mcp tool removed"));
    entry.status.tools = [...entry.names.values()];
  }
  claimName(server, tool) {
    let owner = `${server}\0${tool}`,
      name = mcpToolName(server, tool);
    name !== `${server}__${tool}` &&
      this.log.warn(
        { server, tool: visibleText(tool), name },
        "mcp tool name is not valid for the model API (letters, digits, _ and -, at most 64); registered under a valid name",
      );
    const holder = this.owners.get(name);
    if (holder !== void 0) {
      const renamed = withHashSuffix(name, owner);
      if (
        (this.log.warn(
          { server, tool, name, taken_by: holder.replace("\0", "/"), renamed },
          "mcp tool name collision; registering under a suffixed name",
        ),
        (name = renamed),
        this.owners.has(name))
      )
        return;
    }
    if (validToolName.test(name)) return this.owners.set(name, owner), name;
  }
  wrap(connection, name, tool, config) {
    const description = tool.description ?? tool.title ?? `${tool.name} (MCP server ${connection.name})`,
      parameters = toolParameters(tool.inputSchema);
    return (
      (hasInvisible(description) || hasInvisible(JSON.stringify(parameters))) &&
        this.log.warn(
          { server: connection.name, tool: name },
          "mcp tool description holds invisible characters (hidden instructions?); they were removed",
        ),
      {
        name,
        description: visibleText(description),
        parameters: visibleDeep(parameters),
        safety: config.safety,
        timeoutMs: config.timeout * 1e3,
        source: `mcp:${connection.name}`,
        execute: async (args, ctx) => toToolResult(await connection.callTool(tool.name, args, ctx.signal)),
      }
    );
  }
  servers() {
    return [...this.entries.values()].map(({ status, connection }) => ({
      ...status,
      tools: [...status.tools],
      ...(connection?.transport ? { transport: connection.transport } : {}),
      ...(connection?.pid ? { pid: connection.pid } : {}),
    }));
  }
  async close() {
    await Promise.all([...this.entries.values()].map((entry) => entry.connection?.close()));
  }
};
async function connectMcpServers(options) {
  const { log, registry } = options,
    hub = new Hub(registry, log),
    starting = [];
  for (const [name, configured] of Object.entries(options.servers)) {
    if (!configured.enabled) {
      hub.add(name, { state: "skipped", error: "disabled (enabled: false)" });
      continue;
    }
    if (configured.command === void 0 && configured.url === void 0) {
      log.warn(
        { server: name },
        `mcp server has neither command nor url; skipped (set tools.mcp_servers.${name}.command or .url)`,
      ),
        hub.add(name, { state: "skipped", error: "neither command nor url is set" });
      continue;
    }
    let config;
    try {
      config = expandServerEnv(name, configured, options.env ?? process.env);
    } catch (error) {
      const reason = error.message;
      log.warn({ server: name, reason }, "mcp server skipped: its configuration refers to a missing variable"),
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
    hub.add(name, { state: "connected" }, connection), starting.push({ name, config, tools: connection.start() });
  }
  return (
    (await Promise.allSettled(starting.map((server) => server.tools))).forEach((result, index) => {
      const { name, config } = starting[index];
      if (result.status === "fulfilled") {
        hub.registerTools(name, config, result.value);
        const status = hub.servers().find((server) => server.name === name);
        log.info({ server: name, transport: status.transport, tools: status.tools.length }, "mcp server connected");
      } else {
        const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
        hub.add(name, { state: "failed", error: reason }),
          log.warn(
            { server: name, reason },
            "mcp server failed to connect; skipped (the other servers and the daemon go on)",
          );
      }
    }),
    hub
  );
}
export { connectMcpServers, toolParameters };
//# sourceMappingURL=hub-VD5KA275.js.map
