import { spawn } from "node:child_process";
import { chown, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { askDaemon } from "../admin/admin-client.js";
import { redisTargetOf } from "../bus/redis-target.js";
import { type LoadedConfig, loadConfig } from "../config/load.js";
import { dashboardOrigin } from "../daemon/dashboard-origin.js";
import { type DashboardSessionStore, issueLoginToken, loginTokenTtlMs } from "../dashboard/dashboard-sessions.js";
import type { GlobalOptions } from "./command-support.js";
import { type CommandIo, processIo } from "./pairing-shared.js";

export interface DashboardCommandOptions extends GlobalOptions {
  /** `--open`: open the link in the browser too. */
  open?: boolean;
  /** `--revoke-all`: end every dashboard session. */
  revokeAll?: boolean;
}

/**
 * `skein dashboard`: prints a link with a one-time login token on a line of its own (`--open`
 * also opens it), or with `--revoke-all` ends every session. The running daemon does it through
 * its admin endpoint; with the daemon stopped the token goes into the store the daemon reads when
 * it starts (files under `$SKEIN_HOME/dashboard/`, or the cluster's Redis).
 */
export async function run(options: DashboardCommandOptions, io: CommandIo = processIo): Promise<number> {
  try {
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    if (!loaded.config.dashboard.enabled) {
      io.stderr(`skein: the dashboard is off (dashboard.enabled is false in ${loaded.configPath})\n`);
      return 1;
    }
    const answer = await askDaemon<{ url?: string; revoked?: number }>(
      loaded.home,
      options.revokeAll ? "POST /dashboard/revoke-all" : "POST /dashboard/login",
    );
    if (answer.type === "failed") {
      io.stderr(`skein: ${answer.reason}\n`);
      return 1;
    }
    if (options.revokeAll) {
      const revoked =
        answer.type === "answer" ? answer.body.revoked! : await withStore(loaded, (store) => store.removeAll());
      io.stdout(`Ended ${revoked} dashboard session${revoked === 1 ? "" : "s"}; every browser must log in again.\n`);
      return 0;
    }
    let url = answer.type === "answer" ? answer.body.url! : undefined;
    if (url === undefined) {
      const { health_host: host, health_port: port } = loaded.config.gateway;
      if (port === 0) {
        io.stderr(
          "skein: skein is not running, and it picks its port when it starts (gateway.health_port is 0): start it, then run `skein dashboard` again\n",
        );
        return 1;
      }
      const token = await withStore(loaded, (store) => issueLoginToken(store, (io.now ?? Date.now)()));
      url = `${dashboardOrigin(host, port)}/login?token=${token}`;
      io.stderr("skein is not running: this link works once it is started (`skein start`).\n");
    }
    io.stdout(`Open this link to log in (it works once, within ${loginTokenTtlMs / 60_000} minutes):\n${url}\n`);
    if (options.open) openInBrowser(url, io);
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}

/** Runs `work` on the store the daemon reads at start: the cluster's Redis, or the files under `$SKEIN_HOME/dashboard/`. */
async function withStore<T>(loaded: LoadedConfig, work: (store: DashboardSessionStore) => Promise<T>): Promise<T> {
  const target = redisTargetOf(loaded.config.bus);
  if (target) {
    const [{ withClusterRedis }, { RedisDashboardSessions }] = await Promise.all([
      import("../cluster/cluster-command.js"),
      import("../cluster/redis-dashboard-sessions.js"),
    ]);
    return withClusterRedis(target, (redis, prefix) => work(new RedisDashboardSessions({ redis, prefix })));
  }
  const { DashboardSessionFiles, dashboardDir } = await import("../dashboard/session-files.js");
  const result = await work(new DashboardSessionFiles(loaded.home));
  await handToHomeOwner(loaded.home, dashboardDir(loaded.home));
  return result;
}

/** Files root wrote in a `$SKEIN_HOME` that belongs to a service user go back to that user, who must read them. */
async function handToHomeOwner(home: string, dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const owner = await stat(home).catch(() => undefined);
  if (!owner || owner.uid === 0) return;
  const paths = [dir];
  for (const sub of ["logins", "sessions"]) {
    const names = await readdir(join(dir, sub)).catch(() => [] as string[]);
    paths.push(join(dir, sub), ...names.map((name) => join(dir, sub, name)));
  }
  await Promise.all(paths.map((path) => chown(path, owner.uid, owner.gid).catch(() => undefined)));
}

/** Opens `url` with the desktop's opener (`open` on macOS, `xdg-open` elsewhere); a failure is only reported. */
function openInBrowser(url: string, io: CommandIo): void {
  const opener = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(opener, [url], { stdio: "ignore", detached: true });
    child.on("error", (error) =>
      io.stderr(`skein: could not open a browser (${opener}: ${error.message}); open the link above\n`),
    );
    child.unref();
  } catch (error) {
    io.stderr(`skein: could not open a browser (${(error as Error).message}); open the link above\n`);
  }
}
