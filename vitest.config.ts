import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer.js";

/**
 * Folders whose files share their worker's module cache (isolate: false): importing the
 * SDKs and src/ once per worker, not once per file, halves their CPU time (a worker of its own
 * costs a file about a CPU second). A test here leaves no global state behind (environment,
 * fake timers, globals, listeners). Each was run so; a new folder starts isolated until it has been.
 */
const SHARED_MODULES = [
  "access",
  "agent",
  "agents",
  "approvals",
  "architecture",
  "bench",
  "browser",
  "bus",
  "channel-catalog",
  "channel-kit",
  "channels",
  "command-guard",
  "cluster",
  "commands",
  "config",
  "dashboard",
  "deploy",
  "fakes",
  "gates",
  "health",
  "providers",
  "reliability",
  "routing",
  "sandbox",
  "scheduler",
  "security",
  "skills",
  "speech",
  "tools",
  "ui",
  "usage",
  "util",
]
  .map((folder) => `test/${folder}/**/*.test.ts`)
  // The files at the root of test/: the CLI's commands and the daemon's wiring.
  .concat("test/*.test.ts");

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most files wait on sockets and child processes (the built CLI, fake servers), not the CPU:
    // the default (cores - 1) leaves one worker on a 2-core machine. Every test binds port 0,
    // uses its own temporary home, and reads the dist/ that globalSetup builds once, so files run in parallel.
    maxWorkers: 4,
    // Longest files first: a long file started last would keep the run waiting with idle workers.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: "shared-modules", include: SHARED_MODULES, isolate: false } },
      { extends: true, test: { name: "isolated", include: ["test/**/*.test.ts"], exclude: SHARED_MODULES } },
    ],
  },
});
