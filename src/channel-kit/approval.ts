/**
 * What channels and the approval broker (src/approvals) exchange when a tool call needs
 * the user's approval (`tools.approval: ask`): the prompt a channel posts with its three
 * buttons, and the button press it reports back. Presses go straight to the broker
 * through {@link ApprovalDecisions}, never through the chat's turn queue: the turn that
 * asked is waiting in that queue.
 */

/** The three answers a prompt offers. */
export type ApprovalChoice = "once" | "conversation" | "deny";

/** The buttons, in the order they are shown. */
export const APPROVAL_BUTTONS: ReadonlyArray<{ choice: ApprovalChoice; label: string }> = [
  { choice: "once", label: "Allow once" },
  { choice: "conversation", label: "Allow for this conversation" },
  { choice: "deny", label: "Deny" },
];

/** A prompt to post in a chat: which tool wants to run, with which (shortened, redacted) arguments. */
export interface ApprovalPrompt {
  /** Unguessable id of the pending request (16 hex characters); buttons carry it. */
  id: string;
  channel: string;
  chatId: string;
  threadId?: string;
  /** The message that started the turn, to post the prompt as a reply to (groups). */
  replyToId?: string;
  tool: string;
  /** The call's arguments as shown to the user: in full, literally (invisible characters escaped), secrets redacted. */
  summary: string;
  /**
   * The prompt's whole text: the tool and the arguments. Plain text that the channel shows
   * literally: nothing in it may become markup, a mention or an emoji on the platform.
   */
  text: string;
  /**
   * Whether "Allow for this conversation" is offered. It is not in a turn nobody is present
   * for (a scheduled task, a webhook): the channel shows Allow once and Deny only.
   */
  offersConversation: boolean;
}

/** The buttons a prompt shows, in order. */
export function buttonsOf(prompt: Pick<ApprovalPrompt, "offersConversation">): typeof APPROVAL_BUTTONS {
  return prompt.offersConversation ? APPROVAL_BUTTONS : APPROVAL_BUTTONS.filter((b) => b.choice !== "conversation");
}

/**
 * Room a posted prompt keeps for the decision line added when it is settled (who decided,
 * how): a channel refuses a prompt whose text leaves less than this below its platform limit.
 */
export const DECISION_ROOM = 200;

/**
 * Thrown by a channel's `askApproval` when the prompt, shown in full, does not fit in one
 * platform message: the call is refused rather than shown cut.
 */
export class PromptTooLong extends Error {
  override readonly name = "PromptTooLong";
  readonly kind = "prompt-too-long";
  constructor(
    /** The prompt's length as the platform counts it. */
    readonly length: number,
    /** The most the platform shows in one prompt (less the room for the decision). */
    readonly limit: number,
  ) {
    super(`the approval prompt is ${length} characters long; at most ${limit} fit`);
  }
}

/** Where a posted prompt is, so that it can be updated later and presses checked against it. */
export interface ApprovalHandle {
  /** The platform id of the prompt message. */
  messageId: string;
}

/** Who pressed a button: the platform user id (as in `InboundMessage.senderId`) and a display name. */
export interface ApprovalPresser {
  userId: string;
  name?: string;
}

/** A button press a channel received. */
export interface ApprovalPress {
  /** The channel the press came from. */
  channel: string;
  /**
   * The chat of the message whose button was pressed, as the platform reports it (Discord: the
   * thread's channel id for a prompt in a thread). A press decides only in the prompt's chat.
   */
  chatId: string;
  /** The platform id of the message whose button was pressed: only the prompt's own buttons decide. */
  messageId?: string;
  /** The request id the button carried. */
  id: string;
  choice: ApprovalChoice;
  by: ApprovalPresser;
}

/**
 * What the broker answers to a press: `decided` (the prompt should now read `text`, its
 * buttons gone), `refused` (the presser may not decide: tell only them `text`, change
 * nothing) or `gone` (the request expired, was already decided, belongs to an earlier run of
 * the daemon, or the button was not the prompt's in this chat: tell the presser `text`).
 */
export type PressAnswer =
  | { type: "decided"; text: string }
  | { type: "refused"; text: string }
  | { type: "gone"; text: string };

/**
 * The core's side of button presses, given to channels in `ChannelDeps.approvals`. It never
 * waits for a turn: one process answers at once; in a cluster the answer may take a round trip
 * to Redis (the request may wait in another process), so channels await it.
 */
export interface ApprovalDecisions {
  press(press: ApprovalPress): PressAnswer | Promise<PressAnswer>;
}

/** The text a button carries: `approve:<id>:<choice>` (Telegram allows 64 bytes of callback data). */
export function approvalButtonData(id: string, choice: ApprovalChoice): string {
  return `approve:${id}:${choice}`;
}

/** Reads a button's text back; undefined when it is not an approval button. */
export function parseApprovalButton(data: string): { id: string; choice: ApprovalChoice } | undefined {
  const match = /^approve:([0-9a-f]{16}):(once|conversation|deny)$/.exec(data);
  return match ? { id: match[1]!, choice: match[2] as ApprovalChoice } : undefined;
}
