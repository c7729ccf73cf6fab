import { askDaemon } from "../admin/admin-client.js";
import { loadConfig } from "../config/load.js";
import type { StatusReport } from "../health/health-server.js";
import { fetchStatus, formatStatus, statusUrl } from "../health/status-view.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

export interface StatusOptions extends GlobalOptions {
  /** `--json`: the status report as JSON. */
  json?: boolean;
}

/**
 * `skein status`: asks the daemon serving this `$SKEIN_HOME` (its admin endpoint), else
 * the health endpoint (`gateway.health_host:health_port`, 127.0.0.1:17870 by default),
 * and prints channels, uptime, sessions and turns.
 */
export async function run(options: StatusOptions): Promise<number> {
  let home: string;
  let url: string;
  try {
    const { config, ...loaded } = await loadConfig(options.config ? { configPath: options.config } : {});
    home = loaded.home;
    url = statusUrl(config.gateway);
  } catch (error) {
    return reportFatal(error);
  }
  const local = await askDaemon<StatusReport>(home, "GET /status");
  let report: StatusReport;
  if (local.type === "answer") report = local.body;
  else {
    const answer = await fetchStatus(url);
    if (answer.kind === "bad-answer") return failWith(`${url} did not answer like skein (${answer.reason})`);
    if (answer.kind === "not-running") {
      const admin = local.type === "failed" ? `; its admin endpoint: ${local.reason}` : "";
      return failWith(
        `skein is not running: nothing answers at ${url} (${answer.reason})${admin}.\nStart it with \`skein start\`, or check SKEIN_HOME and SKEIN_HEALTH_PORT.`,
      );
    }
    report = answer.report;
  }
  await writeOut(
    options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatStatus(report, Date.now()).join("\n")}\n`,
  );
  return 0;
}

function failWith(message: string): number {
  fail(`status: ${message}`);
  return 1;
}
