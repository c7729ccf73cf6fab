import { ConfigError, loadConfig } from "../config/load.js";
import { fetchStatus, formatStatus, statusUrl } from "../health/status-view.js";
import type { GlobalOptions } from "./command-support.js";

/** `skein status`: reads the running daemon's /status and prints channels, uptime, sessions and turns. */
export async function run(options: GlobalOptions): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`skein status: ${message}\n`);
    return 1;
  };
  let url: string | undefined;
  try {
    const { config } = await loadConfig(options.config ? { configPath: options.config } : {});
    url = statusUrl(config.gateway);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (!url) {
    return fail(
      "the health endpoint is off, so there is nothing to ask.\nSet SKEIN_HEALTH_PORT (or gateway.health_port) for the daemon and for this command, then restart the daemon.",
    );
  }
  const answer = await fetchStatus(url);
  if (answer.kind === "not-running")
    return fail(
      `skein is not running: nothing answers at ${url} (${answer.reason}).\nStart it with \`skein start\`, or check SKEIN_HEALTH_PORT.`,
    );
  if (answer.kind === "bad-answer") return fail(`${url} did not answer like skein (${answer.reason})`);
  process.stdout.write(`${formatStatus(answer.report, Date.now()).join("\n")}\n`);
  return 0;
}
