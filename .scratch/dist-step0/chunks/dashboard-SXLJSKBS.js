#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { processIo } from "./chunk-6MTWHA4Y.js";
import { dashboardOrigin } from "./chunk-NEJLPROV.js";
import { askDaemon } from "./chunk-PYA2XW7F.js";
import "./chunk-5XM3NNSM.js";
import { issueLoginToken, loginTokenTtlMs } from "./chunk-65VAGGUT.js";
import "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import { loadConfig } from "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-QK2XCNBO.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
import { spawn } from "node:child_process";
import { chown, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
async function run(options, io = processIo) {
  try {
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    if (!loaded.config.dashboard.enabled)
      return (
        io.stderr(`skein: the dashboard is off (dashboard.enabled is false in ${loaded.configPath})
`),
        1
      );
    const answer = await askDaemon(
      loaded.home,
      options.revokeAll ? "POST /dashboard/revoke-all" : "POST /dashboard/login",
    );
    if (answer.type === "failed")
      return (
        io.stderr(`skein: ${answer.reason}
`),
        1
      );
    if (options.revokeAll) {
      const revoked =
        answer.type === "answer" ? answer.body.revoked : await withStore(loaded, (store) => store.removeAll());
      return (
        io.stdout(`Ended ${revoked} dashboard session${revoked === 1 ? "" : "s"}; every browser must log in again.
`),
        0
      );
    }
    let url = answer.type === "answer" ? answer.body.url : void 0;
    if (url === void 0) {
      const { health_host: host, health_port: port } = loaded.config.gateway;
      if (port === 0)
        return (
          io.stderr(
            "skein: skein is not running, and it picks its port when it starts (gateway.health_port is 0): start it, then run `skein dashboard` again\n",
          ),
          1
        );
      const token = await withStore(loaded, (store) => issueLoginToken(store, (io.now ?? Date.now)()));
      (url = `${dashboardOrigin(host, port)}/login?token=${token}`),
        io.stderr("skein is not running: this link works once it is started (`skein start`).\n");
    }
    return (
      io.stdout(`Open this link to log in (it works once, within ${loginTokenTtlMs / 6e4} minutes):
${url}
`),
      options.open && openInBrowser(url, io),
      0
    );
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
async function withStore(loaded, work) {
  const { redis_url: url, redis_password: password } = loaded.config.bus;
  if (url) {
    const [{ withClusterRedis }, { RedisDashboardSessions }] = await Promise.all([
      import("./cluster-command-E57OS7UY.js"),
      import("./redis-dashboard-sessions-XTANULKN.js"),
    ]);
    return withClusterRedis({ url, ...(password ? { password } : {}) }, (redis, prefix) =>
      work(new RedisDashboardSessions({ redis, prefix })),
    );
  }
  const { DashboardSessionFiles, dashboardDir } = await import("./session-files-CDGA7PA5.js"),
    result = await work(new DashboardSessionFiles(loaded.home));
  return await handToHomeOwner(loaded.home, dashboardDir(loaded.home)), result;
}
async function handToHomeOwner(home, dir) {
  if (process.getuid?.() !== 0) return;
  const owner = await stat(home).catch(() => {});
  if (!owner || owner.uid === 0) return;
  const paths = [dir];
  for (const sub of ["logins", "sessions"]) {
    const names = await readdir(join(dir, sub)).catch(() => []);
    paths.push(join(dir, sub), ...names.map((name) => join(dir, sub, name)));
  }
  await Promise.all(paths.map((path) => chown(path, owner.uid, owner.gid).catch(() => {})));
}
function openInBrowser(url, io) {
  const opener = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(opener, [url], { stdio: "ignore", detached: !0 });
    child.on("error", (error) =>
      io.stderr(`skein: could not open a browser (${opener}: ${error.message}); open the link above
`),
    ),
      child.unref();
  } catch (error) {
    io.stderr(`skein: could not open a browser (${error.message}); open the link above
`);
  }
}
export { run };
//# sourceMappingURL=dashboard-SXLJSKBS.js.map
