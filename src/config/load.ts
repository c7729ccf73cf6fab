import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { platformChannels } from "../channel-catalog/loader.js";
import type { EnvConversion } from "../channel-kit/channel-descriptor.js";
import { closestMatch } from "../util/did-you-mean.js";
import { parseConfigText } from "./config-file.js";
import { configSchema, type SkeinConfig } from "./schema.js";
import { knownKeysBeside } from "./schema-keys.js";

/** Why the configuration could not be loaded. */
export type ConfigErrorKind = "unreadable" | "invalid-json" | "invalid";

/** A configuration that cannot be used; the message names the key and the problem. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly kind: ConfigErrorKind,
    message: string,
    readonly issues: string[] = [],
  ) {
    super(message);
  }
}

export interface LoadConfigOptions {
  /** `--config FILE`; else SKEIN_CONFIG; else `$SKEIN_HOME/config.json` (optional). */
  configPath?: string;
  /** Environment (default `process.env`); `.env` in `cwd` fills what it does not set. */
  env?: NodeJS.ProcessEnv;
  /** Where `.env` is looked for (default `process.cwd()`). */
  cwd?: string;
  /** Skip loading `.env` (tests). */
  ignoreDotEnv?: boolean;
}

export interface LoadedConfig {
  config: SkeinConfig;
  /** `$SKEIN_HOME`, absolute (default `~/.skein`). */
  home: string;
  /** The workspace directory, absolute (default `$SKEIN_HOME/workspace`). */
  workspace: string;
  /** The config file that was read or would be read. */
  configPath: string;
  fileFound: boolean;
  /** Non-fatal findings, e.g. unknown keys. */
  warnings: string[];
  /** The merged environment (process env over `.env`). */
  env: NodeJS.ProcessEnv;
  /** Where the keys that are not defaults came from: the file's object as read, and each key an environment variable set. */
  origins?: ConfigOrigins;
}

/** Where the configuration's values came from (the dashboard's config page shows it per key). */
export interface ConfigOrigins {
  /** The config file's object as read (before the environment). */
  file: Record<string, unknown>;
  /** Dotted key -> the variable that set it, and whether `.env` (not the real environment) held it. */
  env: Record<string, { variable: string; dotEnv: boolean }>;
}

/** Sets the config key at `path` from an environment variable's value. */
type Setter = ((raw: Record<string, unknown>, value: string) => void) & { path: string };

function at(path: string, convert: (value: string) => unknown = (value) => value): Setter {
  const keys = path.split(".");
  const set = (raw: Record<string, unknown>, value: string) => {
    let node = raw;
    for (const key of keys.slice(0, -1)) {
      const child = node[key];
      node[key] = typeof child === "object" && child !== null ? child : {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1)!] = convert(value);
  };
  return Object.assign(set, { path });
}

const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const number = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value);
/** `true`/`1`/`yes`/`on` or `false`/`0`/`no`/`off`; anything else is left for the schema to refuse. */
const boolean = (value: string) => {
  const word = value.trim().toLowerCase();
  if (["true", "1", "yes", "on"].includes(word)) return true;
  if (["false", "0", "no", "off"].includes(word)) return false;
  return value;
};

/** Environment variables and the config keys they override (documented in .env.example). */
export const envOverrides: Record<string, Setter> = {
  OPENAI_API_KEY: at("providers.openai.api_key"),
  OPENAI_BASE_URL: at("providers.openai.base_url"),
  ANTHROPIC_API_KEY: at("providers.anthropic.api_key"),
  ANTHROPIC_BASE_URL: at("providers.anthropic.base_url"),
  SKEIN_MODEL: at("agents.defaults.model"),
  SKEIN_WORKSPACE: at("agents.defaults.workspace"),
  SKEIN_LOG_LEVEL: at("log_level"),
  SKEIN_LOG_FILE: at("log_file"),
  SKEIN_HEALTH_PORT: at("gateway.health_port", number),
  SKEIN_GATEWAY_PORT: at("gateway.port", number),
  SKEIN_GATEWAY_BIND: at("gateway.bind"),
  SKEIN_REDIS_URL: at("bus.redis_url"),
  SKEIN_REDIS_PASSWORD: at("bus.redis_password"),
  SKEIN_REDIS_SENTINELS: at("bus.sentinel.nodes", list),
  SKEIN_REDIS_MASTER: at("bus.sentinel.master"),
  SKEIN_REDIS_SENTINEL_PASSWORD: at("bus.sentinel.sentinel_password"),
  BRAVE_API_KEY: at("tools.web_search.api_key"),
  SEARXNG_URL: at("tools.web_search.endpoint"),
  ...channelEnvOverrides(),
};

