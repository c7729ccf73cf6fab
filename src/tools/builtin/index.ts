import type { LookupFunction } from "node:net";
import type { Logger } from "pino";
import type { PairingStore } from "../../access/pairing-store.js";
import { type BrowserPool, browserState } from "../../browser/index.js";
import type { SkeinConfig } from "../../config/schema.js";
import { configSecrets, environmentSecrets } from "../../config/secrets.js";
import { commandEnvironment, describeSandbox, resolveSandbox, type SandboxDecision } from "../../sandbox/index.js";
import type { ToolSink } from "../tool-sink.js";
import { browserTool } from "./browser.js";
import { delegateTool } from "./delegate.js";
import { execShellTool } from "./exec-shell.js";
import { fileTools } from "./files.js";
import { memoryTools } from "./memory.js";
import { memoryNoteTools, noteFiles } from "./memory-notes.js";
import { MemoryFile, type MemoryStore, type NoteStore } from "./memory-store.js";
import { messageTool } from "./message.js";
import { type MessageTargetOptions, messageTargetRule } from "./message-targets.js";
import { type SchedulePort, scheduleTool } from "./schedule.js";
import { searchFilesTool } from "./search-files.js";
import { secretEgressGuard } from "./secret-egress.js";
import { spawnTool } from "./spawn.js";
import { webFetchTool } from "./web-fetch.js";
import { webSearchTool } from "./web-search.js";

export interface BuiltinToolDeps {
  config: SkeinConfig;
  /** Absolute path of the workspace (the file tools' sandbox); it exists. */
  workspace: string;
  /** `$SKEIN_HOME`: per-user notes live there, out of every file tool's and command's reach. */
  home: string;
  /** Where approved senders are kept (the `message` tool's "known" targets); default: the files under `home`. */
  pairings?: Pick<PairingStore, "isApproved">;
  /** Whether a conversation with a chat is stored (the `message` tool's "known" targets); default none. */
  hasConversation?: (channel: string, chatId: string) => Promise<boolean>;
  /** With several agents: the agent these tools are for (the `message` and `schedule` tools reach its chats only). */
  agent?: MessageTargetOptions["agent"];
  log: Logger;
  /** The daemon's environment, from which commands get only a safe base (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Aborted at shutdown: kills background processes (default: never). */
  signal?: AbortSignal;
  /** DNS lookup used by web_fetch before connecting (default `dns.lookup`); tests inject one. */
  lookup?: LookupFunction;
  /** fetch for web_search (default the global one). */
  fetch?: typeof globalThis.fetch;
  /** Where commands run (default: decided from `tools.exec.sandbox` by probing bubblewrap once). */
  sandbox?: SandboxDecision;
  /** Only listing the tools (`skein tools`): no bubblewrap probe, no move of the notes (default false). */
  listOnly?: boolean;
  /** The scheduler behind the `schedule` tool (no such tool without it). */
  scheduler?: SchedulePort;
  /** Where MEMORY.md lives (default the workspace file; Redis in cluster mode). */
  memory?: MemoryStore;
  /** Paths bound read-only into every command's sandbox at the same path, as they are at each call (the skill folders). */
  readOnlyBinds?: () => readonly string[];
  /** Where per-user notes live (default files under `$SKEIN_HOME/notes`; Redis in cluster mode). */
  notes?: NoteStore;
  /** The daemon's browsers (the `browser` tool is offered with them, when `tools.browser` is on). */
  browsers?: BrowserPool;
  /**
   * The daemon's secret values, which no web_fetch or web_search request may carry (default: the
   * config's secrets and the values of the environment's credential-like variables).
   */
  secrets?: readonly string[];
}

