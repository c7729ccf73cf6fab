#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { reportFatal } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import { scrubInitialEnvironment } from "./chunk-2C6HCPTY.js";
import { settleWithin } from "./chunk-TLEM5GPM.js";
import "./chunk-GZ7VATWC.js";
import { setFlagsFromString } from "node:v8";
var heapGrowingPercent = 30,
  semiSpaceMb = 8;
function nodeFlagGiven(name, execArgv, environment) {
  const fromOptions = (environment.NODE_OPTIONS ?? "").split(/\s+/);
  return [...execArgv, ...fromOptions].some((flag) => {
    const spelled = flag.replaceAll("_", "-");
    return spelled === `--${name}` || spelled.startsWith(`--${name}=`);
  });
}
function boundHeap(options = {}) {
  const environment = options.environment ?? process.env,
    execArgv = options.execArgv ?? process.execArgv,
    given = (name) => nodeFlagGiven(name, execArgv, environment);
  given("heap-growing-percent") || setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  const execve = "execve" in options ? options.execve : process.execve?.bind(process);
  if (!(!execve || given("max-semi-space-size") || given("max-heap-size")))
    try {
      execve(
        process.execPath,
        [process.execPath, `--max-semi-space-size=${semiSpaceMb}`, ...execArgv, ...process.argv.slice(1)],
        environment,
      );
    } catch {}
}
import { setFlagsFromString as setFlagsFromString2 } from "node:v8";
import { runInNewContext } from "node:vm";
function memoryReducingCollection() {
  const given = globalThis.gc;
  if (typeof given == "function") return () => given({ type: "major", execution: "sync", flavor: "last-resort" });
  try {
    setFlagsFromString2("--expose-gc");
    const gc = runInNewContext("gc");
    return typeof gc == "function" ? () => gc({ type: "major", execution: "sync", flavor: "last-resort" }) : void 0;
  } catch {
    return;
  } finally {
    setFlagsFromString2("--no-expose-gc");
  }
}
function reduceMemoryWhenIdle(options) {
  const given = "collect" in options ? options.collect : memoryReducingCollection();
  if (!given) return () => {};
  let collect = given,
    quietMs = options.quietMs ?? 5e3,
    minIntervalMs = options.minIntervalMs ?? 6e4,
    now = options.now ?? Date.now,
    lastActivity = now(),
    lastCollected = Number.NEGATIVE_INFINITY,
    timer,
    arm = (delayMs) => {
      (timer = setTimeout(check, delayMs)), timer.unref();
    };
  function check() {
    timer = void 0;
    const at = now(),
      wait = Math.max(quietMs - (at - lastActivity), minIntervalMs - (at - lastCollected));
    wait > 0 ? arm(wait) : ((lastCollected = at), collect());
  }
  const unsubscribe = options.onActivity(() => {
    (lastActivity = now()), timer || arm(quietMs);
  });
  return (
    arm(quietMs),
    () => {
      unsubscribe(), clearTimeout(timer);
    }
  );
}
async function run(options, channels = []) {
  boundHeap();
  const { createDaemon, logRejectionsExitOnUncaughtException, runUntilSignalled, waitForStopSignal } = await import(
      "./daemon-TIMUGTM6.js"
    ),
    stopSignal = waitForStopSignal(),
    unscrubbed = scrubInitialEnvironment(),
    daemon = createDaemon({ configPath: options.config, channels, service: !0 }),
    removeGuard = logRejectionsExitOnUncaughtException(() => daemon.log),
    starting = daemon.start();
  try {
    const early = await Promise.race([starting.then(() => {}), stopSignal.received]);
    if (early)
      return (
        daemon.log?.info({ signal: early }, "shutting down during start-up"),
        await daemon.stop(),
        await settleWithin(
          starting.catch(() => {}),
          1e4,
        ),
        removeGuard(),
        0
      );
  } catch (error) {
    return stopSignal.dispose(), await daemon.stop().catch(() => {}), removeGuard(), reportFatal(error);
  }
  unscrubbed && daemon.log?.warn(`the daemon's initial environment could not be scrubbed: ${unscrubbed}`);
  const stopReducing = reduceMemoryWhenIdle({ onActivity: (listener) => daemon.onOutcome(listener) });
  try {
    return await runUntilSignalled(daemon, daemon.log, stopSignal);
  } finally {
    stopReducing(), removeGuard();
  }
}
export { run };
//# sourceMappingURL=start-XQGRFMYD.js.map
