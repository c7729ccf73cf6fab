import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeTelegram } from "../fakes/fake-telegram.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

/**
 * `skein start` (the built CLI) serves the health endpoints, with Telegram connected to a
 * fake Bot API.
 */

let home: string;
let telegram: FakeTelegram;
let daemon: SkeinProcess | undefined;

beforeAll(async () => {
  [home, telegram] = await Promise.all([mkdtemp(join(tmpdir(), "skein-start-health-")), FakeTelegram.start()]);
});
afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
});
afterAll(async () => {
  await Promise.all([telegram.close(), rm(home, { recursive: true, force: true })]);
});

/** Starts the daemon with the health endpoint on port 0 and resolves with the port it bound once it logs "skein ready" (rejects if it exits first). */
async function startDaemon(env: Record<string, string>): Promise<{ port: number }> {
  daemon = spawnSkein(["start"], {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      SKEIN_HOME: home,
      OPENAI_API_KEY: "sk-test",
      SKEIN_HEALTH_PORT: "0",
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ...env,
    },
  });
  const listening = await daemon.waitForLine("health endpoint listening");
  await daemon.waitFor('"msg":"skein ready"');
  return { port: Number(listening.port) };
}

async function get(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { code: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("skein start with SKEIN_HEALTH_PORT", () => {
  it("serves /healthz, /readyz and /status while its channel is connected, and stops cleanly on SIGTERM", async () => {
    const { port } = await startDaemon({});
    expect(await get(port, "/healthz")).toMatchObject({ code: 200, body: { status: "ok" } });
    const readyz = await get(port, "/readyz");
    expect(readyz).toMatchObject({
      code: 200,
      body: { status: "ready", channels: { telegram: { state: "connected", ready: true } } },
    });
    const status = await get(port, "/status");
    expect(status.body).toMatchObject({
      version: "0.1.0",
      ready: true,
      turnsServed: 0,
      sessions: 0,
      channels: { telegram: { state: "connected" } },
    });

    expect(await daemon!.stop()).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("fails /readyz, naming the channel, when a configured channel cannot start", async () => {
    // A Slack bot token without an app token or signing secret cannot work.
    const { port } = await startDaemon({ SLACK_BOT_TOKEN: "xoxb-alone" });
    expect((await get(port, "/healthz")).code).toBe(200);
    const readyz = await get(port, "/readyz");
    expect(readyz.code).toBe(503);
    expect(readyz.body.status).toBe("unready");
    expect(readyz.body.channels).toMatchObject({
      slack: { state: "failed", ready: false },
      telegram: { state: "connected", ready: true },
    });
  });
});
