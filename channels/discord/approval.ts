import { type ButtonInteraction, MessageFlags, type REST, Routes } from "discord.js";
import type { Logger } from "pino";
import {
  APPROVAL_BUTTONS,
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPrompt,
  approvalButtonData,
  parseApprovalButton,
} from "../../src/channel-kit/approval.js";
import { NO_MENTIONS } from "./outbound.js";

/** Button styles: Primary (1), Secondary (2), Danger (4). */
const STYLE = { once: 1, conversation: 2, deny: 4 } as const;

/** One action row with the three buttons (component type 1 holding type 2 buttons). */
function componentsFor(id: string) {
  return [
    {
      type: 1,
      components: APPROVAL_BUTTONS.map(({ choice, label }) => ({
        type: 2,
        style: STYLE[choice],
        label,
        custom_id: approvalButtonData(id, choice),
      })),
    },
  ];
}

/** Posts an approval prompt with message components, in the turn's thread when it has one. */
export async function postDiscordApproval(rest: REST, prompt: ApprovalPrompt): Promise<ApprovalHandle> {
  const channelId = prompt.threadId ?? prompt.chatId;
  const body = { content: prompt.text, components: componentsFor(prompt.id), allowed_mentions: NO_MENTIONS };
  const sent = (await rest.post(Routes.channelMessages(channelId), { body })) as { id: string };
  return { messageId: sent.id };
}

/** Replaces a prompt's text and removes its buttons (an edit of the message). */
export async function settleDiscordApproval(
  rest: REST,
  prompt: ApprovalPrompt,
  handle: ApprovalHandle,
  text: string,
): Promise<void> {
  const channelId = prompt.threadId ?? prompt.chatId;
  await rest.patch(Routes.channelMessage(channelId, handle.messageId), {
    body: { content: text, components: [], allowed_mentions: NO_MENTIONS },
  });
}

/**
 * Answers an `INTERACTION_CREATE` of an approval button: the press goes to the core at once;
 * a decision updates the prompt in the interaction callback (type 7, UPDATE_MESSAGE), anything
 * else is told only to the presser (type 4 with the ephemeral flag).
 */
export async function handleDiscordPress(
  interaction: ButtonInteraction,
  approvals: ApprovalDecisions | undefined,
  log: Logger,
): Promise<void> {
  const button = parseApprovalButton(interaction.customId);
  if (!button || !approvals) return;
  const answer = await approvals.press({
    channel: "discord",
    id: button.id,
    choice: button.choice,
    by: { userId: interaction.user.id, name: interaction.user.globalName ?? interaction.user.username },
  });
  try {
    if (answer.type === "decided") {
      await interaction.update({ content: answer.text, components: [], allowedMentions: NO_MENTIONS });
    } else {
      await interaction.reply({ content: answer.text, flags: MessageFlags.Ephemeral });
    }
  } catch (error) {
    log.warn({ err: error }, "discord: answering an approval press failed");
  }
}
