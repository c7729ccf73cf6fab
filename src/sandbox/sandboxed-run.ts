import { LAUNCH_FAILED } from "./bwrap-arguments.js";
import { type RunOutcome, runProcess } from "./process-runner.js";
import type { Sandbox, SandboxLimits, SandboxNetwork, SandboxUnavailable } from "./sandbox.js";
import { SandboxError } from "./sandbox-error.js";

/** The sandbox decision, made once (see `resolveSandbox`); `unavailable` refuses every command. */
export type SandboxDecision = Promise<Sandbox | SandboxUnavailable>;

export interface SandboxedRunOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  sandbox: SandboxDecision;
  timeoutMs: number;
  signal?: AbortSignal;
  /** More paths bound read-only at the same path for this call (e.g. a skill's folder). */
  readOnlyBinds?: readonly string[];
  /** This call's network mode (default the sandbox's, `tools.exec.network`). */
  network?: SandboxNetwork;
  /** This call's limits, key by key over the sandbox's. */
  limits?: Partial<SandboxLimits>;
}

/**
 * Runs a command inside the sandbox (or directly when the operator opted out). Every
 * process the command starts ends when it returns: bubblewrap's pid namespace ends
 * with its init, and the runner kills the process group in any case; and when the daemon
 * dies first (the sandbox's watchdog pipe, or the group watchdog without a sandbox). Without a working
 * sandbox the call is refused, saying why and how to fix it.
 */
export async function runSandboxed(options: SandboxedRunOptions): Promise<RunOutcome> {
  const sandbox = await options.sandbox;
  if (sandbox.type === "unavailable") throw new SandboxError("unavailable", `${sandbox.reason}; ${sandbox.remedy}`);
  const command = await sandbox.prepare({
    file: options.file,
    args: options.args,
    env: options.env,
    ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  try {
    const outcome = await runProcess({
      file: command.file,
      args: command.args,
      cwd: options.cwd,
      env: command.env,
      timeoutMs: options.timeoutMs,
      ...(command.gate ? { gate: command.gate } : {}),
      ...(command.watchdogFd === undefined ? {} : { watchdogFd: command.watchdogFd }),
      ...(command.watchGroup ? { watchGroup: command.watchGroup } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const launchFailed =
      sandbox.type === "bwrap" && outcome.exitCode === 127 ? LAUNCH_FAILED.exec(outcome.stderr) : null;
    if (launchFailed) return { ...outcome, startError: launchFailed[1]!.trim() };
    const refused = (await command.refusedStarts?.()) ?? 0;
    if (refused === 0 || sandbox.type !== "bwrap") return outcome;
    const limitReached =
      `the command reached tools.exec.max_processes (${options.limits?.processes ?? sandbox.limits.processes} processes at once): ` +
      `${refused} process starts were refused`;
    return { ...outcome, limitReached };
  } finally {
    void command.release();
  }
}
