// Loaded into the daemon with `node --import` by bench/hostile-load.ts: the event loop's delay as the
// daemon itself sees it, and the most CPU time its main thread spent between two ticks of a 10 ms timer
// (a figure the machine's load does not stretch: the longest stretch of work the event loop waited for).
// On SIGUSR2 the figures since the last signal are written (JSON) to $LOOP_DELAY_PROBE_FILE and start again.
import { readFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_DELAY_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The main thread's time on a CPU, in ns (Linux): the first field of its schedstat.
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const cpuNs = () => Number(readFileSync(schedstat, "utf8").split(" ")[0]);
  let worstCpuNs = 0;
  let last = cpuNs();
  const tick = () => {
    const now = cpuNs();
    worstCpuNs = Math.max(worstCpuNs, now - last);
    last = now;
    setTimeout(tick, 10).unref();
  };
  setTimeout(tick, 10).unref();
  process.on("SIGUSR2", () => {
    const figures = {
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      meanMs: delay.mean / 1e6,
      worstCpuMs: worstCpuNs / 1e6,
    };
    writeFileSync(file, JSON.stringify(figures));
    delay.reset();
    worstCpuNs = 0;
  });
}
