import { MAIN_AGENT } from "../../agent/agent-runtime.js";
import { type ApiRoute, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";
import { levelNumber } from "../log-ring.js";
import { subagentsView } from "./subagents-view.js";

/** `GET /api/overview`: channels, uptime, sandbox, cluster members, running sub-agents, recent warnings and the turn charts. */
export function overviewRoute(sources: DashboardSources): ApiRoute {
  const warn = levelNumber("warn")!;
  return {
    method: "GET",
    path: "/api/overview",
    handle: async () => {
      const status = sources.status();
      const { config } = sources.loaded;
      const members = status.cluster?.view?.members;
      return ok({
        version: status.version,
        started_at: new Date(status.startedAt).toISOString(),
        uptime_s: Math.max(0, Math.floor((Date.now() - status.startedAt) / 1000)),
        channels: Object.entries(status.channels).map(([name, channel]) => ({
          name,
          state: channel.state,
          ...(channel.detail && { detail: sources.redact(channel.detail) }),
        })),
        sandbox: sources.sandbox
          ? await sources.sandbox()
          : { mode: config.tools.exec.sandbox, network: config.tools.exec.network },
        cluster: status.cluster
          ? {
              members: (members ?? [{ name: status.cluster.member, heartbeatAt: Date.now() }]).map((member) => ({
                id: member.name,
                last_seen: new Date(member.heartbeatAt).toISOString(),
              })),
            }
          : null,
        agents: config.agents.list?.map((agent) => ({ id: agent.id, ...(agent.name && { name: agent.name }) })) ?? [
          { id: MAIN_AGENT },
        ],
        subagents: subagentsView(sources),
        warnings: sources.logs
          .read((line) => (levelNumber(line.level) ?? 0) >= warn, 50)
          .map(({ time, level, msg }) => ({ time, level, msg })),
        series: sources.metrics.series(),
      });
    },
  };
}
