import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
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
  },
});
