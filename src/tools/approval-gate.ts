import type { ToolContext } from "./tool.js";

/** A call waiting for the user's approval: the tool, its (frozen) arguments and the context of the turn. */
export interface ApprovalRequest {
  tool: string;
  /** Deep-frozen: the call that runs is exactly the call that was approved. */
  args: Readonly<Record<string, unknown>>;
  ctx: ToolContext;
  /**
   * A fingerprint of what the call's effect depends on besides its arguments (for a command:
   * the workspace, whose scripts it may run). An approval "for this conversation" covers the
   * same call again only while the fingerprint is the one the last approved run left.
   */
  state?: () => Promise<string>;
}

/**
 * The user's answer. `approved` runs the call, then `ran` (when set) once it returned, so that
 * an approval for the conversation follows what the call itself changed; `denied` becomes a
 * `PermissionDenied` tool error with `message` for the model: "denied by the user", "approval
 * timed out", ...
 */
export type ApprovalVerdict = { type: "approved"; ran?: () => Promise<void> } | { type: "denied"; message: string };

/**
 * The port through which the registry asks for approval (`tools.approval: ask`); the
 * approval broker (src/approvals) implements it. Resolves when the user decided, the
 * time ran out or `request.ctx.signal` aborted (then denied); never rejects.
 */
export interface ApprovalGate {
  approve(request: ApprovalRequest): Promise<ApprovalVerdict>;
}
