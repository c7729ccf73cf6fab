import type { App, BlockAction, ButtonAction, webApi } from "@slack/bolt";
import type { Logger } from "pino";
import {
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPrompt,
  approvalButtonData,
  buttonsOf,
  DECISION_ROOM,
  type PressAnswer,
  PromptTooLong,
  parseApprovalButton,
} from "../../src/channel-kit/approval.js";
import { escapeMrkdwn } from "./format.js";

/** The most a `plain_text` section shows. */
const SECTION_LIMIT = 3000;
/** The most a message's `text` holds: the prompt goes there too, in full, for notifications and screen readers. */
const TEXT_LIMIT = 39_000;

/** The text in pieces of at most {@link SECTION_LIMIT} UTF-16 units, never splitting a character. */
function sectionsOf(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const character of text) {
    if (piece.length + character.length > SECTION_LIMIT) {
      pieces.push(piece);
      piece = "";
    }
    piece += character;
  }
  return [...pieces, piece];
}

/**
 * The prompt's text as plain-text sections (no mrkdwn, no mentions, no emoji shortcodes:
 * shown as written), in full over as many sections as it takes, with or without the buttons.
 */
function blocksFor(text: string, prompt?: ApprovalPrompt) {
  const sections = sectionsOf(text).map((piece) => ({
    type: "section",
    text: { type: "plain_text", text: piece, emoji: false },
  }));
  if (!prompt) return sections;
  const buttons = buttonsOf(prompt).map(({ choice, label }) => ({
    type: "button",
    text: { type: "plain_text", text: label },
    action_id: approvalButtonData(prompt.id, choice),
    value: approvalButtonData(prompt.id, choice),
    ...(choice === "once" ? { style: "primary" } : choice === "deny" ? { style: "danger" } : {}),
  }));
  return [...sections, { type: "actions", block_id: `approval-${prompt.id}`, elements: buttons }];
}

/** The message's `text` (notifications, screen readers): the prompt in full, its `<`, `>`, `&` escaped. */
function fallbackOf(text: string): string {
  return escapeMrkdwn(text);
}

/**
 * Posts an approval prompt with Block Kit buttons, in the turn's thread when it has one. A
 * prompt longer than the sections a message holds is refused ({@link PromptTooLong}), never cut.
 */
export async function postSlackApproval(client: webApi.WebClient, prompt: ApprovalPrompt): Promise<ApprovalHandle> {
  const limit = TEXT_LIMIT - DECISION_ROOM;
  if (prompt.text.length > limit) throw new PromptTooLong(prompt.text.length, limit);
  const posted = await client.chat.postMessage({
    channel: prompt.chatId,
    text: fallbackOf(prompt.text),
    mrkdwn: false,
    blocks: blocksFor(prompt.text, prompt),
    ...(prompt.threadId ? { thread_ts: prompt.threadId } : {}),
  });
  return { messageId: String(posted.ts) };
}

/** Replaces a prompt's text and removes its buttons (`chat.update`). */
export async function settleSlackApproval(
  client: webApi.WebClient,
  prompt: ApprovalPrompt,
  handle: ApprovalHandle,
  text: string,
): Promise<void> {
  await client.chat.update({
    channel: prompt.chatId,
    ts: handle.messageId,
    text: fallbackOf(text),
    blocks: blocksFor(text),
  });
}

/** Shows a press's answer: the decision in the prompt, anything else only to the presser. */
async function showAnswer(
  client: webApi.WebClient,
  channel: string,
  body: BlockAction<ButtonAction>,
  answer: PressAnswer,
): Promise<void> {
  if (answer.type === "decided") {
    if (!body.message?.ts) return;
    await client.chat.update({
      channel,
      ts: body.message.ts,
      text: fallbackOf(answer.text),
      blocks: blocksFor(answer.text),
    });
    return;
  }
  const thread = body.message?.thread_ts as string | undefined;
  await client.chat.postEphemeral({
    channel,
    user: body.user.id,
    text: escapeMrkdwn(answer.text),
    ...(thread ? { thread_ts: thread } : {}),
  });
}

/**
 * Listens for `block_actions` of approval buttons (over the events endpoint in HTTP mode, over
 * the socket in Socket Mode): hands the press to the core at once, then shows the decision
 * in the prompt (`chat.update`) or tells only the presser why nothing happened (`chat.postEphemeral`).
 */
export function listenForSlackPresses(app: App, approvals: ApprovalDecisions | undefined, log: Logger): void {
  app.action<BlockAction<ButtonAction>>(/^approve:/, async ({ ack, body, action, client }) => {
    await ack();
    const button = parseApprovalButton(action.action_id);
    const channel = body.channel?.id;
    if (!button || !approvals || !channel) return;
    const answer = await approvals.press({
      channel: "slack",
      chatId: channel,
      ...(body.message?.ts ? { messageId: body.message.ts } : {}),
      id: button.id,
      choice: button.choice,
      by: { userId: body.user.id, name: body.user.username ?? body.user.name ?? body.user.id },
    });
    // Not awaited: the press is acknowledged once this handler returns (after the record, for
    // events), and Slack wants that within 3 s whatever the Web API's latency.
    void showAnswer(client, channel, body, answer).catch((error: unknown) =>
      log.warn({ err: error }, "slack: answering an approval press failed"),
    );
  });
}
