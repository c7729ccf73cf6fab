import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeCredentials } from "../fakes/fake-credentials.js";
import { spawnSkein, type SkeinProcess } from "../support/skein-process.js";

/**
 * `skein start` (the built CLI) serves the health endpoints. The always-connected "idle"
 * channel (SKEIN_BENCH_IDLE_CHANNEL=1) stands in for a platform, so no SDK is needed.
 */

let home: string;
let platforms: FakeCredentials;
let daemon: SkeinProcess | undefined;

beforeAll(async () => {
  [home, platforms] = await Promise.all([
    mkdtemp(join(tmpdir(), "skein-start-health-")),
    FakeCredentials.start({ telegram: "1:right", slackBot: "", slackApp: "", discord: "" }),
  ]);
});
afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
});
afterAll(async () => {
  await Promise.all([platforms.close(), rm(home, { recursive: true, force: true })]);
});

/** Starts the daemon with the health endpoint on port 0 and resolves with the port it bound once it logs "skein ready" (rejects if it exits first). */
async function startDaemon(env: Record<string, string>): Promise<{ port: number }> {
  daemon = spawnSkein(["start"], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, OPENAI_API_KEY: "sk-test", SKEIN_HEALTH_PORT: "0", SKEIN_BENCH_IDLE_CHANNEL: "1", ...env },
  });
  const listening = await daemon.waitForLine("health endpoint listening");
  await daemon.waitFor('"msg":"skein ready"');
  return { port: Number(listening.port) };
}

async function get(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { code: response.status, body: (await response.json()) as Record<string, any> };
}

describe("skein start with SKEIN_HEALTH_PORT", () => {
  it("serves /healthz, /readyz and /status while its channel is connected, and stops cleanly on SIGTERM", async () => {
    const { port } = await startDaemon({});
    expect(await get(port, "/healthz")).toMatchObject({ code: 200, body: { status: "ok" } });
    const readyz = await get(port, "/readyz");
    expect(readyz).toMatchObject({ code: 200, body: { status: "ready", channels: { idle: { state: "connected", ready: true } } } });
    const status = await get(port, "/status");
    expect(status.body).toMatchObject({ version: "0.1.0", ready: true, turnsServed: 0, sessions: 0, channels: { idle: { state: "connected" } } });

    expect(await daemon!.stop()).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("fails /readyz, naming the channel, when a configured channel cannot start", async () => {
    const { port } = await startDaemon({ TELEGRAM_BOT_TOKEN: "1:wrong", TELEGRAM_API_ROOT: platforms.telegramApiRoot });
    expect((await get(port, "/healthz")).code).toBe(200);
    const readyz = await get(port, "/readyz");
    expect(readyz.code).toBe(503);
    expect(readyz.body.status).toBe("unready");
    expect(readyz.body.channels.telegram).toMatchObject({ state: "failed", ready: false });
    expect(readyz.body.channels.idle).toMatchObject({ state: "connected", ready: true });
  });
});
