import type { Logger } from "pino";
import type { ApprovalChoice, ApprovalPress, PressAnswer } from "../channel-kit/approval.js";

/** What a press is answered with when it cannot decide. */
export const ANSWER = {
  notYours: "Not yours to approve.",
  /** Timed out, or the turn that asked ended first. */
  expired: "This request expired: nothing was run.",
  decided: "This request was already decided.",
  /** Not known here: from before a restart, decided or expired long ago, or never issued. */
  unknown: "This request expired or was already decided.",
  /** Cluster: the process that asked stopped. */
  orphaned: "This request expired: the bot process that asked for it stopped, so nothing was run.",
} as const;

export const gone = (text: string): PressAnswer => ({ type: "gone", text });

/** Where a request's prompt is: the chat (and Discord thread) it was posted in and, once posted, its message. */
export interface PromptPlace {
  channel: string;
  chatId: string;
  threadId?: string;
  messageId?: string;
}

/**
 * Whether a press came from the prompt's own buttons: the same channel, the prompt's chat
 * (or its Discord thread) and, once the prompt's message id is known, that message.
 */
export function isFromPrompt(press: ApprovalPress, place: PromptPlace): boolean {
  if (press.channel !== place.channel) return false;
  if (press.chatId !== place.chatId && press.chatId !== place.threadId) return false;
  return place.messageId === undefined || press.messageId === place.messageId;
}

/** The prompt's text once decided: the decision and who made it below. */
export function decidedText(promptText: string, press: Pick<ApprovalPress, "by">, choice: ApprovalChoice): string {
  return `${promptText}\n\n${decisionLine(choice)} by ${press.by.name ?? press.by.userId}`;
}

function decisionLine(choice: ApprovalChoice): string {
  if (choice === "once") return "✅ Allowed once";
  if (choice === "conversation") return "✅ Allowed for this conversation";
  return "🚫 Denied";
}

/** Ids of requests that ended lately, and how, so a late press is told what became of it. */
export class EndedRequests {
  readonly #ended = new Map<string, "expired" | "decided">();
  constructor(private readonly max = 1_000) {}

  add(id: string, how: "expired" | "decided"): void {
    this.#ended.delete(id);
    this.#ended.set(id, how);
    if (this.#ended.size > this.max) this.#ended.delete(this.#ended.keys().next().value as string);
  }

  /** The answer to a press for a request that is not pending. */
  answerFor(id: string): PressAnswer {
    const how = this.#ended.get(id);
    return gone(how === "expired" ? ANSWER.expired : how === "decided" ? ANSWER.decided : ANSWER.unknown);
  }
}

/** What judging a press needs to know of a request: where its prompt is and who asked. */
export type PressedRequest = PromptPlace & { requester: string };

/** The press's choice, "for this conversation" being "once" where it was not offered. */
export function choiceOf(press: ApprovalPress, prompt: { offersConversation: boolean }): ApprovalChoice {
  return press.choice === "conversation" && !prompt.offersConversation ? "once" : press.choice;
}

/** Who may decide what, and what a press that cannot decide is told. */
export interface PressJudge {
  /** `tools.approvers`: `channel:userId` of people who may decide for anyone. */
  approvers: ReadonlySet<string>;
  ended: EndedRequests;
  log: Logger;
}

/**
 * Why a press cannot decide `request`: not pending, a button that is not the prompt's own in
 * its chat (answered as if unknown, so nothing is learnt from it), or not the presser's to
 * decide; undefined when it can.
 */
export function refusalOf(
  judge: PressJudge,
  press: ApprovalPress,
  request: PressedRequest | undefined,
): PressAnswer | undefined {
  if (!request) return judge.ended.answerFor(press.id);
  if (!isFromPrompt(press, request)) {
    judge.log.warn(
      { id: press.id, channel: press.channel, chatId: press.chatId },
      "approval press dropped: not the prompt's own button in its chat",
    );
    return gone(ANSWER.unknown);
  }
  const presser = `${press.channel}:${press.by.userId}`;
  if (presser === request.requester || judge.approvers.has(presser)) return undefined;
  judge.log.info({ id: press.id, presser }, "approval press refused: not the requester nor an approver");
  return { type: "refused", text: ANSWER.notYours };
}
