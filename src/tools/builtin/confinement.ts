import type { ToolContext } from "../tool.js";
import type { MessageTarget } from "./message-targets.js";

/**
 * The lower-trust rule, on top of `tools.message.targets`: in a turn of a sender let in only
 * through their group's chat id (not allowed personally nor paired), the `message` tool and
 * `schedule`'s `deliver_to` may reach that group only. Returns why `target` is refused, or
 * undefined when the rule lets it through.
 */
export function confinementRefusal(ctx: Pick<ToolContext, "confinedTo">, target: MessageTarget): string | undefined {
  const group = ctx.confinedTo;
  if (!group || (target.channel === group.channel && target.chatId === group.chatId)) return undefined;
  return (
    `this sender may reach only ${group.channel} chat ${group.chatId}: they are allowed here only as a member ` +
    "of this group (its chat id is in allow_from), not personally (by user id, username or pairing)"
  );
}
