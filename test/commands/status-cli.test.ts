import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startHealthServer } from "../../src/health/health-server.js";
import { refusedPort } from "../fakes/refused-port.js";
import { cliPath } from "../support/cli-path.js";

let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-status-"));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

function status(env: Record<string, string>) {
  return execa(process.execPath, [cliPath, "status"], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, ...env },
    extendEnv: false,
    reject: false,
  });
}

describe("the built skein status", () => {
  it("prints the running daemon's channels, uptime, sessions and turns", async () => {
    const startedAt = Date.now() - 3_700_000;
    const server = await startHealthServer({
      host: "127.0.0.1",
      port: 0,
      unreadyAfterSeconds: 60,
      status: () => ({
        version: "0.1.0",
        startedAt,
        channels: { telegram: { state: "connected", since: startedAt } },
        activeSessions: 2,
        sessions: 5,
        turnsServed: 17,
      }),
    });
    try {
      const result = await status({ SKEIN_HEALTH_PORT: String(server.port) });
      expect(result.stderr).toBe("");
      expect(result.exitCode).toBe(0);
      const lines = result.stdout.split("\n");
      expect(lines[0]).toMatch(/^skein 0\.1\.0: up 1h 1m \(since .* UTC\), ready$/);
      expect(lines).toContain("sessions: 5 (2 active)");
      expect(lines).toContain("turns served: 17");
      expect(result.stdout).toMatch(/^ {2}telegram {2}connected +since .* \(1h 1m\)$/m);
    } finally {
      await server.close();
    }
  });

  it("says the daemon is not running when nothing answers, and exits non-zero", async () => {
    const { port, release } = await refusedPort();
    onTestFinished(release);
    const result = await status({ SKEIN_HEALTH_PORT: String(port) });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `skein is not running: nothing answers at http://127.0.0.1:${port}/status (ECONNREFUSED)`,
    );
  });

  it("prints the report as JSON with --json", async () => {
    const startedAt = Date.now() - 5_000;
    const server = await startHealthServer({
      host: "127.0.0.1",
      port: 0,
      unreadyAfterSeconds: 60,
      status: () => ({ version: "0.1.0", startedAt, channels: {}, activeSessions: 0, sessions: 1, turnsServed: 3 }),
    });
    try {
      const result = await execa(process.execPath, [cliPath, "status", "--json"], {
        cwd: home,
        env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, SKEIN_HEALTH_PORT: String(server.port) },
        extendEnv: false,
        reject: false,
      });
      expect(result.exitCode).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ version: "0.1.0", sessions: 1, turnsServed: 3, ready: true });
    } finally {
      await server.close();
    }
  });
});
