#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { defaultAgentId } from "./chunk-VQXR7EMG.js";
var bindingRanks = ["thread", "chat_id", "sender", "team_or_guild", "channel"];
function rankOf(match) {
  if (match.thread !== void 0) return "thread";
  if (match.chat_id !== void 0) return "chat_id";
  if (match.sender !== void 0) return "sender";
  if (match.team_id !== void 0 || match.guild_id !== void 0) return "team_or_guild";
  if (match.channel !== void 0) return "channel";
}
function lookupValues(message, rank) {
  switch (rank) {
    case "thread":
      return [message.threadId ?? (message.parentChatId ? message.chatId : void 0)];
    case "chat_id":
      return [message.chatId, message.parentChatId];
    case "sender":
      return [message.senderId, message.senderUsername];
    case "team_or_guild":
      return [message.teamId && `team:${message.teamId}`, message.guildId && `guild:${message.guildId}`];
    case "channel":
      return [message.channel];
  }
}
function indexValue(match, rank) {
  switch (rank) {
    case "thread":
      return match.thread;
    case "chat_id":
      return match.chat_id;
    case "sender":
      return match.sender;
    case "team_or_guild":
      return match.team_id !== void 0 ? `team:${match.team_id}` : `guild:${match.guild_id}`;
    case "channel":
      return match.channel;
  }
}
function matches(match, message) {
  return !(
    (match.channel !== void 0 && match.channel !== message.channel) ||
    (match.chat_id !== void 0 && match.chat_id !== message.chatId && match.chat_id !== message.parentChatId) ||
    (match.sender !== void 0 && match.sender !== message.senderId && match.sender !== message.senderUsername) ||
    (match.team_id !== void 0 && match.team_id !== message.teamId) ||
    (match.guild_id !== void 0 && match.guild_id !== message.guildId) ||
    (match.thread !== void 0 && !lookupValues(message, "thread").includes(match.thread))
  );
}
function createRouter(config) {
  const defaultAgent = defaultAgentId(config),
    known = new Set(config.agents.list?.map((agent) => agent.id) ?? [defaultAgent]),
    byRank = new Map();
  config.bindings.forEach((binding, index) => {
    const rank = rankOf(binding.match);
    if (!rank) return;
    const byValue = byRank.get(rank) ?? new Map();
    byRank.set(rank, byValue);
    const value = indexValue(binding.match, rank),
      bucket = byValue.get(value);
    bucket ? bucket.push({ index, binding }) : byValue.set(value, [{ index, binding }]);
  });
  const ranks = bindingRanks.filter((rank) => byRank.has(rank));
  return {
    defaultAgent,
    agentFor(message) {
      if (message.internal && message.agentId !== void 0 && known.has(message.agentId)) return message.agentId;
      for (const rank of ranks) {
        let byValue = byRank.get(rank),
          best;
        for (const value of lookupValues(message, rank))
          if (value !== void 0)
            for (const candidate of byValue.get(value) ?? []) {
              if (best && candidate.index >= best.index) break;
              matches(candidate.binding.match, message) && (best = candidate);
            }
        if (best) return best.binding.agent;
      }
      return defaultAgent;
    },
  };
}
export { createRouter, rankOf };
//# sourceMappingURL=chunk-F3J2KTDO.js.map
