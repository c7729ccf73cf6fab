import type { ToolContext } from "./tool.js";

/** A call waiting for the user's approval: the tool, its (frozen) arguments and the context of the turn. */
export interface ApprovalRequest {
  tool: string;
  /** Deep-frozen: the call that runs is exactly the call that was approved. */
  args: Readonly<Record<string, unknown>>;
  ctx: ToolContext;
}

/**
 * The user's answer. `approved` runs the call; `denied` becomes a `PermissionDenied` tool
 * error with `message` for the model: "denied by the user", "approval timed out", ...
 */
export type ApprovalVerdict = { type: "approved" } | { type: "denied"; message: string };

/**
 * The port through which the registry asks for approval (`tools.approval: ask`); the
 * approval broker (src/approvals) implements it. Resolves when the user decided, the
 * time ran out or `request.ctx.signal` aborted (then denied); never rejects.
 */
export interface ApprovalGate {
  approve(request: ApprovalRequest): Promise<ApprovalVerdict>;
}
