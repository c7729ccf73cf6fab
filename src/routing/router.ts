import type { InboundMessage } from "../bus/messages.js";
import type { BindingConfig, SkeinConfig } from "../config/schema.js";
import { defaultAgentId } from "./agent-spec.js";

/** The fields of a message routing reads. */
export type RoutableMessage = Pick<InboundMessage, "channel" | "chatId" | "senderId" | "threadId" | "internal"> &
  Partial<Pick<InboundMessage, "senderUsername" | "teamId" | "guildId" | "parentChatId" | "agentId">>;

/** Which agent answers a message. */
export interface Router {
  /** The id of the agent of `message`: its most specific matching binding's, else the default agent's. */
  agentFor(message: RoutableMessage): string;
  readonly defaultAgent: string;
}

/**
 * The ranks of a binding, most specific first: a binding counts at the rank of the most
 * specific key its match names, and among bindings of one rank the first listed wins.
 */
export const bindingRanks = ["thread", "chat_id", "sender", "team_or_guild", "channel"] as const;
export type BindingRank = (typeof bindingRanks)[number];

/** The rank of a match, or undefined for an empty match (which never matches). */
export function rankOf(match: BindingConfig["match"]): BindingRank | undefined {
  if (match.thread !== undefined) return "thread";
  if (match.chat_id !== undefined) return "chat_id";
  if (match.sender !== undefined) return "sender";
  if (match.team_id !== undefined || match.guild_id !== undefined) return "team_or_guild";
  if (match.channel !== undefined) return "channel";
  return undefined;
}

/** The values a message offers at each rank (a Discord thread is matched as a thread and by its channel). */
function lookupValues(message: RoutableMessage, rank: BindingRank): Array<string | undefined> {
  switch (rank) {
    case "thread":
      return [message.threadId ?? (message.parentChatId ? message.chatId : undefined)];
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

/** The value a binding is indexed by at its rank. */
function indexValue(match: BindingConfig["match"], rank: BindingRank): string {
  switch (rank) {
    case "thread":
      return match.thread!;
    case "chat_id":
      return match.chat_id!;
    case "sender":
      return match.sender!;
    case "team_or_guild":
      return match.team_id !== undefined ? `team:${match.team_id}` : `guild:${match.guild_id}`;
    case "channel":
      return match.channel!;
  }
}

/** Whether every key the match names equals the message's. */
export function matches(match: BindingConfig["match"], message: RoutableMessage): boolean {
  if (match.channel !== undefined && match.channel !== message.channel) return false;
  if (match.chat_id !== undefined && match.chat_id !== message.chatId && match.chat_id !== message.parentChatId)
    return false;
  if (match.sender !== undefined && match.sender !== message.senderId && match.sender !== message.senderUsername)
    return false;
  if (match.team_id !== undefined && match.team_id !== message.teamId) return false;
  if (match.guild_id !== undefined && match.guild_id !== message.guildId) return false;
  if (match.thread !== undefined && !lookupValues(message, "thread").includes(match.thread)) return false;
  return true;
}

interface Indexed {
  index: number;
  binding: BindingConfig;
}

/**
 * The router of `config.bindings`, built once: bindings are indexed by rank and by the value
 * of their most specific key, so a message costs a few map lookups however many bindings
 * there are. An internal message that carries its agent (`agentId`, set by skein) keeps it.
 */
export function createRouter(config: SkeinConfig): Router {
  const defaultAgent = defaultAgentId(config);
  const known = new Set(config.agents.list?.map((agent) => agent.id) ?? [defaultAgent]);
  const byRank = new Map<BindingRank, Map<string, Indexed[]>>();
  config.bindings.forEach((binding, index) => {
    const rank = rankOf(binding.match);
    if (!rank) return;
    const byValue = byRank.get(rank) ?? new Map<string, Indexed[]>();
    byRank.set(rank, byValue);
    const value = indexValue(binding.match, rank);
    const bucket = byValue.get(value);
    if (bucket) bucket.push({ index, binding });
    else byValue.set(value, [{ index, binding }]);
  });
  const ranks = bindingRanks.filter((rank) => byRank.has(rank));

  return {
    defaultAgent,
    agentFor(message) {
      if (message.internal && message.agentId !== undefined && known.has(message.agentId)) return message.agentId;
      for (const rank of ranks) {
        const byValue = byRank.get(rank)!;
        let best: Indexed | undefined;
        for (const value of lookupValues(message, rank)) {
          if (value === undefined) continue;
          for (const candidate of byValue.get(value) ?? []) {
            if (best && candidate.index >= best.index) break;
            if (matches(candidate.binding.match, message)) best = candidate;
          }
        }
        if (best) return best.binding.agent;
      }
      return defaultAgent;
    },
  };
}
