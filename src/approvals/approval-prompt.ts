import { randomBytes } from "node:crypto";
import type { ApprovalPrompt, PromptTooLong } from "../channel-kit/approval.js";
import type { ApprovalRequest, ApprovalVerdict } from "../tools/approval-gate.js";
import { summarizeArguments } from "./call-summary.js";

/** What the model is told for each way a request can end without running the call. */
export const DENIAL = {
  denied: "denied by the user",
  timeout: "approval timed out",
  noPrompt: "this chat cannot show approval prompts, so the call was not run",
  promptFailed: "the approval prompt could not be posted, so the call was not run",
  restart: "the bot is restarting; nothing was run (ask again after the restart)",
} as const;

/** A verdict that the call was not run, and why (for the model). */
export function denied(message: string): ApprovalVerdict {
  return { type: "denied", message };
}

/** What the model is told when the prompt would not fit in one message of the chat. */
export function tooLongDenial(error: PromptTooLong): string {
  return (
    `the call's arguments are too long to show in full in an approval prompt here (${error.length} characters; ` +
    `at most ${error.limit}), so it was not run: make the call shorter (e.g. write a long script to a file ` +
    "with write_file and run that file)"
  );
}

/** The line a prompt gets when nobody answered in time. */
export function timeoutLine(timeoutMs: number): string {
  return `⌛ No answer within ${Math.round(timeoutMs / 1000)} s: not run.`;
}

/**
 * The prompt for a call, under a fresh random id: the tool and its arguments shown literally and in
 * full (less the config's secrets, through `redact`), in the turn's chat (a sub-agent's call: in the chat it
 * works for, naming it); "for this conversation" is offered only in a turn somebody is present for.
 */
export function approvalPrompt(request: ApprovalRequest, redact?: (text: string) => string): ApprovalPrompt {
  const { ctx } = request;
  const summary = summarizeArguments(request.args, redact);
  const unattended = ctx.unattended ? " (in a scheduled or webhook turn nobody is present for)" : "";
  const who = ctx.subagent ? `the sub-agent "${ctx.subagent.label}" (${ctx.subagent.id})` : "the agent";
  return {
    id: randomBytes(8).toString("hex"),
    channel: ctx.channel,
    chatId: ctx.chatId,
    ...(ctx.threadId ? { threadId: ctx.threadId } : {}),
    tool: request.tool,
    summary,
    text: `🔐 Approval needed: ${who} wants to run ${request.tool}${unattended}\n${summary}`,
    offersConversation: !ctx.unattended,
  };
}
