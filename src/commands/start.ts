import type { DaemonOptions } from "../daemon.js";
import { boundHeap } from "./bounded-heap.js";
import type { GlobalOptions } from "./command-support.js";
import { compilersToHold, heldCompilersVariable, holdCompilers } from "./compiler-hold.js";

/**
 * `skein start`: the daemon, with every channel whose credentials are configured, plus
 * `channels` (none from the CLI; bench/idle-start.ts adds one that never receives). The
 * process is set up before the daemon's code is loaded: its heap bounded (which may start it
 * again with node flags) and V8's compilers held until the daemon is busy (compiler-hold.ts).
 */
export async function run(options: GlobalOptions, channels: DaemonOptions["channels"] = []): Promise<number> {
  const compilers = compilersToHold();
  boundHeap({ heldCompilers: compilers });
  delete process.env[heldCompilersVariable];
  const releaseCompilers = holdCompilers(compilers);
  const { runDaemon } = await import("./start-daemon.js");
  return runDaemon(options, channels, releaseCompilers);
}
