#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import { askDaemon } from "./chunk-PYA2XW7F.js";
import "./chunk-5XM3NNSM.js";
import { loadConfig } from "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-QK2XCNBO.js";
import "./chunk-GZ7VATWC.js";
function statusUrl(gateway) {
  return `http://${["", "0.0.0.0", "::", "[::]"].includes(gateway.health_host) ? "127.0.0.1" : gateway.health_host.includes(":") && !gateway.health_host.startsWith("[") ? `[${gateway.health_host}]` : gateway.health_host}:${gateway.health_port}/status`;
}
async function fetchStatus(url, fetch = globalThis.fetch, timeoutMs = 5e3) {
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error ? error.cause : void 0;
    return {
      kind: "not-running",
      reason:
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${timeoutMs / 1e3} s`
          : (cause?.code ?? String(error)),
    };
  }
  const text = await response.text().catch(() => "");
  try {
    const report = JSON.parse(text);
    if (response.ok && typeof report.startedAt == "number" && typeof report.channels == "object")
      return { kind: "report", report };
  } catch {}
  return { kind: "bad-answer", reason: `HTTP ${response.status}: ${text.slice(0, 200)}` };
}
function formatDuration(totalSeconds) {
  let units = [
      ["d", 86400],
      ["h", 3600],
      ["m", 60],
      ["s", 1],
    ],
    rest = Math.max(0, Math.floor(totalSeconds)),
    parts = [];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    if (
      ((rest -= count * size),
      (count > 0 || parts.length > 0 || size === 1) && parts.push(`${count}${unit}`),
      parts.length === 2)
    )
      break;
  }
  return parts.join(" ");
}
var utc = (epochMs) => `${new Date(epochMs).toISOString().slice(0, 19).replace("T", " ")} UTC`;
function formatStatus(report, now) {
  const lines = [
      `skein ${report.version}: up ${formatDuration(report.uptimeSeconds)} (since ${utc(report.startedAt)}), ${report.ready ? "ready" : "NOT READY"}`,
    ],
    channels = Object.entries(report.channels);
  if (channels.length === 0) lines.push("channels: none configured");
  else {
    lines.push("channels:");
    const nameWidth = Math.max(...channels.map(([name]) => name.length));
    for (const [name, channel] of channels) {
      const detail = channel.detail ? `: ${channel.detail}` : "",
        age = formatDuration((now - channel.since) / 1e3),
        lease = channel.lease ? `, ${formatLease(channel.lease)}` : "";
      lines.push(
        `  ${name.padEnd(nameWidth)}  ${channel.state.padEnd(12)}  since ${utc(channel.since)} (${age})${detail}${lease}`,
      );
    }
  }
  if (
    (lines.push(`sessions: ${report.sessions} (${report.activeSessions} active)`),
    lines.push(`turns served: ${report.turnsServed}`),
    report.agents)
  ) {
    lines.push("agents:");
    const agents = Object.entries(report.agents),
      width = Math.max(...agents.map(([id]) => id.length));
    for (const [id, served] of agents)
      lines.push(`  ${id.padEnd(width)}  ${served.turnsServed} turns, ${served.sessions} sessions`);
  }
  return (
    report.models && lines.push(...formatModels(report.models, now)),
    report.cluster && lines.push(...formatCluster(report.cluster, now)),
    report.storage && lines.push(...formatStorage(report.storage, now)),
    lines
  );
}
function formatLease(lease) {
  return lease.role === "receiving"
    ? `receiving (holds ${lease.name})`
    : `sending only (${lease.holder ? `${lease.holder} receives` : `nobody holds ${lease.name} yet`})`;
}
function formatCluster(cluster, now) {
  const members = `${cluster.members} member${cluster.members === 1 ? "" : "s"}`,
    partitions = cluster.partitions.length ? `partitions ${cluster.partitions.join(" ")}` : "no partitions",
    lines = [
      `cluster: member ${cluster.member}, Redis ${cluster.redis}, ${members}, ${partitions} (${cluster.inHand} messages in hand)`,
    ],
    view = cluster.view;
  if (!view) return lines;
  const ago = (at) => `${formatDuration((now - at) / 1e3)} ago`;
  lines.push(`  as Redis showed it ${ago(view.readAt)}:`),
    lines.push(
      `  members: ${view.members.map((member) => `${member.name} (heartbeat ${ago(member.heartbeatAt)})`).join(", ")}`,
    );
  const partitionCounts = new Map(),
    others = [];
  for (const lease of view.leases)
    lease.name.startsWith("partition:")
      ? partitionCounts.set(lease.holder, (partitionCounts.get(lease.holder) ?? 0) + 1)
      : others.push(`${lease.name} held by ${lease.holder} (token ${lease.token})`);
  const held = [...partitionCounts].map(([holder, count]) => `${holder} ${count}`);
  lines.push(`  partitions held: ${held.length ? held.join(", ") : "none"}`),
    lines.push(`  other leases: ${others.length ? others.join(", ") : "none"}`);
  const byMember = Object.entries(view.pending.byMember).map(([member, count]) => `${member} ${count}`);
  return (
    lines.push(
      `  pending: ${view.unfinished} messages recorded and not complete, ${view.pending.total} of them handed out${byMember.length ? ` (${byMember.join(", ")})` : ""}`,
    ),
    lines
  );
}
function formatModels(models, now) {
  const last = models.lastFailover,
    lines = [
      `model failovers: ${models.failovers}${last ? ` (last ${utc(last.at)}: ${last.from} -> ${last.to}, ${last.reason})` : ""}`,
    ];
  for (const provider of models.providers) {
    if (provider.coolingDownUntil === void 0) continue;
    const left = formatDuration((provider.coolingDownUntil - now) / 1e3);
    lines.push(`  ${provider.name}: cooling down for ${left}${provider.lastError ? ` (${provider.lastError})` : ""}`);
  }
  return lines;
}
function formatStorage(storage, now) {
  const width = Math.max(...storage.failing.map((failure) => failure.store.length));
  return [
    "storage: NOT DURABLE (answering from memory until writes succeed again)",
    ...storage.failing.map(
      (failure) =>
        `  ${failure.store.padEnd(width)}  cannot write ${failure.path}: ${failure.cause} for ${formatDuration((now - failure.since) / 1e3)} (${failure.error})`,
    ),
  ];
}
async function run(options) {
  let home, url;
  try {
    const { config, ...loaded } = await loadConfig(options.config ? { configPath: options.config } : {});
    (home = loaded.home), (url = statusUrl(config.gateway));
  } catch (error) {
    return reportFatal(error);
  }
  let local = await askDaemon(home, "GET /status"),
    report;
  if (local.type === "answer") report = local.body;
  else {
    const answer = await fetchStatus(url);
    if (answer.kind === "bad-answer") return failWith(`${url} did not answer like skein (${answer.reason})`);
    if (answer.kind === "not-running") {
      const admin = local.type === "failed" ? `; its admin endpoint: ${local.reason}` : "";
      return failWith(`skein is not running: nothing answers at ${url} (${answer.reason})${admin}.
Start it with \`skein start\`, or check SKEIN_HOME and SKEIN_HEALTH_PORT.`);
    }
    report = answer.report;
  }
  return (
    await writeOut(
      options.json
        ? `${JSON.stringify(report, null, 2)}
`
        : `${formatStatus(report, Date.now()).join(`
`)}
`,
    ),
    0
  );
}
function failWith(message) {
  return fail(`status: ${message}`), 1;
}
export { run };
//# sourceMappingURL=status-4FTR7ELM.js.map
