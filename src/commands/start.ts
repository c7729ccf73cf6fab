import type { DaemonOptions } from "../daemon.js";
import { boundHeap } from "./bounded-heap.js";
import type { GlobalOptions } from "./command-support.js";

/**
 * `skein start`: the daemon, with every channel whose credentials are configured, plus
 * `channels` (none from the CLI; bench/idle-start.ts adds one that never receives).
 */
export async function run(options: GlobalOptions, channels: DaemonOptions["channels"] = []): Promise<number> {
  boundHeap();
  // Loaded only now: where boundHeap replaces the process (Node >= 22.15), what was loaded before it
  // (the config's schema, zod) would be loaded twice, ~0.15 s of CPU more to ready.
  const [
    { createDaemon, logRejectionsExitOnUncaughtException, runUntilSignalled, waitForStopSignal },
    { scrubInitialEnvironment },
    { flushCompileCache },
    { settleWithin },
    { reportFatal, writeOut },
    { reduceMemoryWhenIdle },
    { readyGuide },
  ] = await Promise.all([
    import("../daemon.js"),
    import("../sandbox/index.js"),
    import("../util/compile-cache.js"),
    import("../util/settle-within.js"),
    import("./command-support.js"),
    import("./idle-memory.js"),
    import("./start-guide.js"),
  ]);
  const stopSignal = waitForStopSignal();
  // /proc/<pid>/environ must not show the daemon's secrets to the commands it runs.
  const unscrubbed = scrubInitialEnvironment();
  const daemon = createDaemon({
    configPath: options.config,
    channels,
    service: true,
    requestStop: () => stopSignal.request(),
  });
  const removeGuard = logRejectionsExitOnUncaughtException(() => daemon.log);
  const starting = daemon.start();
  try {
    // A signal during start-up (a slow platform, an MCP server) stops it there and then.
    const early = await Promise.race([starting.then(() => undefined), stopSignal.received]);
    if (early) {
      daemon.log?.info({ signal: early }, "shutting down during start-up");
      await daemon.stop();
      await settleWithin(
        starting.catch(() => undefined),
        10_000,
      );
      removeGuard();
      return 0;
    }
  } catch (error) {
    stopSignal.dispose();
    await daemon.stop().catch(() => undefined);
    removeGuard();
    return reportFatal(error);
  }
  if (unscrubbed) daemon.log?.warn(`the daemon's initial environment could not be scrubbed: ${unscrubbed}`);
  const guide = await readyGuide({
    channels: daemon.status().channels,
    dashboard: daemon.dashboard(),
    terminal: process.stdout.isTTY === true,
  }).catch((error: unknown) => {
    daemon.log?.warn({ err: error }, "cannot issue a dashboard login link");
    return "";
  });
  if (guide) await writeOut(`${guide}\n`).catch(() => undefined);
  // What start-up compiled is on disk now, for the next start even if this one is killed.
  flushCompileCache();
  const stopReducing = reduceMemoryWhenIdle({ onActivity: (listener) => daemon.onOutcome(listener) });
  try {
    return await runUntilSignalled(daemon, daemon.log!, stopSignal);
  } finally {
    stopReducing();
    removeGuard();
  }
}
