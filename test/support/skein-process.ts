import { type ChildProcess, spawn } from "node:child_process";
import { cliPath } from "./cli-path.js";

/** A `skein` command of the built CLI running as a child process, its log (stderr) collected. */
export interface SkeinProcess {
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process has exited and its output is read. */
  readonly exited: Promise<number | null>;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once stderr contains `text`; rejects, with the log, if the process exits first or `text` takes longer than `limitMs` (default 45 s, for a loaded machine). */
  waitFor(text: string, limitMs?: number): Promise<void>;
  /** Resolves with the first complete JSON log line whose msg is `message` (same bounds as {@link waitFor}). */
  waitForLine(message: string, limitMs?: number): Promise<Record<string, unknown>>;
  /** Sends SIGTERM (unless it has exited) and resolves with the exit code once its output is read. */
  stop(): Promise<number | null>;
}

/**
 * Spawns `node dist/cli.js <args>` with exactly `env` (nothing inherited; the health endpoint on
 * a free port unless `env` sets SKEIN_HEALTH_PORT), stdout ignored.
 */
export function spawnSkein(args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): SkeinProcess {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { SKEIN_HEALTH_PORT: "0", ...options.env },
    cwd: options.cwd,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const waiters = new Set<{ text: string; resolve: () => void }>();
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of waiters) {
      if (!stderr.includes(waiter.text)) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  });
  // "close", not "exit": stderr may still hold the last log lines when the process exits.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  function waitFor(text: string, limitMs = 45_000): Promise<void> {
    if (stderr.includes(text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`skein ${args.join(" ")} did not log ${text} within ${limitMs} ms:\n${stderr}`));
      }, limitMs);
      const waiter = {
        text,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      waiters.add(waiter);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`skein ${args.join(" ")} exited (${code}) before logging ${text}:\n${stderr}`));
      });
    });
  }

  return {
    child,
    exited,
    stderr: () => stderr,
    waitFor,
    async waitForLine(message, limitMs) {
      // pino writes msg last, so the line is complete once `"msg":"<message>"}` and its newline arrived.
      const ending = `"msg":${JSON.stringify(message)}}\n`;
      await waitFor(ending, limitMs);
      const line = stderr.split("\n").find((text) => `${text}\n`.endsWith(ending));
      return JSON.parse(line!) as Record<string, unknown>;
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
