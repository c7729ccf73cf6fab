import { spawn } from "node:child_process";
import type { Duplex, Readable } from "node:stream";
import { LAUNCH_FAILED, WATCHDOG_FD } from "./bwrap-arguments.js";
import { CappedOutput } from "./capped-output.js";
import { killProcessGroup } from "./process-runner.js";
import type { SandboxLimits, SandboxNetwork } from "./sandbox.js";
import { SandboxError } from "./sandbox-error.js";
import type { SandboxDecision } from "./sandboxed-run.js";

/** The descriptor of the first pipe {@link SandboxedStartOptions.pipes} hands the program, past the sandbox's own. */
export const PASSED_FD_BASE = WATCHDOG_FD + 1;

export interface SandboxedStartOptions {
  file: string;
  /** Its arguments, or a function of the guarded proxy's URL (see {@link SandboxedProcess.proxyUrl}) that makes them. */
  args: readonly string[] | ((proxyUrl: string | undefined) => readonly string[]);

  cwd: string;
  /** The program's whole environment (see `commandEnvironment`): nothing of the daemon's is inherited. */
  env: Record<string, string>;
  sandbox: SandboxDecision;
  /** This call's network (default the sandbox's); without a sandbox, `public` gives it the guarded proxy's address. */
  network?: SandboxNetwork;
  limits?: Partial<SandboxLimits>;
  readOnlyBinds?: readonly string[];
  /** Directories bound read-write at the same path, besides the workspace. */
  writableBinds?: readonly string[];
  /** Not root inside the sandbox, even when the daemon is (see `SandboxedCommand.nonRoot`). */
  nonRoot?: boolean;
  /** How many pipes the program gets, at descriptors {@link PASSED_FD_BASE} and up (each a duplex socket). */
  pipes?: number;
  /** Aborting kills it. */
  signal?: AbortSignal;
}

/** How a started program ended. */
export interface SandboxedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it could not be started at all (the launcher's report), when that is how it ended. */
  startError?: string;
}

/** A program started in the sandbox, running until it exits or is killed. */
export interface SandboxedProcess {
  readonly pid: number;
  /** The pipes asked for, in order: the program's descriptors {@link PASSED_FD_BASE} and up. */
  readonly pipes: readonly Duplex[];
  /** The guarded proxy's URL as the program reaches it, under the network `public` (see `PreparedCommand.proxyUrl`). */
  readonly proxyUrl?: string;
  readonly exited: Promise<SandboxedExit>;
  /** The start and end of what it wrote to stderr so far. */
  stderr(): string;
  /** Kills it and everything it started; resolves once it has exited. */
  kill(): Promise<void>;
}

/**
 * Starts a long-lived program confined like `runSandboxed`'s commands (the same bubblewrap, the call's pids
 * cgroup, the watchdog that ends it when the daemon dies, even by SIGKILL; without a sandbox, the group
 * watchdog) and hands it `pipes` at descriptors {@link PASSED_FD_BASE} and up, for a protocol of its own (a
 * browser's DevTools pipe). It runs in a process group of its own; killing it kills the group, and the sandbox
 * with it. Without a working sandbox it is refused, saying why.
 */
export async function startSandboxed(options: SandboxedStartOptions): Promise<SandboxedProcess> {
  const sandbox = await options.sandbox;
  if (sandbox.type === "unavailable") throw new SandboxError("unavailable", `${sandbox.reason}; ${sandbox.remedy}`);
  // The arguments come after the confinement is known: the proxy's address may be a port chosen only then.
  const late = typeof options.args === "function" ? options.args : undefined;
  const prepared = await sandbox.prepare({
    file: options.file,
    args: late ? [] : [...(options.args as readonly string[])],
    env: options.env,
    ...(options.readOnlyBinds && { readOnlyBinds: options.readOnlyBinds }),
    ...(options.writableBinds && { writableBinds: options.writableBinds }),
    ...(options.nonRoot && { nonRoot: true }),
    ...(options.network && { network: options.network }),
    ...(options.limits && { limits: options.limits }),
  });
  const command = late ? { ...prepared, args: [...prepared.args, ...late(prepared.proxyUrl)] } : prepared;
  const { gate, watchdogFd } = command;
  const stdio: Array<"ignore" | "pipe"> = ["ignore", "ignore", "pipe"];
  while (stdio.length < PASSED_FD_BASE) stdio.push("ignore");
  if (gate) stdio[3] = stdio[4] = "pipe";
  if (watchdogFd !== undefined) stdio[watchdogFd] = "pipe";
  for (let index = 0; index < (options.pipes ?? 0); index++) stdio.push("pipe");
  const child = spawn(command.file, command.args, {
    cwd: options.cwd,
    env: command.env,
    detached: true,
    stdio,
  });
  const stderr = new CappedOutput(4096, 4096);
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  const spawnError = new Promise<Error>((resolve) => child.once("error", resolve));
  const unwatch = child.pid === undefined ? undefined : command.watchGroup?.(child.pid);
  // Held while the program runs (nothing is read or written): its end tells the sandbox the daemon is gone.
  const watchdog = watchdogFd === undefined ? undefined : (child.stdio[watchdogFd] as Duplex);
  const exited = new Promise<SandboxedExit>((resolve) => {
    child.once("close", (code, signal) => {
      const launchFailed = sandbox.type === "bwrap" && code === 127 ? LAUNCH_FAILED.exec(stderr.text()) : null;
      resolve({ code, signal, ...(launchFailed && { startError: launchFailed[1]!.trim() }) });
    });
    void spawnError.then((error) => resolve({ code: null, signal: null, startError: error.message }));
  });
  const kill = async (): Promise<void> => {
    killProcessGroup(child.pid);
    watchdog?.destroy();
    await exited;
  };
  child.once("exit", () => {
    killProcessGroup(child.pid);
    unwatch?.();
    watchdog?.destroy();
  });
  void exited.then(() => command.release());
  const onAbort = () => void kill();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  void exited.then(() => options.signal?.removeEventListener("abort", onAbort));
  if (options.signal?.aborted) onAbort();
  if (gate) {
    const [report, release] = [child.stdio[3] as Readable, child.stdio[4] as Duplex];
    try {
      await gate(report, () => release.end("1"));
    } catch (error) {
      // Killed while it still waits: the held program never runs.
      await kill();
      throw new SandboxError("setup-failed", (error as Error).message);
    } finally {
      report.resume();
    }
  }
  return {
    pid: child.pid ?? -1,
    pipes: stdio.slice(PASSED_FD_BASE).map((_, index) => child.stdio[PASSED_FD_BASE + index] as Duplex),
    ...(command.proxyUrl && { proxyUrl: command.proxyUrl }),
    exited,
    stderr: () => stderr.text(),
    kill,
  };
}
