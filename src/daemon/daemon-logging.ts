import type { AgentLoop } from "../agent/agent-loop.js";
import type { SkeinConfig } from "../config/schema.js";
import type { DashboardEvents } from "../dashboard/dashboard-events.js";
import type { LogRing } from "../dashboard/log-ring.js";
import type { TurnMetrics } from "../dashboard/turn-metrics.js";
import { createLogger, type Logger } from "../log.js";
import type { Redactor } from "../util/redactor.js";

/** The daemon's logger and, when the dashboard is served, its log tail and turn charts. */
export interface DaemonLogging {
  log: Logger;
  /** The newest log lines, for the dashboard's log page. */
  logRing?: LogRing;
  /** Turn latencies, for the dashboard's charts. */
  turnMetrics?: TurnMetrics;
}

/**
 * Opens the daemon's logger (`given` when the caller brings one), through `redactor`, to `log_file`
 * for the service; the dashboard's log tail and turn charts exist only when it is served (their
 * modules are imported only then).
 */
export async function openDaemonLogging(
  config: SkeinConfig,
  redactor: Redactor,
  options: { service?: boolean | undefined; given?: Logger | undefined; level?: string | undefined },
): Promise<DaemonLogging> {
  const logRing =
    options.service && config.dashboard.enabled ? new (await import("../dashboard/log-ring.js")).LogRing() : undefined;
  const turnMetrics = logRing && new (await import("../dashboard/turn-metrics.js")).TurnMetrics();
  const log =
    options.given ??
    (await createLogger({
      level: options.level ?? config.log_level,
      redactor,
      file: options.service ? config.log_file : undefined,
      ...(logRing && { tap: logRing.add }),
    }));
  return { log, ...(logRing && { logRing }), ...(turnMetrics && { turnMetrics }) };
}

/**
 * Charts each answered turn's latency, and tells the dashboard's browsers (while any listens) that
 * a conversation and the overview changed.
 */
export function chartTurns(agent: AgentLoop, metrics: TurnMetrics, events: () => DashboardEvents | undefined): void {
  agent.onOutcome((outcome) => {
    // A sub-agent's result turn would chart the child's whole run as its latency.
    if (outcome.status === "answered" && !outcome.message.delegation)
      metrics.add(Date.now() - outcome.message.receivedAt);
    const listening = events();
    if (!listening?.listening) return;
    listening.publish("conversation", { key: outcome.sessionKey });
    listening.publish("overview");
  });
}
