import type { BindingConfig, SkeinConfig } from "../config/schema.js";
import { rankOf } from "./router.js";

/** Channels that exist without configuration: the terminal (`skein chat`) and the dashboard's web chat. */
const alwaysThere = ["cli", "web"];

/** The match keys a binding names, with their values. */
function keysOf(match: BindingConfig["match"]): Array<[string, string]> {
  return Object.entries(match).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** `{ channel: "slack", team_id: "T1" }` as people wrote it. */
export function describeMatch(match: BindingConfig["match"]): string {
  const keys = keysOf(match);
  return keys.length ? keys.map(([key, value]) => `${key}=${value}`).join(" ") : "(empty match)";
}

/**
 * Why bindings can never match, one line each naming the binding (`bindings[3]`): a channel that
 * is not configured, a `team_id` on a channel other than Slack, a `guild_id` on one other than
 * Discord, both at once, an empty match, and a binding shadowed by an earlier one of the same
 * rank whose every key it repeats (the earlier one always wins).
 */
export function bindingWarnings(config: SkeinConfig, configuredChannels: readonly string[]): string[] {
  const warnings: string[] = [];
  config.bindings.forEach((binding, index) => {
    const { match } = binding;
    const where = `bindings[${index}] (agent ${binding.agent}, ${describeMatch(match)})`;
    const never = (why: string) => {
      warnings.push(`${where} can never match: ${why}`);
    };
    if (rankOf(match) === undefined) {
      never("its match is empty; name a channel, chat_id, sender, team_id, guild_id or thread");
      return;
    }
    if (
      match.channel !== undefined &&
      !configuredChannels.includes(match.channel) &&
      !alwaysThere.includes(match.channel)
    )
      never(`channel "${match.channel}" is not configured`);
    if (match.team_id !== undefined && match.guild_id !== undefined)
      never("team_id is Slack's and guild_id Discord's; no message has both");
    else if (match.team_id !== undefined && match.channel !== undefined && match.channel !== "slack")
      never(`team_id is a Slack workspace, but the channel is ${match.channel}`);
    else if (match.guild_id !== undefined && match.channel !== undefined && match.channel !== "discord")
      never(`guild_id is a Discord server, but the channel is ${match.channel}`);
    const shadow = config.bindings
      .slice(0, index)
      .findIndex((earlier) => rankOf(earlier.match) === rankOf(match) && coveredBy(match, earlier.match));
    if (shadow !== -1)
      never(`bindings[${shadow}] (agent ${config.bindings[shadow]!.agent}) matches every message it does, first`);
  });
  return warnings;
}

/** Whether every key of `earlier` is in `later` with the same value: `earlier` matches all that `later` does. */
function coveredBy(later: BindingConfig["match"], earlier: BindingConfig["match"]): boolean {
  const keys = keysOf(earlier);
  return keys.length > 0 && keys.every(([key, value]) => later[key as keyof BindingConfig["match"]] === value);
}
