import { spawn, type ChildProcess } from "node:child_process";
import { cliPath } from "../support/cli-path.js";

/** A `skein` command of the built CLI running as a child process, its log (stderr) collected. */
export interface SkeinProcess {
  readonly child: ChildProcess;
  /** Resolves with the exit code once the process has exited and its output is read. */
  readonly exited: Promise<number | null>;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once stderr contains `text`; rejects, with the log, if the process exits first. */
  waitFor(text: string): Promise<void>;
  /** Sends SIGTERM (unless it has exited) and resolves with the exit code once its output is read. */
  stop(): Promise<number | null>;
}

/** Spawns `node dist/cli.js <args>` with exactly `env` (nothing inherited), stdout ignored. */
export function spawnSkein(args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): SkeinProcess {
  const child = spawn(process.execPath, [cliPath, ...args], { env: options.env, cwd: options.cwd, stdio: ["ignore", "ignore", "pipe"] });
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

  return {
    child,
    exited,
    stderr: () => stderr,
    waitFor(text) {
      if (stderr.includes(text)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.add({ text, resolve });
        void exited.then((code) => reject(new Error(`skein ${args.join(" ")} exited (${code}) before logging ${text}:\n${stderr}`)));
      });
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
