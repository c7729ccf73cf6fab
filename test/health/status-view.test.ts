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

  it("prints what Redis showed of the whole cluster: heartbeats, lease holders and pending messages", () => {
    const startedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
    const now = startedAt + 60_000;
    const report: StatusReport = {
      version: "0.1.0",
      startedAt,
      uptimeSeconds: 60,
      ready: true,
      channels: {},
      activeSessions: 0,
      sessions: 0,
      turnsServed: 0,
      cluster: {
        member: "a:1:x",
        redis: "connected",
        members: 2,
        partitions: [0, 1],
        inHand: 1,
        view: {
          readAt: now - 2_000,
          members: [
            { name: "a:1:x", heartbeatAt: now - 3_000 },
            { name: "b:2:y", heartbeatAt: now - 4_000 },
          ],
          leases: [
            { name: "connection:telegram", holder: "b:2:y", token: 4 },
            { name: "partition:0", holder: "a:1:x", token: 1 },
            { name: "partition:1", holder: "a:1:x", token: 2 },
            { name: "partition:2", holder: "b:2:y", token: 3 },
            { name: "scheduler", holder: "a:1:x", token: 7 },
          ],
          unfinished: 5,
          pending: { total: 3, byMember: { "a:1:x": 1, "b:2:y": 2 } },
        },
      },
    };
    expect(formatStatus(report, now).slice(-6)).toEqual([
      "cluster: member a:1:x, Redis connected, 2 members, partitions 0 1 (1 messages in hand)",
      "  as Redis showed it 2s ago:",
      "  members: a:1:x (heartbeat 3s ago), b:2:y (heartbeat 4s ago)",
      "  partitions held: a:1:x 2, b:2:y 1",
      "  other leases: connection:telegram held by b:2:y (token 4), scheduler held by a:1:x (token 7)",
      "  pending: 5 messages recorded and not complete, 3 of them handed out (a:1:x 1, b:2:y 2)",
    ]);
  });

  it("asks the loopback address when the health endpoint listens on every interface", () => {
    expect(statusUrl({ health_port: 8080, health_host: "0.0.0.0", unready_after: 60 })).toBe(
      "http://127.0.0.1:8080/status",
    );
    expect(statusUrl({ health_port: 8080, health_host: "::1", unready_after: 60 })).toBe("http://[::1]:8080/status");
  });
});
