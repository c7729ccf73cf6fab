import { isAllowed } from "../access/allow-list.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { InboundMessage } from "../bus/messages.js";
import type { SkeinConfig } from "../config/schema.js";

export interface SenderPermissionOptions {
  config: SkeinConfig;
  pairings: Pick<PairingStore, "isApproved">;
}

/**
 * Whether a sender may change a conversation's settings (such as `/model`): a sender the
 * channel's `allow_from` names (or `"*"`), or one approved by pairing. Being let into a
 * group only because its chat id is allowed is not enough: that lets anyone in the group
 * talk, not configure. Channels without access settings (the operator's terminal) allow it.
 */
export function createSenderPermission(options: SenderPermissionOptions) {
  return async (message: InboundMessage): Promise<boolean> => {
    if (!Object.hasOwn(options.config.channels, message.channel)) return true;
    const access = (options.config.channels as Record<string, { allow_from: string[] }>)[message.channel]!;
    if (isAllowed(access.allow_from, { ...message, isDirect: true })) return true;
    return options.pairings.isApproved(message.channel, message.senderId);
  };
}
