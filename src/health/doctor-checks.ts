import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { access, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { type CheckResult, fail, ok, warn } from "../checks/check-result.js";
import type { SkeinConfig } from "../config/schema.js";
import { unusableWorkspaceReason } from "../config/workspace-dir.js";
import { silentLogger } from "../log.js";
import type { connectMcpServers, McpHub } from "../tools/mcp/hub.js";
import { rejectOnAbort } from "../util/settle-within.js";

export interface WorkspaceCheckOptions {
  /**
   * The workspace is the default `$SKEIN_HOME/workspace`, which `skein start` creates:
   * on a fresh machine it need not exist yet, only be creatable.
   */
  isDefault?: boolean;
}

/**
 * The workspace exists, is a directory, and a file can be created and deleted in it.
 * A default workspace that does not exist yet passes when it can be created.
 */
export async function checkWorkspace(workspace: string, options: WorkspaceCheckOptions = {}): Promise<CheckResult> {
  const unusable = unusableWorkspaceReason(workspace);
  if (unusable)
    return fail(
      "workspace",
      `${workspace} cannot be used: ${unusable}`,
      "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory",
    );
  try {
    if (!(await stat(workspace)).isDirectory()) {
      return fail(
        "workspace",
        `${workspace} is not a directory`,
        "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory",
      );
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && options.isDefault && (await canCreate(workspace))) {
      return ok("workspace", `${workspace} does not exist yet; skein start creates it`);
    }
    if (code === "ENOENT")
      return fail("workspace", `${workspace} does not exist`, `mkdir -p ${workspace}  (skein start also creates it)`);
    return fail("workspace", `${workspace} cannot be read (${code})`, `make it readable by ${currentUser()}`);
  }
  const probeFile = join(workspace, `.skein-doctor-${randomUUID()}`);
  try {
    await writeFile(probeFile, "", { flag: "wx" });
    await unlink(probeFile);
    return ok("workspace", `${workspace} is writable`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      "workspace",
      `${workspace} is not writable (${code})`,
      `make it writable by ${currentUser()}: chown -R ${currentUser()} ${workspace}`,
    );
  }
}

/** The deepest existing ancestor of `path` is a directory this process may write to. */
async function canCreate(path: string): Promise<boolean> {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    try {
      if (!(await stat(dir)).isDirectory()) return false;
      await access(dir, constants.W_OK | constants.X_OK);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dir === dirname(dir)) return false;
    }
  }
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "?"}`;
  }
}

/** The daemon's `connectMcpServers`, its SDK loaded only when called. */
const connectLazily: typeof connectMcpServers = async (options) =>
  (await import("../tools/mcp/hub.js")).connectMcpServers(options);

/** Connects every configured MCP server (as the daemon does), reports each, and closes them. */
export async function checkMcpServers(
  config: SkeinConfig,
  timeoutMs: number,
  connect: typeof connectMcpServers = connectLazily,
): Promise<CheckResult[]> {
  const configured = config.tools.mcp_servers;
  if (Object.keys(configured).length === 0) return [];
  const signal = AbortSignal.timeout(timeoutMs);
  let connecting: Promise<McpHub> | undefined;
  try {
    connecting = connect({
      servers: configured,
      registry: { register: () => {}, unregister: () => false },
      log: silentLogger(),
      signal,
    });
    // Do not trust a hanging connect to honour the signal.
    const hub = await rejectOnAbort(connecting, signal);
    try {
      const reported = hub.servers();
      const results = reported.map((server): CheckResult => {
        const name = `mcp ${server.name}`;
        if (server.state === "connected") return ok(name, `connected, ${server.tools.length} tools`);
        if (server.state === "skipped") return warn(name, `skipped${server.error ? `: ${server.error}` : ""}`);
        return fail(
          name,
          `failed: ${server.error ?? "unknown error"}`,
          `check tools.mcp_servers.${server.name} (command, args, url); \`skein mcp check\` shows more`,
        );
      });
      for (const name of Object.keys(configured)) {
        if (!reported.some((server) => server.name === name))
          results.push(warn(`mcp ${name}`, "configured but not reported by the MCP hub"));
      }
      return results;
    } finally {
      await hub.close();
    }
  } catch (error) {
    // A hub that connects after the timeout must still be shut down.
    void connecting?.then(
      (late) => late.close(),
      () => {},
    );
    const reason = signal.aborted
      ? `no answer within ${timeoutMs / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return [
      fail(
        "mcp",
        `connecting the MCP servers failed: ${reason}`,
        "check tools.mcp_servers; `skein mcp check` shows more",
      ),
    ];
  }
}

/** Whether commands the agent runs are sandboxed (`tools.exec.sandbox`), probing bubblewrap. */
export async function checkSandbox(config: SkeinConfig, workspace: string, bwrap?: string): Promise<CheckResult> {
  const { sandboxCheck } = await import("../sandbox/index.js");
  const { sandbox: mode, network } = config.tools.exec;
  // The probe binds the workspace; before it exists, any directory shows whether bubblewrap runs.
  const probeDir = await stat(workspace).then(
    (stats) => (stats.isDirectory() ? workspace : tmpdir()),
    () => tmpdir(),
  );
  const result = await sandboxCheck({ mode, network, workspace: probeDir, ...(bwrap ? { bwrap } : {}) });
  const remedy =
    result.outcome === "fail"
      ? (result.remedy ?? "")
      : mode === "none"
        ? "install bubblewrap and remove tools.exec.sandbox"
        : 'set tools.exec.network to "public" unless commands must reach this machine\'s own network';
  if (result.outcome === "ok") return ok("sandbox", result.detail);
  return result.outcome === "warn" ? warn("sandbox", result.detail, remedy) : fail("sandbox", result.detail, remedy);
}

/** Whether the `browser` tool is on (`tools.browser`), and why not: Chromium not found, and how to install it. */
export async function checkBrowser(
  config: SkeinConfig,
  where: { path: string | undefined; chromium?: string | undefined },
): Promise<CheckResult> {
  const { browserState, CHROMIUM_REMEDY } = await import("../browser/index.js");
  const { browser, web_fetch } = config.tools;
  const state = browserState({ ...browser, executable: where.chromium ?? browser.executable }, where.path ?? "");
  if (!state.on)
    return browser.enabled === false
      ? ok("browser", `off (${state.reason})`)
      : warn("browser", `off: ${state.reason}`, CHROMIUM_REMEDY);
  if (state.executable === undefined)
    return fail("browser", `tools.browser.enabled is true, but ${state.reason}`, CHROMIUM_REMEDY);
  const reach =
    browser.allow_private || web_fetch.allow_private
      ? "every address, the host's own and private networks included (allow_private)"
      : "public addresses only";
  return ok(
    "browser",
    `on: ${state.executable}, one per conversation (at most ${browser.max_open}), where commands run; ${reach}`,
  );
}
