import { afterEach, describe, expect, it } from "vitest";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";
import type { DaemonStatus } from "../../src/health/daemon-status.js";
import { type HealthServer, startHealthServer } from "../../src/health/health-server.js";
import { recordingLogger } from "../support/tool-context.js";

const startedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
const seconds = (n: number) => n * 1000;

/** A daemon whose clock and channels the test moves by hand. */
function fakeDaemon() {
  const daemon = {
    clock: startedAt,
    channels: {} as Record<string, ChannelStatus>,
    status: (): DaemonStatus => ({
      version: "0.1.0",
      startedAt,
      channels: structuredClone(daemon.channels),
      activeSessions: 1,
      sessions: 3,
      turnsServed: 42,
    }),
    set(name: string, state: ChannelStatus["state"], detail?: string) {
      daemon.channels[name] = { state, since: daemon.clock, ...(detail ? { detail } : {}) };
    },
  };
  return daemon;
}

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(daemon: ReturnType<typeof fakeDaemon>, unreadyAfterSeconds = 60) {
  server = await startHealthServer({
    host: "127.0.0.1",
    port: 0,
    unreadyAfterSeconds,
    status: daemon.status,
    now: () => daemon.clock,
  });
  const base = `http://127.0.0.1:${server.port}`;
  return async (path: string, init?: RequestInit) => {
    const response = await fetch(base + path, init);
    const text = await response.text();
    return { code: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
}

describe("the health server", () => {
  it("answers /healthz with ok and the uptime in seconds", async () => {
    const daemon = fakeDaemon();
    const get = await serve(daemon);
    daemon.clock += seconds(90);
    expect(await get("/healthz")).toMatchObject({ code: 200, body: { status: "ok", uptime_s: 90 } });
  });

  it("is ready while the channel is connected, and says so per channel", async () => {
    const daemon = fakeDaemon();
    daemon.set("telegram", "connected");
    const get = await serve(daemon);
    daemon.clock += seconds(3600);
    const readyz = await get("/readyz");
    expect(readyz.code).toBe(200);
    expect(readyz.body).toEqual({
      status: "ready",
      channels: { telegram: { state: "connected", since: startedAt, ready: true } },
    });
  });

  it("stays ready through a reconnect blip shorter than the threshold", async () => {
    const daemon = fakeDaemon();
    daemon.set("telegram", "connected");
    const get = await serve(daemon, 60);
    daemon.clock += seconds(10);
    daemon.set("telegram", "disconnected", "reconnecting");
    daemon.clock += seconds(60);
    const readyz = await get("/readyz");
    expect(readyz.code).toBe(200);
    expect(readyz.body.channels.telegram).toMatchObject({ state: "disconnected", ready: true });
  });

  it("fails /readyz, naming the channel and why, once it has been disconnected beyond the threshold", async () => {
    const daemon = fakeDaemon();
    daemon.set("telegram", "connected");
    daemon.set("slack", "connected");
    const get = await serve(daemon, 60);
    daemon.set("telegram", "disconnected", "getUpdates: ECONNRESET");
    const lostAt = daemon.clock;
    daemon.clock += seconds(61);
    const readyz = await get("/readyz");
    expect(readyz.code).toBe(503);
    expect(readyz.body.status).toBe("unready");
    expect(readyz.body.channels.telegram).toEqual({
      state: "disconnected",
      since: lostAt,
      detail: "getUpdates: ECONNRESET",
      ready: false,
      reason: "disconnected for 61 s (beyond the 60 s grace)",
    });
    expect(readyz.body.channels.slack).toMatchObject({ state: "connected", ready: true });
    // Liveness is not readiness: the process is still up.
    expect((await get("/healthz")).code).toBe(200);
  });

  it("is ready again once the channel reconnects", async () => {
    const daemon = fakeDaemon();
    daemon.set("discord", "disconnected");
    const get = await serve(daemon, 5);
    daemon.clock += seconds(30);
    expect((await get("/readyz")).code).toBe(503);
    daemon.set("discord", "connected");
    expect((await get("/readyz")).code).toBe(200);
  });

  it("fails /readyz at once for a failed channel", async () => {
    const daemon = fakeDaemon();
    daemon.set("slack", "failed", "invalid_auth");
    const get = await serve(daemon, 600);
    const readyz = await get("/readyz");
    expect(readyz.code).toBe(503);
    expect(readyz.body.channels.slack).toMatchObject({
      state: "failed",
      detail: "invalid_auth",
      ready: false,
      reason: "failed",
    });
  });

  it("counts a channel still starting after the threshold as unready", async () => {
    const daemon = fakeDaemon();
    daemon.set("discord", "starting");
    const get = await serve(daemon, 30);
    expect((await get("/readyz")).code).toBe(200);
    daemon.clock += seconds(31);
    expect((await get("/readyz")).code).toBe(503);
  });

  it("is ready with no channel configured", async () => {
    const get = await serve(fakeDaemon());
    expect(await get("/readyz")).toMatchObject({ code: 200, body: { status: "ready", channels: {} } });
  });

  it("serves the full daemon status on /status, with uptime and readiness", async () => {
    const daemon = fakeDaemon();
    daemon.set("telegram", "connected");
    const get = await serve(daemon);
    daemon.clock += seconds(125);
    const status = await get("/status");
    expect(status.code).toBe(200);
    expect(status.body).toEqual({
      ...daemon.status(),
      uptimeSeconds: 125,
      ready: true,
    });
  });

  it("answers HEAD like GET, without a body", async () => {
    const daemon = fakeDaemon();
    daemon.set("telegram", "failed");
    const head = await serve(daemon);
    expect(await head("/healthz", { method: "HEAD" })).toMatchObject({ code: 200, body: undefined });
    expect(await head("/readyz", { method: "HEAD" })).toMatchObject({ code: 503, body: undefined });
  });

  it("answers 404 for other paths and 405 for other methods", async () => {
    const get = await serve(fakeDaemon());
    expect((await get("/")).code).toBe(404);
    expect((await get("/metrics")).code).toBe(404);
    const post = await get("/readyz", { method: "POST" });
    expect(post.code).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers /healthz even when the status snapshot throws, and 500 on /readyz, logging both with the path", async () => {
    const { log, lines } = recordingLogger();
    server = await startHealthServer({
      log,
      host: "127.0.0.1",
      port: 0,
      unreadyAfterSeconds: 60,
      status: () => {
        throw new Error("snapshot broke");
      },
    });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const readyz = await fetch(`${base}/readyz`);
    expect(readyz.status).toBe(500);
    expect(await readyz.json()).toMatchObject({ error: "snapshot broke" });
    expect(lines.map((line) => [line.path, (line.err as { message?: string }).message])).toEqual([
      ["/healthz", "snapshot broke"],
      ["/readyz", "snapshot broke"],
    ]);
  });

  it("rejects with a clear error when the port is taken", async () => {
    const daemon = fakeDaemon();
    await serve(daemon);
    await expect(
      startHealthServer({ host: "127.0.0.1", port: server!.port, unreadyAfterSeconds: 60, status: daemon.status }),
    ).rejects.toThrow(`health endpoint cannot listen on 127.0.0.1:${server!.port}: EADDRINUSE`);
  });
});