/** Each plugin's environment variables (from its descriptor), set under `channels.<name>`. */
function channelEnvOverrides(): Record<string, Setter> {
  const conversions: Record<EnvConversion, (value: string) => unknown> = {
    text: (value) => value,
    list,
    number,
    boolean,
  };
  const setters: Record<string, Setter> = {};
  for (const descriptor of platformChannels) {
    for (const [variable, binding] of Object.entries(descriptor.env)) {
      const { key, as } = typeof binding === "string" ? { key: binding, as: "text" as const } : binding;
      setters[variable] = at(`channels.${descriptor.name}.${key}`, conversions[as]);
    }
  }
  return setters;
}

function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}

async function readDotEnv(cwd: string): Promise<Record<string, string>> {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError("unreadable", `cannot read ${path}: ${(error as Error).message}`);
  }
  const garbage = firstGarbageLine(text);
  if (garbage)
    throw new ConfigError(
      "invalid",
      `${path}:${garbage.number}: not a NAME=value line: ${JSON.stringify(garbage.text.slice(0, 60))} (comment it out with #, or fix it)`,
    );
  // Not `import { parseEnv } from "node:util"`: on Node 24 importing node:util as an ES module (or listing its
  // exports, as a bundler's interop does) loads all its lazy exports, worker threads among them (~1.5 MB resident).
  return process.getBuiltinModule("node:util").parseEnv(text) as Record<string, string>;
}

/** The first line of a `.env` text that is neither blank, a comment, nor `NAME=value` (quoted values may span lines). */
function firstGarbageLine(text: string): { number: number; text: string } | undefined {
  const lines = text.split(/\r?\n/);
  let openQuote: string | undefined;
  for (const [index, line] of lines.entries()) {
    if (openQuote) {
      if (line.includes(openQuote)) openQuote = undefined;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const assignment = /^(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=\s*(.*)$/.exec(trimmed);
    if (!assignment) return { number: index + 1, text: line };
    const value = assignment[1]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === "`") && !value.slice(1).includes(quote)) openQuote = quote;
  }
  return undefined;
}

/** A key's path as people write it: `agents.list[1].id`. */
function keyPathOf(path: PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : `${index ? "." : ""}${String(part)}`))
    .join("");
}

/** `key: problem`, naming the environment variable when one set the key. */
function describeIssue(issue: { path: PropertyKey[]; message: string }, setBy: Map<string, string>): string {
  const key = keyPathOf(issue.path) || "(root)";
  const variable = [...setBy].find(([path]) => key === path || key.startsWith(`${path}.`))?.[1];
  return `${key}${variable ? ` (from ${variable})` : ""}: ${issue.message}`;
}