/** Decides where commands run and says so in the log: an error when they are refused, a warning when not isolated. */
function commandSandbox(deps: BuiltinToolDeps): SandboxDecision {
  const { exec } = deps.config.tools;
  if (deps.listOnly) return resolveSandbox({ mode: "none", workspace: deps.workspace });
  const decision =
    deps.sandbox ??
    resolveSandbox({
      mode: exec.sandbox,
      workspace: deps.workspace,
      network: exec.network,
      limits: { processes: exec.max_processes, memoryMb: exec.max_memory_mb },
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
  void decision.then((sandbox) => {
    if (sandbox.type === "unavailable")
      deps.log.error(`exec_shell and spawn are refused: ${sandbox.reason}; ${sandbox.remedy}`);
    else {
      const { ok, text } = describeSandbox(sandbox);
      if (ok) deps.log.info({ network: exec.network }, text);
      else deps.log.warn(text);
    }
  });
  return decision;
}

/** The variables a browser shown on a screen needs (`tools.browser.headless: false`); none is a secret. */
const DISPLAY_KEYS = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"] as const;

/** The `browser` tool, when the daemon has browsers and `tools.browser` is on (or `listOnly` and it would be). */
function browserTools(deps: BuiltinToolDeps, sandbox: SandboxDecision) {
  const { browser, web_fetch } = deps.config.tools;
  const state = browserState(browser, (deps.env ?? process.env).PATH);
  if (!state.on || (!deps.browsers && !deps.listOnly)) return [];
  const env = deps.env ?? process.env;
  const display = browser.headless
    ? {}
    : Object.fromEntries(DISPLAY_KEYS.flatMap((key) => (env[key] === undefined ? [] : [[key, env[key]!]])));
  const settings = {
    executable: state.executable,
    headless: browser.headless,
    timeoutMs: browser.timeout * 1000,
    idleTimeoutMs: browser.idle_timeout * 1000,
    allowPrivate: browser.allow_private || web_fetch.allow_private,
    evaluate: browser.evaluate,
  };
  const profile = { workspace: deps.workspace, sandbox, settings, env: { ...commandEnvironment(env, {}), ...display } };
  const pool = deps.browsers;
  return [
    browserTool(
      {
        act: (sessionKey, action) =>
          pool ? pool.act(sessionKey, profile, action) : Promise.reject(new Error("no browsers here")),
      },
      { timeoutMs: settings.timeoutMs, evaluate: settings.evaluate, allowPrivate: settings.allowPrivate },
    ),
  ];
}

/**
 * Registers every built-in tool: files, shell, spawn, web, memory, message, delegate and (given a scheduler) schedule.
 * Returns where commands run (the sandbox decision, made once).
 */
export function registerBuiltinTools(registry: ToolSink, deps: BuiltinToolDeps): { sandbox: SandboxDecision } {
  const { workspace, config } = deps;
  const commandOptions = {
    workspace,
    env: commandEnvironment(deps.env ?? process.env, config.tools.exec.env),
    sandbox: commandSandbox(deps),
    ...(config.tools.exec.allow ? { allow: config.tools.exec.allow } : {}),
    ...(deps.readOnlyBinds ? { readOnlyBinds: deps.readOnlyBinds } : {}),
  };
  const targetRule = messageTargetRule({
    targets: config.tools.message.targets,
    config,
    home: deps.home,
    ...(deps.pairings ? { pairings: deps.pairings } : {}),
    ...(deps.hasConversation
      ? { hasConversation: ({ channel, chatId }) => deps.hasConversation!(channel, chatId) }
      : {}),
    ...(deps.agent && { agent: deps.agent }),
  });
  const leaksSecret = secretEgressGuard(
    deps.secrets ?? [...configSecrets(config), ...environmentSecrets(deps.env ?? process.env)],
  );
  const tools = [
    ...fileTools(workspace, deps.readOnlyBinds),
    searchFilesTool(workspace),
    execShellTool(commandOptions),
    spawnTool({ ...commandOptions, ...(deps.signal ? { signal: deps.signal } : {}) }),
    webFetchTool({
      allowPrivate: config.tools.web_fetch.allow_private,
      leaksSecret,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    }),
    webSearchTool({ ...config.tools.web_search, fetch: deps.fetch ?? globalThis.fetch, leaksSecret }),
    ...memoryTools(deps.memory ?? new MemoryFile(workspace)),
    ...memoryNoteTools(
      deps.notes ??
        noteFiles({
          workspace,
          home: deps.home,
          migrate: !deps.listOnly,
          onMigrated: (users) =>
            deps.log.info({ users }, "moved per-user notes out of the workspace into $SKEIN_HOME/notes"),
          onMigrationFailed: (error) =>
            deps.log.error({ err: error }, "could not move per-user notes out of the workspace"),
        }),
    ),
    messageTool(targetRule, { workspace }),
    delegateTool({ timeoutSeconds: config.agents.defaults.subagents.timeout }),
    ...(deps.scheduler ? [scheduleTool(deps.scheduler, targetRule)] : []),
    ...browserTools(deps, commandOptions.sandbox),
  ];
  for (const tool of tools) registry.register(tool as never);
  return { sandbox: commandOptions.sandbox };
}
