import { type ButtonInteraction, MessageFlags, type REST, Routes } from "discord.js";
import type { Logger } from "pino";
import {
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPrompt,
  approvalButtonData,
  buttonsOf,
  DECISION_ROOM,
  PromptTooLong,
  parseApprovalButton,
} from "../../src/channel-kit/approval.js";
import { MESSAGE_LIMIT } from "./format.js";
import { NO_MENTIONS } from "./outbound.js";

/** Button styles: Primary (1), Secondary (2), Danger (4). */
const STYLE = { once: 1, conversation: 2, deny: 4 } as const;

/** One action row with the buttons (component type 1 holding type 2 buttons). */
function componentsFor(prompt: ApprovalPrompt) {
  return [
    {
      type: 1,
      components: buttonsOf(prompt).map(({ choice, label }) => ({
        type: 2,
        style: STYLE[choice],
        label,
        custom_id: approvalButtonData(prompt.id, choice),
      })),
    },
  ];
}

/** Characters that are Markdown or a mention wherever they stand. */
const ALWAYS_MARKUP = /[\\*~`|[\]<@]/g;
/** Markdown only at the start of a line: quotes, headings, subtext, list markers. */
const LINE_START_MARKUP = /^( *)(>|#|-|\+|\d+(?=\.))/gm;
/** An underscore that may open or close emphasis or underline: not between two letters or digits. */
const LOOSE_UNDERSCORE = /(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g;

/**
 * Plain text as Discord shows it literally: every character that Discord's Markdown would
 * read as markup (bold, italics, underline, strikethrough, spoilers, code, quotes, headings,
 * lists, masked links, mentions, timestamps) escaped with a backslash. `read_file` and
 * `exec_shell` stay as they are.
 */
export function literalDiscordText(text: string): string {
  return text
    .replace(ALWAYS_MARKUP, "\\$&")
    .replace(LOOSE_UNDERSCORE, "\\_")
    .replace(LINE_START_MARKUP, (_match, indent: string, marker: string) =>
      /^\d/.test(marker) ? `${indent}${marker}\\` : `${indent}\\${marker}`,
    );
}

/**
 * Posts an approval prompt with message components, in the turn's thread when it has one.
 * Its text is shown literally; a prompt longer than one message is refused ({@link PromptTooLong}), never cut.
 */
export async function postDiscordApproval(rest: REST, prompt: ApprovalPrompt): Promise<ApprovalHandle> {
  const channelId = prompt.threadId ?? prompt.chatId;
  const content = literalDiscordText(prompt.text);
  const limit = MESSAGE_LIMIT - DECISION_ROOM;
  if (content.length > limit) throw new PromptTooLong(content.length, limit);
  const body = { content, components: componentsFor(prompt), allowed_mentions: NO_MENTIONS };
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
    body: { content: literalDiscordText(text), components: [], allowed_mentions: NO_MENTIONS },
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
    chatId: interaction.channelId,
    messageId: interaction.message.id,
    id: button.id,
    choice: button.choice,
    by: { userId: interaction.user.id, name: interaction.user.globalName ?? interaction.user.username },
  });
  try {
    if (answer.type === "decided") {
      await interaction.update({
        content: literalDiscordText(answer.text),
        components: [],
        allowedMentions: NO_MENTIONS,
      });
    } else {
      await interaction.reply({ content: answer.text, flags: MessageFlags.Ephemeral });
    }
  } catch (error) {
    log.warn({ err: error }, "discord: answering an approval press failed");
  }
}
