import type { Logger } from "pino";
import { isAllowed } from "../access/allow-list.js";
import { LocalReplyLimit, type PairingReplyLimit, replyLimitKey } from "../access/pairing-reply-limit.js";
import { PairingFiles, type PairingStore } from "../access/pairing-store.js";
import type { InboundMessage } from "../bus/messages.js";
import type { GroupPolicy, SkeinConfig } from "../config/schema.js";
import type { Admission, InboundGate } from "./gate.js";

export { PairingFiles, type PairingStore } from "../access/pairing-store.js";

export interface AccessGateOptions {
  config: SkeinConfig;
  /** `$SKEIN_HOME`: approved pairings are stored under it. */
  home: string;
  log: Logger;
  /** Where pairings are kept (Redis in a cluster; tests set expiry, limits, clock); default: files under `home`. */
  pairings?: PairingStore;
  /** One pairing reply per sender and `pairing.reply_interval` (shared in a cluster); default: in memory. */
  replyLimit?: PairingReplyLimit;
  /** Clock for the in-memory pairing reply limit (default `Date.now`). */
  now?: () => number;
}

interface ChannelAccess {
  allow_from: string[];
  group_policy: GroupPolicy;
}

/**
 * The one access policy for every channel: allow lists, pairing of strangers in
 * direct messages, and the group policy (mention / open / disabled).
 */
export function createAccessGate(options: AccessGateOptions): InboundGate {
  const pairings = options.pairings ?? new PairingFiles({ home: options.home });
  const { log } = options;
  const replyIntervalMs = options.config.pairing.reply_interval * 1000;
  const replyLimit = options.replyLimit ?? new LocalReplyLimit(options.now);
  const mayReply = (message: InboundMessage) =>
    replyLimit.claim(replyLimitKey(message.channel, message.senderId), replyIntervalMs);

  /**
   * The access settings of a platform channel (`channels.<name>`). Channels without
   * any, such as `cli` (the operator's terminal) or a channel added in code, are the
   * operator's own and let everything in.
   */
  const accessOf = (channel: string): ChannelAccess | undefined =>
    Object.hasOwn(options.config.channels, channel)
      ? (options.config.channels as Record<string, ChannelAccess>)[channel]
      : undefined;

  const isLetIn = async (message: InboundMessage, access: ChannelAccess) =>
    isAllowed(access.allow_from, message) || (await pairings.isApproved(message.channel, message.senderId));

  async function pair(message: InboundMessage): Promise<Admission> {
    if (!(await mayReply(message)))
      return { type: "ignore", reason: "a pairing reply was already sent to this sender recently" };
    const request = await pairings.requestCode(message.channel, {
      senderId: message.senderId,
      senderName: message.senderName,
      senderUsername: message.senderUsername,
      chatId: message.chatId,
    });
    const sender = { channel: message.channel, senderId: message.senderId, senderUsername: message.senderUsername };
    if (request.type === "too-many-pending") {
      log.warn(sender, "a stranger asked to pair, but too many pairing codes are pending on this channel");
      return { type: "reply", text: tooManyPendingText };
    }
    if (request.isNew) {
      log.info(
        { ...sender, code: request.code },
        `pairing requested: approve with \`skein pairing approve ${message.channel} ${request.code}\``,
      );
    }
    return { type: "reply", text: pairingText(message.channel, request.code, request.expiresAt - Date.now()) };
  }

  /** Whether the sender is allowed in their own right (by id, username, `*` or pairing), wherever they write. */
  const isPersonallyLetIn = async (message: InboundMessage, access: ChannelAccess) =>
    isAllowed(access.allow_from, { ...message, isDirect: true }) ||
    (await pairings.isApproved(message.channel, message.senderId));

  async function admit(message: InboundMessage, access: ChannelAccess): Promise<Admission> {
    if (message.isDirect) return (await isLetIn(message, access)) ? { type: "admit", message } : pair(message);
    if (access.group_policy === "disabled") return { type: "ignore", reason: "group messages are disabled" };
    if (access.group_policy === "mention" && !message.mentioned) return { type: "ignore", reason: "not mentioned" };
    if (await isPersonallyLetIn(message, access)) return { type: "admit", message };
    if (!isAllowed(access.allow_from, message)) return { type: "ignore", reason: "sender not allowed" };
    return { type: "admit", message: { ...message, admittedVia: "group" } };
  }

  return {
    name: "access",
    async admit(platformMessage) {
      // Only this gate says how a sender was let in.
      const { admittedVia: _ignored, ...message } = platformMessage;
      const access = accessOf(message.channel);
      if (!access) return { type: "admit", message };
      try {
        return await admit(message, access);
      } catch (error) {
        // A pairing file the daemon cannot read or write (root-owned, corrupt) must not leave everyone unanswered.
        log.error(
          { channel: message.channel, err: error, location: pairings.location },
          `cannot check pairings: ${error instanceof Error ? error.message : String(error)}; ${pairings.remedy}`,
        );
        return message.isDirect
          ? { type: "reply", text: pairingUnavailableText }
          : { type: "ignore", reason: "pairings cannot be read" };
      }
    },
  };
}

/** What a sender is told when the pairings cannot be read (a file, or Redis): not silence. */
export const pairingUnavailableText =
  "Sorry, I can't check who may talk to me right now. The operator has been told; please try again later.";

/** What a stranger is told in a direct message. */
function pairingText(channel: string, code: string, validForMs: number): string {
  const minutes = Math.max(1, Math.ceil(validForMs / 60_000));
  const validity = minutes >= 60 ? "valid for 1 hour" : `valid for ${minutes} more minute${minutes === 1 ? "" : "s"}`;
  return [
    "Hi! I don't know you yet, so I can't answer you.",
    `Your pairing code is ${code} (${validity}). Ask the operator of this bot to approve it by running:`,
    `skein pairing approve ${channel} ${code}`,
  ].join("\n\n");
}

const tooManyPendingText =
  "Hi! I don't know you yet, and too many people are waiting for approval right now. Please try again in an hour.";
