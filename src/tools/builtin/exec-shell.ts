import {
  CommandRefused,
  checkAllowlist,
  checkDenylist,
  isAllowlisted,
  isCommandTooLongToCheck,
} from "../../command-guard/index.js";
import { runSandboxed, type SandboxDecision, SandboxError } from "../../sandbox/index.js";
import { type Tool, type ToolContext, ToolError } from "../tool.js";
import { workspaceState } from "./workspace-state.js";

export const EXEC_DEFAULT_TIMEOUT_S = 30;
export const EXEC_MAX_TIMEOUT_S = 300;

/** What the shell and spawn tools need to run commands. */
export interface CommandRunnerOptions {
  workspace: string;
  /** The child's whole environment (see `commandEnvironment`). */
  env: Record<string, string>;
  /** `tools.exec.allow`: allowlist mode when set. */
  allow?: readonly string[];
  /** Where commands run (`tools.exec.sandbox`), decided once. */
  sandbox: SandboxDecision;
  /** Paths bound read-only into each command's sandbox at the same path, as they are at the call (skill folders). */
  readOnlyBinds?: () => readonly string[];
}

/** Clamps a timeout in seconds to [1 ms, max] and returns milliseconds. */
export function timeoutMsOf(requested: number | undefined, fallbackSeconds: number, maxSeconds: number): number {
  const seconds = Math.min(requested ?? fallbackSeconds, maxSeconds);
  return Math.max(1, Math.round(seconds * 1000));
}

/** The command guard's and the sandbox's refusals as the tool errors the model reads; any other error as it is. */
export function commandToolError(error: unknown): unknown {
  if (error instanceof CommandRefused) return new ToolError("PermissionDenied", error.message);
  if (!(error instanceof SandboxError)) return error;
  return error.kind === "unavailable"
    ? new ToolError("PermissionDenied", `exec_shell and spawn are refused: ${error.message}`)
    : new ToolError("ExecutionFailed", error.message);
}

/** `exec_shell`: a command line run by `sh -c` in the workspace. */
export function execShellTool(options: CommandRunnerOptions): Tool<{ command: string; timeout?: number }> {
  return {
    name: "exec_shell",
    description:
      `Run a shell command (sh -c) in the workspace. Returns {exit_code, stdout, stderr, duration_ms}; ` +
      `long output keeps its head and tail. Timeout ${EXEC_DEFAULT_TIMEOUT_S} s by default, at most ${EXEC_MAX_TIMEOUT_S} s.`,
    parameters: {
      type: "object",
      properties: {
        command: { type: "string", minLength: 1, description: "The command line" },
        timeout: {
          type: "number",
          exclusiveMinimum: 0,
          description: `Timeout in seconds (default ${EXEC_DEFAULT_TIMEOUT_S}, max ${EXEC_MAX_TIMEOUT_S})`,
        },
      },
      required: ["command"],
      additionalProperties: false,
    },
    safety: "privileged",
    // Commands covered by tools.exec.allow run without asking; the user may approve others. One too long
    // for the guard is refused at once (it cannot run): nobody is asked, no prompt is built of it.
    needsApproval: (args) => !isCommandTooLongToCheck(args.command) && !isAllowlisted(args.command, options.allow),
    // A command may run what the workspace holds (`bash run.sh`): its approval follows those files.
    grantState: () => workspaceState(options.workspace),
    // Our own timer kills the process group first; the registry's limit is only a backstop.
    timeoutMs: (EXEC_MAX_TIMEOUT_S + 10) * 1000,
    execute: (args, ctx) =>
      runCommandLine(args, ctx).catch((error: unknown) => {
        throw commandToolError(error);
      }),
  };

  async function runCommandLine(args: { command: string; timeout?: number }, ctx: ToolContext) {
    await checkDenylist(args.command);
    if (!ctx.approved) checkAllowlist(args.command, options.allow);
    const timeoutMs = timeoutMsOf(args.timeout, EXEC_DEFAULT_TIMEOUT_S, EXEC_MAX_TIMEOUT_S);
    const outcome = await runSandboxed({
      file: "sh",
      args: ["-c", args.command],
      cwd: options.workspace,
      env: { ...options.env, ...ctx.turn?.commandEnv },
      sandbox: options.sandbox,
      timeoutMs,
      signal: ctx.signal,
      ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds() } : {}),
    });
    const result = {
      exit_code: outcome.exitCode,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      duration_ms: outcome.durationMs,
      ...(outcome.limitReached ? { limit_reached: outcome.limitReached } : {}),
    };
    const limitNote = outcome.limitReached ? `; ${outcome.limitReached}` : "";
    if (outcome.startError !== undefined) throw new ToolError("ExecutionFailed", outcome.startError);
    if (outcome.timedOut) {
      throw new ToolError(
        "Timeout",
        `the command did not finish within ${timeoutMs / 1000} s and was killed${limitNote}`,
        result,
      );
    }
    if (outcome.aborted) throw new ToolError("Timeout", `the command was cancelled and killed${limitNote}`, result);
    return result;
  }
}
