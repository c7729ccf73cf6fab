import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/commands/dashboard.js";
import { loadConfig } from "../../src/config/load.js";
import { DashboardLogins } from "../../src/dashboard/dashboard-sessions.js";
import { DashboardSessionFiles } from "../../src/dashboard/session-files.js";
import { loginUrlIn } from "../support/dashboard-client.js";

/** `skein dashboard` with the daemon stopped, and the session rules, in-process (no daemon, no port). */

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-dashboard-"));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function dashboard(args: { open?: boolean; revokeAll?: boolean } = {}, env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await run(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { HOME: home, SKEIN_HOME: home, ...env },
    cwd: home,
  });
  return { code, stdout, stderr };
}

describe("skein dashboard with the daemon stopped", () => {
  it("writes a token the daemon accepts once it starts, and prints the link for the configured port", async () => {
    const printed = await dashboard({}, { SKEIN_HEALTH_PORT: "17999" });
    expect(printed.code).toBe(0);
    expect(printed.stderr).toContain("skein is not running");
    const url = loginUrlIn(printed.stdout);
    expect(url.origin).toBe("http://127.0.0.1:17999");
    const logins = new DashboardLogins({ store: new DashboardSessionFiles(home), sessionTtlSeconds: 60 });
    const opened = await logins.login(url.searchParams.get("token")!);
    expect(opened?.session.expiresAt).toBeGreaterThan(Date.now());
    expect(await logins.login(url.searchParams.get("token")!)).toBeUndefined();
    expect(await logins.session(opened!.token)).toMatchObject({ id: opened!.session.id });

    const revoked = await dashboard({ revokeAll: true });
    expect(revoked.stdout).toContain("Ended 1 dashboard session");
    expect(await logins.session(opened!.token)).toBeUndefined();
  });

  it("says the daemon must run when its port is picked at start (gateway.health_port 0)", async () => {
    const printed = await dashboard({}, { SKEIN_HEALTH_PORT: "0" });
    expect(printed.code).toBe(1);
    expect(printed.stderr).toContain("start it, then run `skein dashboard` again");
  });

  it("refuses when dashboard.enabled is false", async () => {
    const config = join(home, "off.json");
    await writeFile(config, JSON.stringify({ dashboard: { enabled: false } }));
    const printed = await dashboard({}, { SKEIN_CONFIG: config });
    expect(printed.code).toBe(1);
    expect(printed.stderr).toContain("dashboard.enabled is false");
  });
});

describe("dashboard sessions", () => {
  it("expire after dashboard.session_ttl seconds, and a login token after 15 minutes", async () => {
    let now = Date.now();
    const logins = new DashboardLogins({
      store: new DashboardSessionFiles(home),
      sessionTtlSeconds: 3600,
      now: () => now,
    });
    const stale = await logins.issueLoginToken();
    now += 15 * 60_000 + 1;
    expect(await logins.login(stale)).toBeUndefined();
    const opened = await logins.login(await logins.issueLoginToken());
    now += 3600_000 - 1;
    expect(await logins.session(opened!.token)).toBeDefined();
    now += 2;
    expect(await logins.session(opened!.token)).toBeUndefined();
  });
});

describe("gateway.bind", () => {
  it("is the interface the gateway binds, winning over gateway.health_host with a warning", async () => {
    const config = join(home, "bind.json");
    await writeFile(config, JSON.stringify({ gateway: { bind: "0.0.0.0", health_host: "127.0.0.2" } }));
    const loaded = await loadConfig({ configPath: config, env: { HOME: home, SKEIN_HOME: home }, cwd: home });
    expect(loaded.config.gateway.health_host).toBe("0.0.0.0");
    expect(loaded.warnings.join()).toContain("gateway.bind (0.0.0.0) wins over gateway.health_host (127.0.0.2)");
    const byEnv = await loadConfig({ env: { HOME: home, SKEIN_HOME: home, SKEIN_GATEWAY_BIND: "::1" }, cwd: home });
    expect(byEnv.config.gateway.health_host).toBe("::1");
    expect(byEnv.warnings).toEqual([]);
  });
});
