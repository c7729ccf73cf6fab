#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";
import { external_exports } from "./chunk-BPOSQNOK.js";
import { agentEntrySchema, agentId, binding, checkAgentReferences } from "./chunk-MSZBOYJI.js";
import { channelsShape, platformChannels, port } from "./chunk-PSIFTLKK.js";
function closestMatch(word, candidates) {
  let best;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    (!best || distance < best.distance) && (best = { candidate, distance });
  }
  return !best || best.distance === 0
    ? best?.candidate
    : best.distance <= 2 && best.distance * 2 < word.length
      ? best.candidate
      : void 0;
}
function editDistance(from, to) {
  const rows = Array.from({ length: from.length + 1 }, (_, row) =>
    Array.from({ length: to.length + 1 }, (_2, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row <= from.length; row++)
    for (let column = 1; column <= to.length; column++) {
      let cost = from[row - 1] === to[column - 1] ? 0 : 1,
        distance = Math.min(rows[row - 1][column] + 1, rows[row][column - 1] + 1, rows[row - 1][column - 1] + cost);
      row > 1 &&
        column > 1 &&
        from[row - 1] === to[column - 2] &&
        from[row - 2] === to[column - 1] &&
        (distance = Math.min(distance, rows[row - 2][column - 2] + 1)),
        (rows[row][column] = distance);
    }
  return rows[from.length][to.length];
}
var problems = {
  InvalidSymbol: "unexpected",
  InvalidNumberFormat: "not a number",
  PropertyNameExpected: "a property name in double quotes is expected, found",
  ValueExpected: "a value is expected, found",
  ColonExpected: "a colon is expected, found",
  CommaExpected: "a comma is expected, found",
  CloseBraceExpected: "a closing } is expected, found",
  CloseBracketExpected: "a closing ] is expected, found",
  EndOfFileExpected: "the end of the file is expected, found",
  InvalidCommentToken: "a comment is not closed:",
  UnexpectedEndOfComment: "a comment is not closed:",
  UnexpectedEndOfString: "a string is not closed:",
  UnexpectedEndOfNumber: "a number is cut short:",
  InvalidUnicode: "an invalid \\u escape:",
  InvalidEscapeCharacter: "an invalid escape:",
  InvalidCharacter: "a character not allowed in a string:",
};
async function parseConfigText(text) {
  const { parse, printParseErrorCode } = await import("jsonc-parser"),
    errors = [],
    value = parse(text, errors, { allowTrailingComma: !0, allowEmptyContent: !1 }),
    [first] = errors;
  if (first) {
    const before = text.slice(0, first.offset),
      line = before.split(`
`).length,
      column =
        first.offset -
        before.lastIndexOf(`
`),
      found = text.slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20))),
      code = printParseErrorCode(first.error),
      what = found === "" ? "the end of the file" : found.startsWith('"') ? found : `"${found}"`;
    return { type: "syntax-error", line, column, message: `${problems[code] ?? code} ${what}` };
  }
  return typeof value != "object" || value === null || Array.isArray(value)
    ? { type: "not-an-object" }
    : { type: "object", value };
}
async function setInConfigText(text, settings) {
  let { applyEdits, findNodeAtLocation, modify, parseTree } = await import("jsonc-parser"),
    formattingOptions = {
      insertSpaces: !0,
      tabSize: 2,
      eol: `
`,
    },
    result =
      text.trim() === ""
        ? `{}
`
        : text;
  for (const [path, value] of settings) {
    for (let depth = 1; depth < path.length; depth++) {
      const section = findNodeAtLocation(parseTree(result, [], { allowTrailingComma: !0 }), path.slice(0, depth));
      section &&
        section.type !== "object" &&
        (result = applyEdits(result, modify(result, path.slice(0, depth), {}, { formattingOptions })));
    }
    result = applyEdits(result, modify(result, path, value, { formattingOptions }));
  }
  return result;
}
var maxTimerSeconds = 2147483;
function hostTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
function isTimeZone(name) {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }), !0;
  } catch {
    return !1;
  }
}
var seconds = () =>
    external_exports
      .number()
      .positive()
      .max(
        maxTimerSeconds,
        `must be at most ${maxTimerSeconds} seconds (about 24 days, the longest timer Node.js can set)`,
      ),
  agentDefaults = external_exports.object({
    model: external_exports.string().min(1).default("gpt-4o-mini"),
    max_tool_iterations: external_exports.number().int().min(1).default(20),
    workspace: external_exports.string().min(1).optional(),
    memory_window: external_exports.number().int().min(1).default(50),
    max_message_chars: external_exports.number().int().min(100).default(32e3),
    max_history_chars: external_exports.number().int().min(1e3).default(24e4),
    max_concurrent_turns: external_exports.number().int().min(1).default(8),
    max_tokens: external_exports.number().int().min(1).optional(),
    temperature: external_exports.number().min(0).max(2).optional(),
    turn_timeout: seconds().default(600),
    fallbacks: external_exports.array(external_exports.string().min(1)).default([]),
    max_attachment_bytes: external_exports
      .number()
      .int()
      .min(1)
      .default(20 * 1024 * 1024),
    vision: external_exports.boolean().default(!0),
    models: external_exports.array(external_exports.string().min(1)).optional(),
    timezone: external_exports
      .string()
      .min(1)
      .refine(isTimeZone, "must be an IANA time zone name such as Europe/Berlin")
      .optional(),
    budgets: external_exports
      .object({
        per_user_daily_tokens: external_exports.number().int().positive().optional(),
        per_chat_daily_tokens: external_exports.number().int().positive().optional(),
        daily_cost: external_exports.number().positive().optional(),
      })
      .prefault({}),
    max_message_age: external_exports.number().positive().default(86400),
    compaction: external_exports
      .object({
        threshold: external_exports.number().gt(0).max(1).default(0.6),
        keep_recent: external_exports.number().int().min(0).default(10),
        model: external_exports.string().min(1).optional(),
        memory_flush: external_exports.boolean().default(!0),
        timeout: seconds().default(60),
      })
      .prefault({}),
  }),
  modelPrice = external_exports.object({
    input: external_exports.number().min(0),
    output: external_exports.number().min(0),
    cached_input: external_exports.number().min(0).optional(),
  }),
  modelProvider = external_exports.object({
    api_key: external_exports.string().optional(),
    base_url: external_exports.string().url().optional(),
    timeout: seconds().default(120),
    idle_timeout: seconds().default(60),
    max_retries: external_exports.number().int().min(0).max(10).default(2),
    stream: external_exports.boolean().default(!1),
    headers: external_exports.record(external_exports.string(), external_exports.string()).default({}),
    cooldown: external_exports.number().min(0).default(60),
    prices: external_exports.record(external_exports.string(), modelPrice).default({}),
    context_windows: external_exports
      .record(external_exports.string(), external_exports.number().int().positive())
      .default({}),
    cache_control: external_exports.boolean().default(!1),
  }),
  providers = external_exports
    .record(external_exports.string(), modelProvider)
    .default({})
    .transform((configured) => (configured.openai ? configured : { ...configured, openai: modelProvider.parse({}) }))
    .pipe(external_exports.custom()),
  mcpServer = external_exports.object({
    command: external_exports.string().optional(),
    args: external_exports.array(external_exports.string()).default([]),
    env: external_exports.record(external_exports.string(), external_exports.string()).default({}),
    cwd: external_exports.string().optional(),
    url: external_exports.string().url().optional(),
    headers: external_exports.record(external_exports.string(), external_exports.string()).default({}),
    timeout: seconds().default(60),
    safety: external_exports.enum(["read-only", "side-effecting", "privileged"]).default("side-effecting"),
    enabled: external_exports.boolean().default(!0),
    tools: external_exports.array(external_exports.string()).optional(),
  }),
  messageTargetsMode = external_exports.enum(["known", "any"]),
  tools = external_exports.object({
    allow: external_exports.array(external_exports.string().min(1)).optional(),
    deny: external_exports.array(external_exports.string().min(1)).default([]),
    approval: external_exports.enum(["allow", "deny", "ask"]).default("allow"),
    approval_required: external_exports.array(external_exports.string()).default([]),
    approvers: external_exports
      .array(external_exports.string().regex(/^[a-z][a-z0-9_-]*:.+$/, "expected channel:userId"))
      .default([]),
    approval_timeout: external_exports.number().positive().default(300),
    exec: external_exports
      .object({
        allow: external_exports.array(external_exports.string()).optional(),
        env: external_exports.record(external_exports.string(), external_exports.string()).default({}),
        sandbox: external_exports.enum(["auto", "bwrap", "none"]).default("auto"),
        network: external_exports
          .union([external_exports.enum(["none", "public", "full"]), external_exports.boolean()])
          .transform((value) => (value === !1 ? "none" : value === !0 ? "public" : value))
          .default("public"),
        max_processes: external_exports.number().int().min(8).default(256),
        max_memory_mb: external_exports.number().int().min(64).default(2048),
      })
      .prefault({}),
    message: external_exports
      .object({
        targets: external_exports
          .union([
            messageTargetsMode,
            external_exports.object({
              mode: messageTargetsMode.default("known"),
              extra: external_exports
                .array(external_exports.string().regex(/^[a-z][a-z0-9_-]*:.+$/, "expected channel:chatId"))
                .default([]),
            }),
          ])
          .default("known"),
      })
      .prefault({}),
    web_fetch: external_exports.object({ allow_private: external_exports.boolean().default(!1) }).prefault({}),
    transcription: external_exports
      .object({
        base_url: external_exports.string().url().optional(),
        api_key: external_exports.string().optional(),
        model: external_exports.string().min(1).default("whisper-1"),
      })
      .prefault({}),
    web_search: external_exports
      .object({
        provider: external_exports.enum(["brave", "searxng"]).optional(),
        api_key: external_exports.string().optional(),
        endpoint: external_exports.string().url().optional(),
      })
      .prefault({}),
    mcp_servers: external_exports.record(external_exports.string(), mcpServer).default({}),
    schedule: external_exports
      .object({
        catch_up: external_exports.number().min(0).default(3600),
        max_jobs_per_chat: external_exports.number().int().min(1).default(50),
      })
      .prefault({}),
  }),
  skillEntry = external_exports.object({
    enabled: external_exports.boolean().default(!0),
    env: external_exports.record(external_exports.string(), external_exports.string()).default({}),
  }),
  skills = external_exports.object({
    dirs: external_exports.array(external_exports.string().min(1)).default([]),
    max_prompt_chars: external_exports.number().int().min(0).default(8e3),
    entries: external_exports.record(external_exports.string(), skillEntry).default({}),
  }),
  hook = external_exports.object({
    token: external_exports.string().min(24, "must be at least 24 characters"),
    deliver_to: external_exports.object({
      channel: external_exports.string().min(1),
      chat_id: external_exports.string().min(1),
    }),
    mode: external_exports.enum(["notify", "agent"]).default("notify"),
    rate_per_minute: external_exports.number().int().min(1).default(60),
  }),
  defaultHealthPort = 17870,
  gateway = external_exports.object({
    port: port.optional(),
    health_port: port.default(defaultHealthPort),
    health_host: external_exports.string().default("127.0.0.1"),
    bind: external_exports.string().min(1).optional(),
    hosts: external_exports
      .array(external_exports.string().regex(/^[a-zA-Z0-9.-]+$/, "a host name, without scheme or port"))
      .default([]),
    unready_after: seconds().default(60),
  }),
  dashboard = external_exports.object({
    enabled: external_exports.boolean().default(!0),
    session_ttl: seconds().default(168 * 3600),
  }),
  bus = external_exports.object({
    redis_url: external_exports
      .string()
      .regex(/^rediss?:\/\/./, "expected a redis:// or rediss:// URL")
      .optional(),
    redis_password: external_exports.string().optional(),
    takeover_after: seconds().default(15),
  }),
  agentEntry = agentEntrySchema(agentDefaults, tools, mcpServer),
  agents = external_exports.object({
    defaults: agentDefaults.prefault({}),
    list: external_exports.array(agentEntry).optional(),
    default: agentId.optional(),
  }),
  configSchema = external_exports
    .object({
      agents: agents.prefault({}),
      bindings: external_exports.array(binding).default([]),
      providers,
      channels: external_exports.object(channelsShape()).prefault({}),
      tools: tools.prefault({}),
      skills: skills.prefault({}),
      gateway: gateway.prefault({}),
      dashboard: dashboard.prefault({}),
      hooks: external_exports
        .record(
          external_exports.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "hook names are letters, digits, - and _"),
          hook,
        )
        .default({}),
      bus: bus.prefault({}),
      pairing: external_exports.object({ reply_interval: external_exports.number().min(0).default(3600) }).prefault({}),
      log_level: external_exports.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
      log_file: external_exports.string().min(1).optional(),
    })
    .superRefine(checkAgentReferences);
