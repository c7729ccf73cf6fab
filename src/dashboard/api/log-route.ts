import { type ApiRoute, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";
import { levelNumber } from "../log-ring.js";

/** `GET /api/logs?level=&channel=&limit=`: the last log records (redacted like the log file), filtered. */
export function logRoute(sources: DashboardSources): ApiRoute {
  return {
    method: "GET",
    path: "/api/logs",
    handle: async ({ url }) => {
      const minimum = levelNumber(url.searchParams.get("level") ?? "") ?? 0;
      const channel = url.searchParams.get("channel") || undefined;
      const limit = Math.min(1_000, Math.max(1, Number(url.searchParams.get("limit")) || 200));
      return ok({
        lines: sources.logs.read(
          (line) => (levelNumber(line.level) ?? 0) >= minimum && (!channel || line.channel === channel),
          limit,
        ),
      });
    },
  };
}
