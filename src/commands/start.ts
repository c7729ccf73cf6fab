import type { GlobalOptions } from "./command-support.js";
import type { Channel } from "../channel-kit/channel.js";
import { settleWithin } from "../util/settle-within.js";
import { reportFatal } from "./command-support.js";

/**
 * `skein start`: the daemon, with every channel whose credentials are configured.
 * (For benchmarks only: SKEIN_BENCH_IDLE_CHANNEL=1 adds a channel that never receives,
 * so the daemon can start without any platform.)
 */
export async function run(options: GlobalOptions): Promise<number> {
  const { createDaemon, logRejectionsExitOnUncaughtException, runUntilSignalled, waitForStopSignal } = await import("../daemon.js");
  const stopSignal = waitForStopSignal();
  const daemon = createDaemon({
    configPath: options.config,
    channels: process.env.SKEIN_BENCH_IDLE_CHANNEL === "1" ? [{ name: "idle", create: idleChannel }] : [],
  });
  const removeGuard = logRejectionsExitOnUncaughtException(() => daemon.log);
  const starting = daemon.start();
  try {
    // A signal during start-up (a slow platform, an MCP server) stops it there and then.
    const early = await Promise.race([starting.then(() => undefined), stopSignal.received]);
    if (early) {
      daemon.log?.info({ signal: early }, "shutting down during start-up");
      await daemon.stop();
      await settleWithin(starting.catch(() => undefined), 10_000);
      removeGuard();
      return 0;
    }
  } catch (error) {
    stopSignal.dispose();
    await daemon.stop().catch(() => undefined);
    removeGuard();
    return reportFatal(error);
  }
  try {
    return await runUntilSignalled(daemon, daemon.log!, stopSignal);
  } finally {
    removeGuard();
  }
}

function idleChannel(): Channel {
  let state: ReturnType<Channel["status"]> = { state: "connected", since: Date.now() };
  return {
    name: "idle",
    start: async () => {},
    send: async () => {},
    stop: async () => {
      state = { state: "stopped", since: Date.now() };
    },
    status: () => state,
  };
}
