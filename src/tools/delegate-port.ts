/**
 * The port through which the `delegate` tool hands a task to a sub-agent; the agent loop
 * implements it (src/agent/subagents/), bound to the turn that calls the tool.
 */

/** The `delegate` tool's arguments, as the model gave them. */
export interface DelegateRequest {
  task: string;
  label?: string;
  /** An agent of `agents.list` to run the task (default: the delegating agent). */
  agent?: string;
  /** Run the task now and give its final answer as the call's result. */
  wait?: boolean;
}

/** How a sub-agent's work ended. */
export type SubagentStatus = "finished" | "failed" | "timed out" | "stopped";

/** What a delegation gave: a child started in the background, or (with `wait`) a child that ended. */
export type DelegateResult =
  | { type: "started"; id: string; label: string }
  | { type: "ended"; id: string; label: string; status: SubagentStatus; answer?: string; error?: string };

/**
 * Starts sub-agents for one turn. A refusal (a limit reached, an unknown agent, a budget) is
 * thrown as a `ToolError` naming it, and nothing is started.
 */
export interface DelegatePort {
  delegate(request: DelegateRequest, signal: AbortSignal): Promise<DelegateResult>;
}