function unwrap(schema) {
  let inner = schema,
    found;
  for (;;) {
    const def = inner._zod.def;
    if (
      ((def.type === "default" || def.type === "prefault") && found === void 0 && (found = def.defaultValue),
      ["default", "prefault", "optional", "nullable", "readonly", "catch"].includes(def.type))
    )
      inner = def.innerType;
    else if (def.type === "pipe") inner = def.in;
    else return { inner, default: found };
  }
}
function schemaKeys(schema = configSchema, prefix = "") {
  const { inner } = unwrap(schema),
    keys = [],
    entries =
      inner instanceof external_exports.ZodObject
        ? Object.entries(inner.shape)
        : inner instanceof external_exports.ZodRecord
          ? [["<name>", inner._zod.def.valueType]]
          : [];
  for (const [name, child] of entries) {
    const path = prefix ? `${prefix}.${name}` : name,
      { inner: childInner, default: value } = unwrap(child),
      recordOfValues =
        childInner instanceof external_exports.ZodRecord &&
        !(unwrap(childInner._zod.def.valueType).inner instanceof external_exports.ZodObject),
      section =
        childInner instanceof external_exports.ZodObject ||
        (childInner instanceof external_exports.ZodRecord && !recordOfValues);
    keys.push({ path, section, default: value }), section && keys.push(...schemaKeys(childInner, path));
  }
  return keys;
}
function knownKeysBeside(path, keys = schemaKeys()) {
  const segments = path.split("."),
    parent = segments.slice(0, -1);
  return keys
    .map((key) => key.path.split("."))
    .filter(
      (candidate) =>
        candidate.length === segments.length &&
        parent.every((segment, index) => candidate[index] === segment || candidate[index] === "<name>"),
    )
    .map((candidate) => candidate.at(-1));
}
var ConfigError = class extends Error {
  constructor(kind, message, issues = []) {
    super(message);
    this.kind = kind;
    this.issues = issues;
  }
  kind;
  issues;
  name = "ConfigError";
};
function at(path, convert = (value) => value) {
  const keys = path.split(".");
  return Object.assign(
    (raw, value) => {
      let node = raw;
      for (const key of keys.slice(0, -1)) {
        const child = node[key];
        (node[key] = typeof child == "object" && child !== null ? child : {}), (node = node[key]);
      }
      node[keys.at(-1)] = convert(value);
    },
    { path },
  );
}
var list = (value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  number = (value) => (/^\d+$/.test(value.trim()) ? Number(value) : value),
  boolean = (value) => {
    const word = value.trim().toLowerCase();
    return ["true", "1", "yes", "on"].includes(word) ? !0 : ["false", "0", "no", "off"].includes(word) ? !1 : value;
  },
  envOverrides = {
    OPENAI_API_KEY: at("providers.openai.api_key"),
    OPENAI_BASE_URL: at("providers.openai.base_url"),
    SKEIN_MODEL: at("agents.defaults.model"),
    SKEIN_WORKSPACE: at("agents.defaults.workspace"),
    SKEIN_LOG_LEVEL: at("log_level"),
    SKEIN_LOG_FILE: at("log_file"),
    SKEIN_HEALTH_PORT: at("gateway.health_port", number),
    SKEIN_GATEWAY_PORT: at("gateway.port", number),
    SKEIN_GATEWAY_BIND: at("gateway.bind"),
    SKEIN_REDIS_URL: at("bus.redis_url"),
    BRAVE_API_KEY: at("tools.web_search.api_key"),
    SEARXNG_URL: at("tools.web_search.endpoint"),
    ...channelEnvOverrides(),
  };
function channelEnvOverrides() {
  const conversions = { text: (value) => value, list, number, boolean },
    setters = {};
  for (const descriptor of platformChannels)
    for (const [variable, binding2] of Object.entries(descriptor.env)) {
      const { key, as } = typeof binding2 == "string" ? { key: binding2, as: "text" } : binding2;
      setters[variable] = at(`channels.${descriptor.name}.${key}`, conversions[as]);
    }
  return setters;
}
function expandHome(path, home) {
  return path === "~" ? home : path.startsWith("~/") ? join(home, path.slice(2)) : path;
}
async function readDotEnv(cwd) {
  let path = join(cwd, ".env"),
    text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return {};
    throw new ConfigError("unreadable", `cannot read ${path}: ${error.message}`);
  }
  const garbage = firstGarbageLine(text);
  if (garbage)
    throw new ConfigError(
      "invalid",
      `${path}:${garbage.number}: not a NAME=value line: ${JSON.stringify(garbage.text.slice(0, 60))} (comment it out with #, or fix it)`,
    );
  return parseEnv(text);
}
function firstGarbageLine(text) {
  let lines = text.split(/\r?\n/),
    openQuote;
  for (const [index, line] of lines.entries()) {
    if (openQuote) {
      line.includes(openQuote) && (openQuote = void 0);
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const assignment = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=\s*(.*)$/.exec(trimmed);
    if (!assignment) return { number: index + 1, text: line };
    const value = assignment[1],
      quote = value[0];
    (quote === '"' || quote === "'" || quote === "`") && !value.slice(1).includes(quote) && (openQuote = quote);
  }
}
function keyPathOf(path) {
  return path
    .map((part, index) => (typeof part == "number" ? `[${part}]` : `${index ? "." : ""}${String(part)}`))
    .join("");
}
function describeIssue(issue, setBy) {
  const key = keyPathOf(issue.path) || "(root)",
    variable = [...setBy].find(([path]) => key === path || key.startsWith(`${path}.`))?.[1];
  return `${key}${variable ? ` (from ${variable})` : ""}: ${issue.message}`;
}
async function loadConfig(options = {}) {
  let cwd = options.cwd ?? process.cwd(),
    env = { ...(options.ignoreDotEnv ? {} : await readDotEnv(cwd)), ...(options.env ?? process.env) },
    userHome = env.HOME || homedir(),
    home = resolve(cwd, expandHome(env.SKEIN_HOME || join(userHome, ".skein"), userHome)),
    configPath = resolve(
      cwd,
      expandHome(options.configPath ?? env.SKEIN_CONFIG ?? join(home, "config.json"), userHome),
    ),
    raw = {},
    fileFound = !1;
  try {
    const text = await readFile(configPath, "utf8");
    fileFound = !0;
    const read = await parseConfigText(text);
    if (read.type === "syntax-error")
      throw new ConfigError(
        "invalid-json",
        `${configPath} is not valid JSON: line ${read.line}, column ${read.column}: ${read.message}`,
      );
    if (read.type === "not-an-object")
      throw new ConfigError("invalid", `${configPath}: the top level must be a JSON object`);
    raw = read.value;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if (error.code !== "ENOENT" || options.configPath || env.SKEIN_CONFIG)
      throw new ConfigError("unreadable", `cannot read config file ${configPath}: ${error.message}`);
  }
  const setBy = new Map(),
    file = structuredClone(raw),
    realEnv = options.env ?? process.env;
  for (const [name, set] of Object.entries(envOverrides)) {
    const value = env[name];
    value === void 0 || value === "" || (set(raw, value), setBy.set(set.path, name));
  }
  const origins = {
      file,
      env: Object.fromEntries(
        [...setBy].map(([path, variable]) => [path, { variable, dotEnv: realEnv[variable] === void 0 }]),
      ),
    },
    parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => describeIssue(issue, setBy));
    throw new ConfigError(
      "invalid",
      `invalid configuration (${configPath}):
  ${issues.join(`
  `)}`,
      issues,
    );
  }
  const warnings = unknownKeys(raw, parsed.data).map((key) => {
      const near = closestMatch(
        key.split(".").at(-1),
        knownKeysBeside(
          key.replace(/^agents\.list\[\d+\]/, "agents.defaults").replace(/^agents\.defaults\.tools/, "tools"),
        ),
      );
      return `unknown config key "${key}" is ignored${near ? ` (did you mean "${near}"?)` : ""}`;
    }),
    config = parsed.data,
    { bind, health_host: healthHost } = config.gateway;
  bind !== void 0 &&
    ("health_host" in (raw.gateway ?? {}) &&
      healthHost !== bind &&
      warnings.push(`gateway.bind (${bind}) wins over gateway.health_host (${healthHost}); drop one of them`),
    (config.gateway.health_host = bind));
  const workspace = resolve(home, expandHome(config.agents.defaults.workspace ?? join(home, "workspace"), userHome));
  config.agents.defaults.workspace = workspace;
  for (const agent of config.agents.list ?? [])
    agent.workspace && (agent.workspace = resolve(home, expandHome(agent.workspace, userHome)));
  return { config, home, workspace, configPath, fileFound, warnings, env, origins };
}
function unknownKeys(raw, parsed, prefix = "") {
  const found = [];
  for (const [key, value] of Object.entries(raw)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!(key in parsed)) {
      found.push(path);
      continue;
    }
    const child = parsed[key];
    if (path === "agents.list" && Array.isArray(value) && Array.isArray(child)) {
      value.forEach((agent, index) => {
        const parsedAgent = child[index];
        isPlainObject(agent) &&
          isPlainObject(parsedAgent) &&
          found.push(...unknownKeys(agent, parsedAgent, `${path}[${index}]`));
      });
      continue;
    }
    if (!(!isPlainObject(value) || !isPlainObject(child)))
      if (path.endsWith("tools.mcp_servers"))
        for (const [name, server] of Object.entries(value)) {
          const parsedServer = child[name];
          isPlainObject(server) &&
            isPlainObject(parsedServer) &&
            found.push(...unknownKeys(server, parsedServer, `${path}.${name}`));
        }
      else !path.endsWith(".env") && !path.endsWith(".headers") && found.push(...unknownKeys(value, child, path));
  }
  return found;
}
function isPlainObject(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
export {
  ConfigError,
  closestMatch,
  configSchema,
  defaultHealthPort,
  envOverrides,
  hostTimeZone,
  isTimeZone,
  loadConfig,
  parseConfigText,
  setInConfigText,
};
//# sourceMappingURL=chunk-E3XL2VA2.js.map
