import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { checkAllowlist, checkProgram, isAllowlisted, isProgramTooLongToCheck } from "../../command-guard/index.js";
import { type RunOutcome, runSandboxed } from "../../sandbox/index.js";
import { type ReportBack, type Tool, type ToolContext, ToolError, toolResult } from "../tool.js";
import { type CommandRunnerOptions, commandToolError, timeoutMsOf } from "./exec-shell.js";
import { workspaceState } from "./workspace-state.js";

/** At most this many spawned processes run at once, foreground and background together. */
export const MAX_CONCURRENT_SPAWNS = 5;
export const SPAWN_DEFAULT_TIMEOUT_S = 60;
/** A foreground spawn holds the turn, so it gets the shell's limit; a background one may run longer. */
export const SPAWN_MAX_TIMEOUT_S = 300;
export const SPAWN_MAX_BACKGROUND_TIMEOUT_S = 3600;

interface SpawnArgs {
  command: string;
  args?: string[];
  description?: string;
  timeout?: number;
  background?: boolean;
}

export interface SpawnToolOptions extends CommandRunnerOptions {
  /** Aborted at daemon shutdown: background processes are killed then. */
  signal?: AbortSignal;
}

function resultOf(outcome: RunOutcome, command: string, description: string) {
  return {
    exit_code: outcome.exitCode,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(outcome.limitReached ? { limit_reached: outcome.limitReached } : {}),
    command,
    description,
  };
}

/** `spawn`: a program run without a shell, in the foreground or in the background. */
export function spawnTool(options: SpawnToolOptions): Tool<SpawnArgs> {
  let running = 0;

  const run = async (
    args: SpawnArgs,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    turnEnv: Record<string, string> | undefined,
  ): Promise<RunOutcome> => {
    running++;
    try {
      return await runSandboxed({
        file: args.command,
        args: args.args ?? [],
        cwd: options.workspace,
        env: { ...options.env, ...turnEnv },
        sandbox: options.sandbox,
        timeoutMs,
        ...(signal ? { signal } : {}),
        ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds() } : {}),
      });
    } finally {
      running--;
    }
  };

  const reportWhenDone = (
    run: Promise<RunOutcome>,
    id: string,
    args: SpawnArgs,
    description: string,
    reportBack: ReportBack,
    log: Logger,
  ) => {
    void run.then(
      (outcome) => {
        const status = outcome.startError
          ? "failed"
          : outcome.timedOut
            ? "timed out"
            : outcome.aborted
              ? "killed"
              : "finished";
        const report = {
          event: "background process ended",
          id,
          status,
          ...resultOf(outcome, args.command, description),
        };
        if (outcome.startError) Object.assign(report, { error: outcome.startError });
        reportBack(toolResult(report, { isError: status !== "finished" || outcome.exitCode !== 0 }));
      },
      (error: unknown) => {
        log.error({ err: error, id }, "background spawn failed");
        reportBack(
          toolResult(
            { event: "background process ended", id, status: "failed", error: String(commandToolError(error)) },
            { isError: true },
          ),
        );
      },
    );
  };

  return {
    name: "spawn",
    description:
      `Run a program with arguments (no shell) in the workspace. Returns {exit_code, stdout, stderr, command, description}. ` +
      `With background: true it returns at once ({status: "started", id}) and you are notified with the result when it ends. ` +
      `At most ${MAX_CONCURRENT_SPAWNS} run at once.`,
    parameters: {
      type: "object",
      properties: {
        command: { type: "string", minLength: 1, description: "Program to run (a name on PATH or a path)" },
        args: { type: "array", items: { type: "string" }, description: "Arguments, passed as they are" },
        description: { type: "string", description: "What the process is for" },
        timeout: {
          type: "number",
          exclusiveMinimum: 0,
          description: `Timeout in seconds (default ${SPAWN_DEFAULT_TIMEOUT_S}; max ${SPAWN_MAX_TIMEOUT_S}, or ${SPAWN_MAX_BACKGROUND_TIMEOUT_S} in the background)`,
        },
        background: { type: "boolean", description: "Return at once and report the result when the process ends" },
      },
      required: ["command"],
      additionalProperties: false,
    },
    safety: "privileged",
    // Commands covered by tools.exec.allow run without asking; the user may approve others (see exec_shell).
    needsApproval: (args) => {
      const words = [args.command, ...(args.args ?? [])];
      return !isProgramTooLongToCheck(words) && !isAllowlisted(words.join(" "), options.allow);
    },
    grantState: () => workspaceState(options.workspace),
    timeoutMs: (SPAWN_MAX_TIMEOUT_S + 10) * 1000,
    execute: (args, ctx) =>
      runProgram(args, ctx).catch((error: unknown) => {
        throw commandToolError(error);
      }),
  };

  async function runProgram(args: SpawnArgs, ctx: ToolContext) {
    const commandLine = [args.command, ...(args.args ?? [])].join(" ");
    await checkProgram([args.command, ...(args.args ?? [])]);
    if (!ctx.approved) checkAllowlist(commandLine, options.allow);
    if (running >= MAX_CONCURRENT_SPAWNS) {
      throw new ToolError(
        "ExecutionFailed",
        `spawn limit reached: at most ${MAX_CONCURRENT_SPAWNS} processes run at once; wait for one to finish`,
      );
    }
    const description = args.description ?? "(no description)";
    if (args.background) {
      const timeoutMs = timeoutMsOf(args.timeout, SPAWN_DEFAULT_TIMEOUT_S, SPAWN_MAX_BACKGROUND_TIMEOUT_S);
      const id = `spawn-${randomUUID().slice(0, 8)}`;
      reportWhenDone(
        run(args, timeoutMs, options.signal, ctx.turn?.commandEnv),
        id,
        args,
        description,
        ctx.reportBack,
        ctx.log,
      );
      return toolResult({ status: "started", id, command: args.command, description }, { async: true });
    }
    const timeoutMs = timeoutMsOf(args.timeout, SPAWN_DEFAULT_TIMEOUT_S, SPAWN_MAX_TIMEOUT_S);
    const outcome = await run(args, timeoutMs, ctx.signal, ctx.turn?.commandEnv);
    const result = resultOf(outcome, args.command, description);
    if (outcome.startError !== undefined) {
      throw new ToolError("ExecutionFailed", `could not run "${args.command}": ${outcome.startError}`);
    }
    if (outcome.timedOut) {
      throw new ToolError("Timeout", `the process did not finish within ${timeoutMs / 1000} s and was killed`, result);
    }
    if (outcome.aborted) throw new ToolError("Timeout", "the process was cancelled and killed", result);
    return result;
  }
}
