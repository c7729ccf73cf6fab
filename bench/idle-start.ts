/**
 * `skein start` with one always-connected channel that never receives, so the benchmark
 * can measure start-up and idle memory without any platform. scripts/build.mjs --bench
 * bundles it like the CLI, into bench/dist/idle-start.js.
 */
import type { Channel } from "../src/channel-kit/channel.js";
import { enableCompileCache } from "../src/util/compile-cache.js";

// As dist/cli.js does (src/cli-entry.ts): the cache goes on before `skein start` is loaded.
enableCompileCache();
const { run } = await import("../src/commands/start.js");

function idleChannel(): Channel {
  let state: ReturnType<Channel["status"]> = { state: "connected", since: Date.now() };
  return {
    name: "idle",
    start: async () => {},
    send: async () => undefined,
    stop: async () => {
      state = { state: "stopped", since: Date.now() };
    },
    status: () => state,
  };
}

process.exitCode = await run({}, [{ name: "idle", create: idleChannel }]);
