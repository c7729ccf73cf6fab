import { ToolError } from "../tool.js";
import { type RunOutcome, runProcess } from "./process-runner.js";
import type { Sandbox } from "./sandbox.js";

/** The sandbox decision, made once (see `resolveSandbox`); `unavailable` refuses every command. */
export type SandboxDecision = Promise<Sandbox | { type: "unavailable"; reason: string }>;

export interface SandboxedRunOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  sandbox: SandboxDecision;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** bubblewrap's own report that the program could not be started. */
const BWRAP_EXEC_FAILED = /^bwrap: execvp (.*)/;

/**
 * Runs a command inside the sandbox (or directly when the fallback applies). Every
 * process the command starts ends when it returns: bubblewrap's pid namespace ends
 * with its init, and the runner kills the process group in any case.
 */
export async function runSandboxed(options: SandboxedRunOptions): Promise<RunOutcome> {
  const sandbox = await options.sandbox;
  if (sandbox.type === "unavailable")
    throw new ToolError("PermissionDenied", `commands are disabled: ${sandbox.reason}`);
  const command = sandbox.wrap({ file: options.file, args: options.args, env: options.env });
  const outcome = await runProcess({
    file: command.file,
    args: command.args,
    cwd: options.cwd,
    env: command.env,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const execFailed = sandbox.type === "bwrap" && outcome.exitCode === 1 ? BWRAP_EXEC_FAILED.exec(outcome.stderr) : null;
  return execFailed ? { ...outcome, startError: execFailed[1]!.trim() } : outcome;
}
