import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Most files wait on sockets and child processes (the built CLI, fake servers), not the CPU:
    // the default (cores - 1) leaves one worker on a 2-core machine. Every test binds port 0,
    // uses its own temporary home, and reads the dist/ that globalSetup builds once, so files run in parallel.
    maxWorkers: 4,
  },
});
