import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { untilReady, vmRssKb } from "./daemon-process.js";

/** `skein start` with an idle channel, bundled like the CLI (scripts/build.mjs --bench). */
const idleStart = fileURLToPath(new URL("./dist/idle-start.js", import.meta.url));

/**
 * Runs `skein start` (idle channel) in `home` until it logs "skein ready"; its time to ready and its RSS once
 * idle: 7 s later, after the memory it gives back when quiet for 5 s (src/commands/idle-memory.ts).
 * `node` is the Node binary to run it with (default: the one running the bench).
 */
export async function startUntilReady(
  home: string,
  node = process.execPath,
): Promise<{ readyMs: number; rssKb: number }> {
  const started = performance.now();
  const child = spawn(node, [idleStart], {
    env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await untilReady(child);
  const readyMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  const rssKb = vmRssKb(await readFile(`/proc/${child.pid}/status`, "utf8"));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { readyMs, rssKb };
}
