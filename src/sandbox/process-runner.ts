import type { Duplex, Readable } from "node:stream";
import { CappedOutput } from "./capped-output.js";

/** Bytes of each output stream kept from its start and from its end. */
export const OUTPUT_HEAD_BYTES = 16 * 1024;
export const OUTPUT_TAIL_BYTES = 16 * 1024;

export interface RunOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Aborting kills the process group. */
  signal?: AbortSignal;
  /**
   * For a process that reports on fd 3 and waits for a byte on fd 4 before it runs its program
   * (bubblewrap's `--info-fd 3 --block-fd 4`): `gate` reads the report and calls `release`, or
   * throws, and then the process group is killed before it is released and nothing runs.
   */
  gate?: (report: Readable, release: () => void) => Promise<void>;
  /**
   * Gives the process one end of a pipe at this descriptor and holds the other until the process
   * has ended: should the daemon die first, even by SIGKILL, the pipe ends and the sandbox's pid 1,
   * which watches it, ends every process of the command.
   */
  watchdogFd?: number;
  /** Called with the process group once it started; what it returns, once the group was killed. */
  watchGroup?: (pgid: number) => () => void;
}

export interface RunOutcome {
  /** -1 when unknown (killed by a signal, or never started). */
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
  aborted: boolean;
  /** Why the process could not run at all (e.g. command not found). */
  startError?: string;
  /** Set when the sandbox's process limit refused some of the command's process starts: says so, with the numbers. */
  limitReached?: string;
}

/** Kills a whole process group, ignoring a group that is already gone. */
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** stdin closed, stdout and stderr read; the held sandbox's report and release, and the watchdog pipe, where asked for. */
function stdioOf(options: RunOptions): ["ignore", "pipe", "pipe", ...Array<"ignore" | "pipe">] {
  const stdio: ["ignore", "pipe", "pipe", ...Array<"ignore" | "pipe">] = ["ignore", "pipe", "pipe"];
  if (options.gate) stdio.push("pipe", "pipe");
  if (options.watchdogFd === undefined) return stdio;
  while (stdio.length < options.watchdogFd) stdio.push("ignore");
  stdio[options.watchdogFd] = "pipe";
  return stdio;
}

/**
 * Runs a process in its own process group without a shell, capturing stdout and stderr
 * with a cap while they stream. When it exits, and on timeout or abort, the whole group
 * is killed, so no child the command started in the background survives it.
 */
export async function runProcess(options: RunOptions): Promise<RunOutcome> {
  const { execa } = await import("execa");
  const started = performance.now();
  const stdout = new CappedOutput(OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES);
  const stderr = new CappedOutput(OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES);
  const child = execa(options.file, options.args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    detached: true,
    buffer: false,
    stdio: stdioOf(options),
    reject: false,
    shell: false,
  });
  const unwatch = child.pid === undefined ? undefined : options.watchGroup?.(child.pid);
  // Held until the process has exited (nothing is read or written); then closed, not waited for.
  const watchdog = options.watchdogFd === undefined ? undefined : (child.stdio[options.watchdogFd] as Duplex);
  // Whatever the command left running in its group (`nohup … &`) ends with it.
  child.once("exit", () => {
    killProcessGroup(child.pid);
    unwatch?.();
    watchdog?.destroy();
  });
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));

  let timedOut = false;
  let aborted = false;
  let streamCloser: NodeJS.Timeout | undefined;
  const kill = (): void => {
    killProcessGroup(child.pid);
    // A grandchild that left the group could still hold the pipes open: stop waiting for them.
    streamCloser ??= setTimeout(() => {
      child.stdout?.destroy();
      child.stderr?.destroy();
    }, 2_000);
    streamCloser.unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    kill();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let gateError: string | undefined;
  const gate = options.gate;
  try {
    if (gate) {
      const [report, release] = [child.stdio[3] as Readable, child.stdio[4] as Duplex];
      let released = false;
      await gate(report, () => {
        released = true;
        release.end("1");
      }).catch((error: Error) => {
        // Killed while it still waits: the held program never runs.
        killProcessGroup(child.pid);
        gateError = error.message;
      });
      if (!released) release.destroy();
      report.resume();
    }
    const result = await child;
    const startError =
      gateError ??
      (result.failed && child.pid === undefined
        ? result.cause instanceof Error
          ? result.cause.message
          : result.shortMessage
        : undefined);
    return {
      exitCode: typeof result.exitCode === "number" ? result.exitCode : -1,
      stdout: stdout.text(),
      stderr: stderr.text(),
      durationMs: Math.round(performance.now() - started),
      timedOut,
      aborted,
      ...(startError === undefined ? {} : { startError }),
    };
  } finally {
    watchdog?.destroy();
    clearTimeout(timer);
    clearTimeout(streamCloser);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
