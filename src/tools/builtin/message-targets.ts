import { PairingFiles, type PairingStore } from "../../access/pairing-store.js";
import type { SkeinConfig } from "../../config/schema.js";
import type { ToolContext } from "../tool.js";

/** `tools.message.targets`' mode: chats the bot knows (`known`, the default) or any chat (`any`). */
export type MessageTargetsMode = "known" | "any";

/** `tools.message.targets` as written: the mode alone, or the mode with extra `channel:chatId` targets. */
export type MessageTargetsSetting = SkeinConfig["tools"]["message"]["targets"];

export interface MessageTarget {
  channel: string;
  chatId: string;
}

/** `tools.message.targets` in one shape, whichever form the config used. */
export interface MessageTargets {
  mode: MessageTargetsMode;
  /** Chats allowed beside the mode's, as `channel:chatId` (a notification channel, say). */
  extra: string[];
}

/** Reads `tools.message.targets`: `"known"`, `"any"`, or `{"mode": "known", "extra": ["slack:C0123"]}`. */
export function messageTargetsOf(setting: MessageTargetsSetting): MessageTargets {
  return typeof setting === "string" ? { mode: setting, extra: [] } : { mode: setting.mode, extra: setting.extra };
}

export interface MessageTargetOptions {
  /** `tools.message.targets` (either form). */
  targets: MessageTargetsSetting;
  config: SkeinConfig;
  /** `$SKEIN_HOME`: its pairings say which senders are approved. */
  home: string;
  /** Where approved senders are kept (Redis in a cluster); default: the files under `home`. */
  pairings?: Pick<PairingStore, "isApproved">;
  /** Whether a conversation exists with this chat (any of its threads); the session store knows. */
  hasConversation?: (target: MessageTarget) => Promise<boolean>;
  /**
   * With several agents (`agents.list`): the agent whose tools these are, and whether the bindings
   * route a chat to it. A chat known by `allow_from` or pairing is reached only when routed to it;
   * `hasConversation` must then answer for this agent's conversations only.
   */
  agent?: { id: string; routedHere: (target: MessageTarget) => boolean };
}

/** Why a target is refused, or undefined when the message tool may send there. */
export type MessageTargetRule = (target: MessageTarget, current: MessageTarget) => Promise<string | undefined>;

/**
 * The rule for the `message` tool's targets. A known chat is: the current one; one with a
 * session (every chat whose messages passed the allow list or pairing, Slack channels
 * the bot was mentioned in included); a sender in the channel's `allow_from` or approved
 * by pairing (their direct chat: on every platform a user id addresses it); and every
 * `extra` target the operator named.
 */
export function messageTargetRule(options: MessageTargetOptions): MessageTargetRule {
  const { mode, extra } = messageTargetsOf(options.targets);
  if (mode === "any") return async () => undefined;
  const named = new Set(extra);
  const pairings = options.pairings ?? new PairingFiles({ home: options.home });
  const allowFrom = (channel: string): string[] =>
    Object.hasOwn(options.config.channels, channel)
      ? ((options.config.channels as Record<string, { allow_from?: string[] }>)[channel]?.allow_from ?? [])
      : [];

  const hasConversation = options.hasConversation ?? (async () => false);
  const { agent } = options;
  const routed = agent ? agent.routedHere : () => true;

  return async (target, current) => {
    if (target.channel === current.channel && target.chatId === current.chatId) return undefined;
    if (named.has(`${target.channel}:${target.chatId}`)) return undefined;
    if (routed(target)) {
      if (allowFrom(target.channel).includes(target.chatId)) return undefined;
      if (await pairings.isApproved(target.channel, target.chatId).catch(() => false)) return undefined;
    }
    if (await hasConversation(target).catch(() => false)) return undefined;
    return agent ? agentRefusal(target, agent.id, extra) : refusal(target, extra);
  };
}

/** What an agent's refused target is told: only its own chats, or its `message.targets`. */
function agentRefusal(target: MessageTarget, agent: string, extra: string[]): string {
  const wanted = `${target.channel}:${target.chatId}`;
  const allowing = JSON.stringify({ mode: "known", extra: [...extra, wanted] });
  return (
    `${target.channel} chat ${target.chatId} is not a chat of agent ${agent} (an agent reaches the chats routed to ` +
    `it that it knows, and the extra targets named). To allow it, the operator sets ` +
    `agents.list[].tools.message.targets of agent ${agent} to ${allowing} in the config.`
  );
}

/** What a refused target is told: the rule, and the one setting that would allow exactly this chat. */
function refusal(target: MessageTarget, extra: string[]): string {
  const wanted = `${target.channel}:${target.chatId}`;
  const allowing = JSON.stringify({ mode: "known", extra: [...extra, wanted] });
  return (
    `${target.channel} chat ${target.chatId} is not a chat the bot knows (tools.message.targets is "known": ` +
    `the current chat, chats with an allowed or paired sender, channels the bot was mentioned in, and the extra ` +
    `targets named). To allow it, the operator sets tools.message.targets to ${allowing} in the config.`
  );
}

/**
 * Applies the rule to a call's target: the turn's own chat is always reached; anything else
 * is judged from the chat the call acts as (a scheduled job's: the chat that created it).
 */
export async function targetRefusal(
  rule: MessageTargetRule,
  target: MessageTarget,
  ctx: Pick<ToolContext, "channel" | "chatId" | "actsAs">,
): Promise<string | undefined> {
  if (target.channel === ctx.channel && target.chatId === ctx.chatId) return undefined;
  return rule(target, ctx.actsAs ?? { channel: ctx.channel, chatId: ctx.chatId });
}
