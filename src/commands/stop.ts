import { askDaemon } from "../admin/admin-client.js";
import { loadConfig } from "../config/load.js";
import { abortableSleep } from "../util/sleep.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal } from "./command-support.js";

export interface StopOptions extends GlobalOptions {
  /** How long to wait for the daemon to exit (default 60 s: its grace period for turns in flight, and the rest). */
  waitMs?: number;
}

/**
 * `skein stop`: asks the daemon serving this `$SKEIN_HOME` to stop through its admin endpoint (as SIGTERM
 * does: the turns in flight finish, what is cut short stays journaled) and waits until its process exited.
 * Nothing running is no failure: it says so and exits 0.
 */
export async function run(options: StopOptions): Promise<number> {
  let home: string;
  try {
    home = (await loadConfig(options.config ? { configPath: options.config } : {})).home;
  } catch (error) {
    return reportFatal(error);
  }
  const answer = await askDaemon<{ pid: number }>(home, "POST /stop");
  if (answer.type === "not-running") {
    process.stderr.write(`skein is not running (no daemon serves ${home})\n`);
    return 0;
  }
  if (answer.type === "failed") {
    fail(`stop: ${answer.reason}`);
    return 1;
  }
  const { pid } = answer.body;
  process.stderr.write(`skein (pid ${pid}) is stopping: finishing the turns in flight…\n`);
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  while (running(pid)) {
    if (Date.now() > deadline) {
      fail(
        `stop: skein (pid ${pid}) is still running after ${(options.waitMs ?? 60_000) / 1000} s; \`kill ${pid}\` stops it at once`,
      );
      return 1;
    }
    await abortableSleep(100);
  }
  process.stderr.write(`skein stopped\n`);
  return 0;
}

/** Whether a process of this pid exists (one of another user's counts: EPERM). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
