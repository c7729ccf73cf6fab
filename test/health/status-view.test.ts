import { describe, expect, it } from "vitest";
import type { StatusReport } from "../../src/health/health-server.js";
import { formatDuration, formatStatus, statusUrl } from "../../src/health/status-view.js";

describe("skein status output", () => {
  it("formats durations with their two largest units", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45)).toBe("45s");
    expect(formatDuration(65)).toBe("1m 5s");
    expect(formatDuration(2 * 3600 + 5)).toBe("2h 0m");
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 59)).toBe("3d 4h");
  });

  it("prints uptime, readiness, each channel with its state and age, sessions and turns", () => {
    const startedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
    const report: StatusReport = {
      version: "0.1.0",
      startedAt,
      uptimeSeconds: 7500,
      ready: false,
      channels: {
        telegram: { state: "connected", since: startedAt + 1000 },
        discord: { state: "disconnected", since: startedAt + 7400_000, detail: "resuming" },
      },
      activeSessions: 1,
      sessions: 3,
      turnsServed: 42,
    };
    expect(formatStatus(report, startedAt + 7500_000)).toEqual([
      "skein 0.1.0: up 2h 5m (since 2026-01-01 12:00:00 UTC), NOT READY",
      "channels:",
      "  telegram  connected     since 2026-01-01 12:00:01 UTC (2h 4m)",
      "  discord   disconnected  since 2026-01-01 14:03:20 UTC (1m 40s): resuming",
      "sessions: 3 (1 active)",
      "turns served: 42",
    ]);
  });

  it("prints the cluster member, its Redis connection, the members and the partitions it handles", () => {
    const startedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
    const report: StatusReport = {
      version: "0.1.0",
      startedAt,
      uptimeSeconds: 60,
      ready: false,
      channels: {},
      activeSessions: 0,
      sessions: 0,
      turnsServed: 0,
      cluster: { member: "host-a:41:x1", redis: "unreachable", members: 3, partitions: [0, 4, 9], inHand: 2 },
    };
    expect(formatStatus(report, startedAt + 60_000).at(-1)).toBe(
      "cluster: member host-a:41:x1, Redis unreachable, 3 members, partitions 0 4 9 (2 messages in hand)",
    );
  });

  it("says of each leased connection whether this process receives on it or only sends, and who receives", () => {
    const startedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
    const report: StatusReport = {
      version: "0.1.0",
      startedAt,
      uptimeSeconds: 60,
      ready: true,
      channels: {
        telegram: {
          state: "connected",
          since: startedAt,
          lease: { name: "connection:telegram:123", role: "receiving", holder: "host-a:41:x1" },
        },
        discord: {
          state: "connected",
          since: startedAt,
          lease: { name: "connection:discord:ab12", role: "sending", holder: "host-b:7:y2" },
        },
        slack: { state: "connected", since: startedAt, lease: { name: "connection:slack:x", role: "sending" } },
      },
      activeSessions: 0,
      sessions: 0,
      turnsServed: 0,
    };
    expect(formatStatus(report, startedAt + 60_000).slice(2, 5)).toEqual([
      "  telegram  connected     since 2026-01-01 12:00:00 UTC (1m 0s), receiving (holds connection:telegram:123)",
      "  discord   connected     since 2026-01-01 12:00:00 UTC (1m 0s), sending only (host-b:7:y2 receives)",
      "  slack     connected     since 2026-01-01 12:00:00 UTC (1m 0s), sending only (nobody holds connection:slack:x yet)",
    ]);
  });

  it("asks the loopback address when the health endpoint listens on every interface", () => {
    expect(statusUrl({ health_port: 8080, health_host: "0.0.0.0", unready_after: 60 })).toBe(
      "http://127.0.0.1:8080/status",
    );
    expect(statusUrl({ health_port: 8080, health_host: "::1", unready_after: 60 })).toBe("http://[::1]:8080/status");
  });
});
