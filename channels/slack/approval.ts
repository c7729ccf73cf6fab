import type { App, BlockAction, ButtonAction, webApi } from "@slack/bolt";
import type { Logger } from "pino";
import {
  APPROVAL_BUTTONS,
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPrompt,
  approvalButtonData,
  type PressAnswer,
  parseApprovalButton,
} from "../../src/channel-kit/approval.js";
import { escapeMrkdwn } from "./format.js";

/** The prompt's text as a plain-text section (no mrkdwn, no mentions), with or without the buttons. */
function blocksFor(text: string, id?: string) {
  const section = { type: "section", text: { type: "plain_text", text: text.slice(0, 3000), emoji: true } };
  if (!id) return [section];
  const buttons = APPROVAL_BUTTONS.map(({ choice, label }) => ({
    type: "button",
    text: { type: "plain_text", text: label },
    action_id: approvalButtonData(id, choice),
    value: approvalButtonData(id, choice),
    ...(choice === "once" ? { style: "primary" } : choice === "deny" ? { style: "danger" } : {}),
  }));
  return [section, { type: "actions", block_id: `approval-${id}`, elements: buttons }];
}

/** Posts an approval prompt with Block Kit buttons, in the turn's thread when it has one. */
export async function postSlackApproval(client: webApi.WebClient, prompt: ApprovalPrompt): Promise<ApprovalHandle> {
  const posted = await client.chat.postMessage({
    channel: prompt.chatId,
    text: escapeMrkdwn(prompt.text),
    blocks: blocksFor(prompt.text, prompt.id),
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
    text: escapeMrkdwn(text),
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
      text: escapeMrkdwn(answer.text),
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
