import { join } from "node:path";
import {
  configuredChannels,
  noChannelText,
  noPlatformText,
  platformChannel,
  settingsOf,
} from "../channel-catalog/loader.js";
import { type CheckResult, fail, ok, warn } from "../checks/check-result.js";
import { type FetchLike, proxiedFetch } from "../checks/http-probe.js";
import { ConfigError, type LoadedConfig, loadConfig } from "../config/load.js";
import { modelConfigured } from "../config/model-configured.js";
import { configSecrets, redactSecrets } from "../config/secrets.js";
import type { connectMcpServers } from "../tools/mcp/hub.js";
import { checkBrowser, checkMcpServers, checkSandbox, checkWorkspace } from "./doctor-checks.js";
import { checkLlms } from "./llm-check.js";
import { checkRedis } from "./redis-check.js";

export interface DoctorOptions {
  /** `--config FILE`. */
  configPath?: string;
  /** Environment (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Where `.env` is looked for (default `process.cwd()`). */
  cwd?: string;
  ignoreDotEnv?: boolean;
  /** The fetch network checks use (default the global fetch, or a proxied one for a channel with `proxy`). */
  fetch?: FetchLike;
  /** Time limit of each network check in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Time limit for connecting every MCP server in milliseconds (default 30 s). */
  mcpTimeoutMs?: number;
  /** Connects the MCP servers (default the daemon's `connectMcpServers`). */
  connectMcp?: typeof connectMcpServers;
  /** The bubblewrap binary the sandbox check probes (default `bwrap` on PATH). */
  bwrap?: string;
  /** The Chromium the browser check looks for (default `tools.browser.executable`, else the names on PATH). */
  chromium?: string;
  /** Receives each output line, without the newline (default: stdout). */
  write?: (line: string) => void;
  /** ✓/✗ marks instead of ok/FAIL (default: stdout is a TTY). */
  symbols?: boolean;
  /** One JSON document (`{"ok":…,"results":[…]}`) at the end instead of a line per check. */
  json?: boolean;
}

export interface DoctorReport {
  results: CheckResult[];
  /** 0 when nothing failed, 1 otherwise. */
  exitCode: number;
}

/**
 * `skein doctor`: checks the config, the workspace, the LLM endpoint, each configured
 * channel's credentials, each MCP server and, clustered, Redis, and prints one line per check (with a
 * remedy under each failure), in a fixed order as soon as each is known. Secrets from
 * the config never appear in the output.
 */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const symbols = options.symbols ?? Boolean(process.stdout.isTTY);
  const results: CheckResult[] = [];
  let secrets: string[] = [];
  const print = (result: CheckResult) => {
    results.push(result);
    if (options.json) return;
    for (const line of formatCheck(result, symbols)) write(redactSecrets(line, secrets));
  };

  let loaded: LoadedConfig;
  try {
    loaded = await loadConfig({
      ...(options.configPath ? { configPath: options.configPath } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.ignoreDotEnv ? { ignoreDotEnv: true } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const remedy =
      error instanceof ConfigError
        ? "fix the keys named above (`skein config check` validates without starting)"
        : "check the file's permissions";
    print(fail("config", message, remedy));
    return finish(1);
  }
  secrets = configSecrets(loaded.config);
  print(
    ok(
      "config",
      loaded.fileFound
        ? `${loaded.configPath} is valid`
        : `no config file at ${loaded.configPath}; using defaults and the environment`,
    ),
  );
  for (const warning of loaded.warnings) print(warn("config", warning, "remove or correct the key"));

  const timeoutMs = options.timeoutMs ?? 10_000;
  const probeWith = (proxy?: string) => ({ fetch: options.fetch ?? (proxy ? proxiedFetch(proxy) : fetch), timeoutMs });
  const { config } = loaded;
  const channels = configuredChannels(config);
  const pending: Array<Promise<CheckResult | CheckResult[]>> = [
    checkWorkspace(loaded.workspace, { isDefault: loaded.workspace === join(loaded.home, "workspace") }),
    checkSandbox(config, loaded.workspace, options.bwrap),
    checkBrowser(config, { path: loaded.env.PATH, chromium: options.chromium }),
    checkLlms(config, probeWith()),
    ...channels.map((name) =>
      platformChannel(name)!.checkCredentials(settingsOf(config, name) as never, { probeWith }),
    ),
    checkMcpServers(config, options.mcpTimeoutMs ?? 30_000, options.connectMcp),
    checkRedis(config, timeoutMs).then((result) => (result ? [result] : [])),
  ];
  if (channels.length === 0) {
    // With a model, `skein start` runs with the dashboard's web chat alone; without one, nothing runs.
    const { problem, remedy } =
      modelConfigured(config) && config.dashboard.enabled ? noPlatformText() : noChannelText();
    pending.push(Promise.resolve(warn("channels", problem, remedy)));
  }
  // Started together, printed in order.
  for (const result of pending) [await result.catch(unexpected)].flat().forEach(print);
  return finish(results.some((result) => result.outcome === "fail") ? 1 : 0);

  function finish(exitCode: number): DoctorReport {
    write(
      options.json
        ? redactSecrets(JSON.stringify({ ok: exitCode === 0, results }, null, 2), secrets)
        : summary(results),
    );
    return { results, exitCode };
  }
}

/** A check that threw is a bug, but still one failing line rather than a crashed doctor. */
function unexpected(error: unknown): CheckResult {
  return fail(
    "doctor",
    `a check crashed: ${error instanceof Error ? error.message : String(error)}`,
    "please report this",
  );
}

const marks = {
  symbols: { ok: "✓", warn: "!", fail: "✗" },
  plain: { ok: "ok  ", warn: "warn", fail: "FAIL" },
} as const;

/** `✓ workspace     /srv/skein/workspace is writable`, plus an indented `fix:` line for warnings and failures. */
export function formatCheck(result: CheckResult, symbols: boolean): string[] {
  const mark = (symbols ? marks.symbols : marks.plain)[result.outcome];
  const indent = " ".repeat(mark.length + 1 + 14);
  const lines = [`${mark} ${result.name.padEnd(13)} ${result.detail.replaceAll("\n", `\n${indent}`)}`];
  if (result.remedy) lines.push(`${indent}fix: ${result.remedy}`);
  return lines;
}

/** `all 5 checks passed`, or how many passed, warned and failed: `5 checks: 3 passed, 1 warning, 1 failed`. */
function summary(results: CheckResult[]): string {
  const count = (outcome: CheckResult["outcome"]) => results.filter((result) => result.outcome === outcome).length;
  const [passed, warned, failed] = [count("ok"), count("warn"), count("fail")];
  const total = `${results.length} check${results.length === 1 ? "" : "s"}`;
  if (passed === results.length) return `all ${total} passed`;
  const parts = [
    ...(passed ? [`${passed} passed`] : []),
    ...(warned ? [`${warned} warning${warned === 1 ? "" : "s"}`] : []),
    ...(failed ? [`${failed} failed`] : []),
  ];
  return `${total}: ${parts.join(", ")}`;
}
