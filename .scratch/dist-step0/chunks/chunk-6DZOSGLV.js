#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { rankOf } from "./chunk-F3J2KTDO.js";
var alwaysThere = ["cli", "web"];
function keysOf(match) {
  return Object.entries(match).filter((entry) => entry[1] !== void 0);
}
function describeMatch(match) {
  const keys = keysOf(match);
  return keys.length ? keys.map(([key, value]) => `${key}=${value}`).join(" ") : "(empty match)";
}
function bindingWarnings(config, configuredChannels) {
  const warnings = [];
  return (
    config.bindings.forEach((binding, index) => {
      const { match } = binding,
        where = `bindings[${index}] (agent ${binding.agent}, ${describeMatch(match)})`,
        never = (why) => {
          warnings.push(`${where} can never match: ${why}`);
        };
      if (rankOf(match) === void 0) {
        never("its match is empty; name a channel, chat_id, sender, team_id, guild_id or thread");
        return;
      }
      match.channel !== void 0 &&
        !configuredChannels.includes(match.channel) &&
        !alwaysThere.includes(match.channel) &&
        never(`channel "${match.channel}" is not configured`),
        match.team_id !== void 0 && match.guild_id !== void 0
          ? never("team_id is Slack's and guild_id Discord's; no message has both")
          : match.team_id !== void 0 && match.channel !== void 0 && match.channel !== "slack"
            ? never(`team_id is a Slack workspace, but the channel is ${match.channel}`)
            : match.guild_id !== void 0 &&
              match.channel !== void 0 &&
              match.channel !== "discord" &&
              never(`guild_id is a Discord server, but the channel is ${match.channel}`);
      const shadow = config.bindings
        .slice(0, index)
        .findIndex((earlier) => rankOf(earlier.match) === rankOf(match) && coveredBy(match, earlier.match));
      shadow !== -1 &&
        never(`bindings[${shadow}] (agent ${config.bindings[shadow].agent}) matches every message it does, first`);
    }),
    warnings
  );
}
function coveredBy(later, earlier) {
  const keys = keysOf(earlier);
  return keys.length > 0 && keys.every(([key, value]) => later[key] === value);
}
export { bindingWarnings, describeMatch };
//# sourceMappingURL=chunk-6DZOSGLV.js.map