/**
 * Loads the configuration: defaults, then the config file, then `.env`, then the
 * environment. An invalid config throws a {@link ConfigError} naming each bad key.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const dotEnv = options.ignoreDotEnv ? {} : await readDotEnv(cwd);
  const env: NodeJS.ProcessEnv = { ...dotEnv, ...(options.env ?? process.env) };
  const userHome = env.HOME || homedir();
  const home = resolve(cwd, expandHome(env.SKEIN_HOME || join(userHome, ".skein"), userHome));
  const configPath = resolve(
    cwd,
    expandHome(options.configPath ?? env.SKEIN_CONFIG ?? join(home, "config.json"), userHome),
  );

  let raw: Record<string, unknown> = {};
  let fileFound = false;
  try {
    const text = await readFile(configPath, "utf8");
    fileFound = true;
    const read = await parseConfigText(text);
    if (read.type === "syntax-error") {
      throw new ConfigError(
        "invalid-json",
        `${configPath} is not valid JSON: line ${read.line}, column ${read.column}: ${read.message}`,
      );
    }
    if (read.type === "not-an-object") {
      throw new ConfigError("invalid", `${configPath}: the top level must be a JSON object`);
    }
    raw = read.value;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // The default location is optional; a file named explicitly must exist.
    if (code !== "ENOENT" || options.configPath || env.SKEIN_CONFIG) {
      throw new ConfigError("unreadable", `cannot read config file ${configPath}: ${(error as Error).message}`);
    }
  }

  const setBy = new Map<string, string>();
  const file = structuredClone(raw);
  const realEnv = options.env ?? process.env;
  for (const [name, set] of Object.entries(envOverrides)) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    set(raw, value);
    setBy.set(set.path, name);
  }
  const origins: ConfigOrigins = {
    file,
    env: Object.fromEntries(
      [...setBy].map(([path, variable]) => [path, { variable, dotEnv: realEnv[variable] === undefined }]),
    ),
  };

  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => describeIssue(issue, setBy));
    // One problem is one line (a terminal shows it as the command's one error line); several, one each.
    const listed = issues.length === 1 ? ` ${issues[0]}` : `\n  ${issues.join("\n  ")}`;
    throw new ConfigError("invalid", `invalid configuration (${configPath}):${listed}`, issues);
  }
  const warnings = unknownKeys(raw, parsed.data as unknown as Record<string, unknown>).map((key) => {
    // An agent's keys are those of agents.defaults (and tools), so a misspelt one is looked for there.
    const near = closestMatch(
      key.split(".").at(-1)!,
      knownKeysBeside(
        key.replace(/^agents\.list\[\d+\]/, "agents.defaults").replace(/^agents\.defaults\.tools/, "tools"),
      ),
    );
    return `unknown config key "${key}" is ignored${near ? ` (did you mean "${near}"?)` : ""}`;
  });
  const config = parsed.data;
  const { bind, health_host: healthHost } = config.gateway;
  if (bind !== undefined) {
    if ("health_host" in ((raw.gateway as Record<string, unknown> | undefined) ?? {}) && healthHost !== bind)
      warnings.push(`gateway.bind (${bind}) wins over gateway.health_host (${healthHost}); drop one of them`);
    config.gateway.health_host = bind;
  }
  const workspace = resolve(home, expandHome(config.agents.defaults.workspace ?? join(home, "workspace"), userHome));
  config.agents.defaults.workspace = workspace;
  for (const agent of config.agents.list ?? [])
    if (agent.workspace) agent.workspace = resolve(home, expandHome(agent.workspace, userHome));
  return { config, home, workspace, configPath, fileFound, warnings, env, origins };
}

/** Keys present in the raw config but dropped by the schema (typos, mostly). */
function unknownKeys(raw: Record<string, unknown>, parsed: Record<string, unknown>, prefix = ""): string[] {
  const found: string[] = [];
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
        if (isPlainObject(agent) && isPlainObject(parsedAgent))
          found.push(...unknownKeys(agent, parsedAgent, `${path}[${index}]`));
      });
      continue;
    }
    if (!isPlainObject(value) || !isPlainObject(child)) continue;
    if (path.endsWith("tools.mcp_servers")) {
      // A record of servers: each server's own keys are checked, not the names.
      for (const [name, server] of Object.entries(value)) {
        const parsedServer = child[name];
        if (isPlainObject(server) && isPlainObject(parsedServer))
          found.push(...unknownKeys(server, parsedServer, `${path}.${name}`));
      }
    } else if (!path.endsWith(".env") && !path.endsWith(".headers")) {
      found.push(...unknownKeys(value, child, path));
    }
  }
  return found;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
