import { PairingFiles, type PairingStore } from "../../access/pairing-store.js";
import type { SkeinConfig } from "../../config/schema.js";

/** `tools.message.targets`: chats the bot knows (`known`, the default) or any chat (`any`). */
export type MessageTargetsMode = "known" | "any";

export interface MessageTarget {
  channel: string;
  chatId: string;
}

export interface MessageTargetOptions {
  mode: MessageTargetsMode;
  config: SkeinConfig;
  /** `$SKEIN_HOME`: its pairings say which senders are approved. */
  home: string;
  /** Where approved senders are kept (Redis in a cluster); default: the files under `home`. */
  pairings?: Pick<PairingStore, "isApproved">;
  /** Whether a conversation exists with this chat (any of its threads); the session store knows. */
  hasConversation?: (target: MessageTarget) => Promise<boolean>;
}

/** Why a target is refused, or undefined when the message tool may send there. */
export type MessageTargetRule = (target: MessageTarget, current: MessageTarget) => Promise<string | undefined>;

/**
 * The rule for the `message` tool's targets. A known chat is: the current one; one with a
 * session (every chat whose messages passed the allow list or pairing, Slack channels
 * the bot was mentioned in included); a sender in the channel's `allow_from` or approved
 * by pairing (their direct chat: on Telegram and Slack a user id addresses it).
 */
export function messageTargetRule(options: MessageTargetOptions): MessageTargetRule {
  if (options.mode === "any") return async () => undefined;
  const pairings = options.pairings ?? new PairingFiles({ home: options.home });
  const allowFrom = (channel: string): string[] =>
    Object.hasOwn(options.config.channels, channel)
      ? ((options.config.channels as Record<string, { allow_from?: string[] }>)[channel]?.allow_from ?? [])
      : [];

  const hasConversation = options.hasConversation ?? (async () => false);

  return async (target, current) => {
    if (target.channel === current.channel && target.chatId === current.chatId) return undefined;
    if (allowFrom(target.channel).includes(target.chatId)) return undefined;
    if (await pairings.isApproved(target.channel, target.chatId).catch(() => false)) return undefined;
    if (await hasConversation(target).catch(() => false)) return undefined;
    return (
      `${target.channel} chat ${target.chatId} is not a chat the bot knows (tools.message.targets is "known": ` +
      `the current chat, chats with an allowed or paired sender, and channels the bot was mentioned in)`
    );
  };
}
