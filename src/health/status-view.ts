import type { ChannelLeaseStatus } from "../channel-kit/channel.js";
import type { FetchLike } from "../checks/http-probe.js";
import type { SkeinConfig } from "../config/schema.js";
import type { StatusReport } from "./health-server.js";

/** Where `skein status` finds the daemon: its health host (loopback when bound to all interfaces) and port. */
export function statusUrl(gateway: Omit<SkeinConfig["gateway"], "hosts">): string {
  const anyHost = ["", "0.0.0.0", "::", "[::]"].includes(gateway.health_host);
  const host = anyHost
    ? "127.0.0.1"
    : gateway.health_host.includes(":") && !gateway.health_host.startsWith("[")
      ? `[${gateway.health_host}]`
      : gateway.health_host;
  return `http://${host}:${gateway.health_port}/status`;
}

export type StatusFetch =
  | { kind: "report"; report: StatusReport }
  | { kind: "not-running"; reason: string }
  | { kind: "bad-answer"; reason: string };

/** Reads the running daemon's `/status`; never throws. */
export async function fetchStatus(
  url: string,
  fetch: FetchLike = globalThis.fetch,
  timeoutMs = 5_000,
): Promise<StatusFetch> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      kind: "not-running",
      reason: timedOut ? `no answer within ${timeoutMs / 1000} s` : (cause?.code ?? String(error)),
    };
  }
  const text = await response.text().catch(() => "");
  try {
    const report = JSON.parse(text) as StatusReport;
    if (response.ok && typeof report.startedAt === "number" && typeof report.channels === "object")
      return { kind: "report", report };
  } catch {}
  return { kind: "bad-answer", reason: `HTTP ${response.status}: ${text.slice(0, 200)}` };
}

