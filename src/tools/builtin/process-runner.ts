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
function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
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
    stdin: "ignore",
    reject: false,
    shell: false,
  });
  // Whatever the command left running in its group (`nohup … &`) ends with it.
  child.once("exit", () => killProcessGroup(child.pid));
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
  try {
    const result = await child;
    const startError =
      result.failed && child.pid === undefined
        ? result.cause instanceof Error
          ? result.cause.message
          : result.shortMessage
        : undefined;
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
    clearTimeout(timer);
    clearTimeout(streamCloser);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
