import { createHash } from "node:crypto";
import type { Delegation, InboundMessage } from "../../bus/messages.js";
import { truncateForLlm } from "../../tools/truncate.js";
import { agentKeyPrefix } from "../agent-runtime.js";

/** A journaled delegation: an internal message that carries its {@link Delegation}. */
export type DelegationMessage = InboundMessage & { delegation: Delegation };

/** How a child's run ended; `interrupted`: a shutdown cut it short, and it runs again after the next start. */
export type ChildOutcome =
  | { status: "finished"; answer: string }
  | { status: "failed"; error: string }
  | { status: "timed out"; error: string }
  | { status: "stopped" }
  | { status: "interrupted" };

/** The reason a child is aborted at its time limit. */
export class SubagentTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`it did not finish within ${seconds} s (agents.defaults.subagents.timeout)`);
  }
}

/** The reason a child is aborted by `/subagents stop`. */
export class SubagentStopped extends Error {}

const prefix = "delegation:";

/**
 * The journal id of a delegation: a hash of the delegating message's id, the call's place in its
 * turn, the agent and the task. A turn run again after a crash that delegates the same task gets
 * the same id, which the journal knows: the child is not started twice.
 */
export function delegationMessageId(parentId: string, ordinal: number, agent: string, task: string): string {
  const hash = createHash("sha256").update(`${parentId}\n${ordinal}\n${agent}\n${task}`).digest("hex");
  return `${prefix}${hash.slice(0, 24)}`;
}

/** The id people and the model see (`sa-` and 8 hex digits) of a delegation's journal id. */
export function subagentIdOf(messageId: string): string {
  return `sa-${messageId.slice(prefix.length, prefix.length + 8)}`;
}

/** The session a child's conversation is kept in: its own, never the chat's. */
export function childSessionKey(message: DelegationMessage): string {
  return `${agentKeyPrefix(message.delegation.agent)}subagent:${message.id.slice(prefix.length)}`;
}

/** The label people see: the model's (one line, at most 80 characters), else the task's beginning. */
export function labelOf(label: string | undefined, task: string): string {
  const line = (text: string) =>
    text
      .replace(/[\p{Cc}\p{Cf}\s]+/gu, " ")
      .trim()
      .replaceAll('"', "'");
  const given = label ? line(label) : "";
  if (given) return given.slice(0, 80);
  const start = line(task);
  return start.length > 40 ? `${start.slice(0, 39)}…` : start || "task";
}

/**
 * The message a journaled delegation is: from the chat `parent` came from (thread, topic, as a
 * reply to it), so that the child's result comes back there, and marked internal.
 */
export function delegationMessage(parent: InboundMessage, id: string, delegation: Delegation, now: number) {
  const message: DelegationMessage = {
    id,
    channel: parent.channel,
    chatId: parent.chatId,
    senderId: parent.senderId,
    ...(parent.senderName && { senderName: parent.senderName }),
    text: delegation.task,
    ...(parent.threadId && { threadId: parent.threadId }),
    ...(parent.teamId && { teamId: parent.teamId }),
    ...(parent.guildId && { guildId: parent.guildId }),
    ...(parent.parentChatId && { parentChatId: parent.parentChatId }),
    isDirect: parent.isDirect,
    ...(parent.replyToId && { replyToId: parent.replyToId }),
    receivedAt: now,
    internal: true,
    ...(parent.admittedVia && { admittedVia: parent.admittedVia }),
    ...((parent.unattended || parent.trigger) && { unattended: true }),
    ...(parent.agentId && { agentId: parent.agentId }),
    delegation,
  };
  return message;
}

/**
 * The message the parent's result turn answers: the child's label, id and final answer (or why it has
 * none), for the parent to tell the user in its own words.
 */
export function resultNote(delegation: Delegation, outcome: ChildOutcome): string {
  const who = `The sub-agent "${delegation.label}" (id ${delegation.id})`;
  const tell = "Tell the user what came of it, in your own words.";
  switch (outcome.status) {
    case "finished":
      return `${who} finished the task you delegated. Its final answer:\n${truncateForLlm(outcome.answer)}\n\n${tell}`;
    case "timed out":
      return `${who} timed out and was stopped: ${outcome.error}. It gave no final answer. ${tell}`;
    default:
      return `${who} failed: ${outcome.status === "failed" ? outcome.error : outcome.status}. ${tell}`;
  }
}

/**
 * A child's outcome as its turn record keeps it (`[status, text]`), so that a restart after the child
 * ended reuses it instead of running the child again.
 */
export function encodeOutcome(outcome: ChildOutcome): string[] {
  if (outcome.status === "finished") return [outcome.status, outcome.answer];
  return [outcome.status, "error" in outcome ? outcome.error : ""];
}

/** The outcome a turn record kept (see {@link encodeOutcome}); undefined for anything else. */
export function decodeOutcome(replies: readonly string[]): ChildOutcome | undefined {
  const [status, text = ""] = replies;
  if (status === "finished") return { status, answer: text };
  if (status === "failed" || status === "timed out") return { status, error: text };
  return undefined;
}