/** `2h 5m`, `45s`, `3d 4h`: the two largest units. */
export function formatDuration(totalSeconds: number): string {
  const units: Array<[string, number]> = [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ];
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    // After the first unit the next one is printed even when zero ("2h 0m").
    if (count > 0 || parts.length > 0 || size === 1) parts.push(`${count}${unit}`);
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

const utc = (epochMs: number) => `${new Date(epochMs).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The lines `skein status` prints for a report read at `now` (epoch ms). */
export function formatStatus(report: StatusReport, now: number): string[] {
  const lines = [
    `skein ${report.version}: up ${formatDuration(report.uptimeSeconds)} (since ${utc(report.startedAt)}), ${report.ready ? "ready" : "NOT READY"}`,
  ];
  const channels = Object.entries(report.channels);
  if (channels.length === 0) {
    lines.push("channels: none configured");
  } else {
    lines.push("channels:");
    const nameWidth = Math.max(...channels.map(([name]) => name.length));
    for (const [name, channel] of channels) {
      const detail = channel.detail ? `: ${channel.detail}` : "";
      const age = formatDuration((now - channel.since) / 1000);
      const lease = channel.lease ? `, ${formatLease(channel.lease)}` : "";
      lines.push(
        `  ${name.padEnd(nameWidth)}  ${channel.state.padEnd(12)}  since ${utc(channel.since)} (${age})${detail}${lease}`,
      );
    }
  }
  lines.push(`sessions: ${report.sessions} (${report.activeSessions} active)`);
  lines.push(`turns served: ${report.turnsServed}`);
  if (report.subagents) lines.push(`sub-agents: ${report.subagents.running} running`);
  if (report.agents) {
    lines.push("agents:");
    const agents = Object.entries(report.agents);
    const width = Math.max(...agents.map(([id]) => id.length));
    for (const [id, served] of agents)
      lines.push(`  ${id.padEnd(width)}  ${served.turnsServed} turns, ${served.sessions} sessions`);
  }
  if (report.models) lines.push(...formatModels(report.models, now));
  if (report.cluster) lines.push(...formatCluster(report.cluster, now));
  if (report.storage) lines.push(...formatStorage(report.storage, now));
  return lines;
}

/** `receiving (holds connection:telegram:123)` or `sending only (host:2:cd receives)`: who receives on a leased connection. */
function formatLease(lease: ChannelLeaseStatus): string {
  if (lease.role === "receiving") return `receiving (holds ${lease.name})`;
  return `sending only (${lease.holder ? `${lease.holder} receives` : `nobody holds ${lease.name} yet`})`;
}

/**
 * `cluster: member host:1:ab, Redis connected, 3 members, partitions 0 4 9 (2 messages in hand)`,
 * then what Redis showed of the whole cluster: each member's last heartbeat, who holds the
 * partitions and the other leases, and the messages not complete yet.
 */
function formatCluster(cluster: NonNullable<StatusReport["cluster"]>, now: number): string[] {
  const members = `${cluster.members} member${cluster.members === 1 ? "" : "s"}`;
  const partitions = cluster.partitions.length ? `partitions ${cluster.partitions.join(" ")}` : "no partitions";
  const lines = [
    `cluster: member ${cluster.member}, Redis ${cluster.redis}, ${members}, ${partitions} (${cluster.inHand} messages in hand)`,
  ];
  const view = cluster.view;
  if (!view) return lines;
  const ago = (at: number) => `${formatDuration((now - at) / 1000)} ago`;
  lines.push(`  as Redis showed it ${ago(view.readAt)}:`);
  lines.push(
    `  members: ${view.members.map((member) => `${member.name} (heartbeat ${ago(member.heartbeatAt)})`).join(", ")}`,
  );
  const partitionCounts = new Map<string, number>();
  const others: string[] = [];
  for (const lease of view.leases) {
    if (lease.name.startsWith("partition:"))
      partitionCounts.set(lease.holder, (partitionCounts.get(lease.holder) ?? 0) + 1);
    else others.push(`${lease.name} held by ${lease.holder} (token ${lease.token})`);
  }
  const held = [...partitionCounts].map(([holder, count]) => `${holder} ${count}`);
  lines.push(`  partitions held: ${held.length ? held.join(", ") : "none"}`);
  lines.push(`  other leases: ${others.length ? others.join(", ") : "none"}`);
  const byMember = Object.entries(view.pending.byMember).map(([member, count]) => `${member} ${count}`);
  lines.push(
    `  pending: ${view.unfinished} messages recorded and not complete, ${view.pending.total} of them handed out${byMember.length ? ` (${byMember.join(", ")})` : ""}`,
  );
  return lines;
}

/** The model layer's lines: failovers, and each provider cooling down after a failure. */
function formatModels(models: NonNullable<StatusReport["models"]>, now: number): string[] {
  const last = models.lastFailover;
  const lines = [
    `model failovers: ${models.failovers}${last ? ` (last ${utc(last.at)}: ${last.from} -> ${last.to}, ${last.reason})` : ""}`,
  ];
  for (const provider of models.providers) {
    if (provider.coolingDownUntil === undefined) continue;
    const left = formatDuration((provider.coolingDownUntil - now) / 1000);
    lines.push(`  ${provider.name}: cooling down for ${left}${provider.lastError ? ` (${provider.lastError})` : ""}`);
  }
  return lines;
}

/**
 * `storage: NOT DURABLE (answering from memory)`, then one line per failing store:
 * `  journal  cannot write /home/.skein/state/journal.jsonl: ENOSPC for 42s (ENOSPC: no space left on device, write)`.
 */
function formatStorage(storage: NonNullable<StatusReport["storage"]>, now: number): string[] {
  const width = Math.max(...storage.failing.map((failure) => failure.store.length));
  return [
    "storage: NOT DURABLE (answering from memory until writes succeed again)",
    ...storage.failing.map(
      (failure) =>
        `  ${failure.store.padEnd(width)}  cannot write ${failure.path}: ${failure.cause} for ${formatDuration((now - failure.since) / 1000)} (${failure.error})`,
    ),
  ];
}
