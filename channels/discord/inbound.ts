import { ChannelType, type Message, MessageFlags } from "discord.js";
import type { InboundMessage, MediaAttachment } from "../../src/bus/messages.js";
import type { AttachmentSource } from "../../src/channel-kit/attachment-download.js";
import { mediaKindOf } from "../../src/channel-kit/media-kind.js";

/**
 * Turns a discord.js message into an {@link InboundMessage}, or `undefined` for messages
 * the bot never answers (its own, other bots', system messages).
 *
 * Threads are their own sessions: a message in a thread has the thread's channel id as
 * `chatId` (a thread is a channel on Discord), so the session key differs from the parent
 * channel's and replies posted to `chatId` land in the thread; `parentChatId` names that channel
 * and `guildId` the server, for routing.
 */
export function toInboundMessage(message: Message, botUserId: string): InboundMessage | undefined {
  if (message.author.bot || message.author.id === botUserId || message.system) return undefined;
  const isDirect = message.channel.type === ChannelType.DM;
  const mentioned =
    !isDirect &&
    (message.mentions.users.has(botUserId) ||
      (message.reference !== null && message.mentions.repliedUser?.id === botUserId));
  const media = describeAttachments(message);
  return {
    id: `discord:${message.id}`,
    channel: "discord",
    chatId: message.channelId,
    senderId: message.author.id,
    senderName: message.member?.displayName ?? message.author.globalName ?? message.author.username,
    senderUsername: message.author.username,
    text: renderMentions(message, botUserId),
    ...(message.guildId && { guildId: message.guildId }),
    ...(message.channel.isThread() && message.channel.parentId && { parentChatId: message.channel.parentId }),
    isDirect,
    ...(!isDirect && { mentioned, replyToId: message.id }),
    receivedAt: message.createdTimestamp,
    ...(media.length > 0 && { media }),
  };
}

/**
 * Strips mentions of the bot and renders the others readably: `<@id>` as `@username`,
 * `<#id>` as `#channel-name`, `<@&id>` as `@role`. Unknown ids are left as they are.
 */
function renderMentions(message: Message, botUserId: string): string {
  const { users, roles, channels } = message.mentions;
  const resolveChannel = (id: string) => channels.get(id) ?? message.client.channels.cache.get(id);
  return message.content
    .replace(new RegExp(`<@!?${botUserId}>`, "g"), "")
    .replace(/<@!?(\d+)>/g, (raw, id: string) => {
      const user = users.get(id);
      return user ? `@${user.username}` : raw;
    })
    .replace(/<@&(\d+)>/g, (raw, id: string) => {
      const role = roles.get(id);
      return role ? `@${role.name}` : raw;
    })
    .replace(/<#(\d+)>/g, (raw, id: string) => {
      const channel = resolveChannel(id);
      return channel && "name" in channel && channel.name ? `#${channel.name}` : raw;
    })
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

/** Whether a guild message looks like its content was withheld (no MessageContent intent). */
export function looksContentless(message: Message): boolean {
  return (
    message.inGuild() &&
    message.content === "" &&
    message.attachments.size === 0 &&
    message.embeds.length === 0 &&
    message.stickers.size === 0 &&
    message.poll === null
  );
}

/** The message's attachments; `ref` is the attachment's (signed CDN) URL, downloaded after the gates. */
function describeAttachments(message: Message): MediaAttachment[] {
  const isVoiceMessage = message.flags.has(MessageFlags.IsVoiceMessage);
  return message.attachments.map((attachment) => {
    const fileKind = mediaKindOf(attachment.contentType ?? undefined);
    const kind = isVoiceMessage && fileKind === "audio" ? "voice" : fileKind;
    return {
      kind,
      name: attachment.name,
      ...(attachment.contentType && { mimeType: attachment.contentType }),
      size: attachment.size,
      ref: attachment.url,
    };
  });
}

/** Where Discord serves an attachment: its signed CDN URL, which needs no token. */
export function discordFileSource(attachment: MediaAttachment): AttachmentSource {
  return { url: attachment.ref ?? "" };
}
