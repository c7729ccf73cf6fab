import { agentOfSessionKey, sessionKeyWithoutAgent } from "../../agent/agent-runtime.js";
import type { ChatMessage } from "../../providers/provider.js";
import type { ConversationEntry, ConversationStore } from "../conversation-store.js";
import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";
import { sessionTranscript } from "../session-transcript.js";
import { subagentsView } from "./subagents-view.js";

/**
 * The conversations page: every stored conversation with its last activity (newest first),
 * filtered by channel and agent and searched with `q` across the message texts; and one's transcript with the
 * sub-agents working for it.
 */
export function conversationRoutes(sources: DashboardSources, conversations: ConversationStore): ApiRoute[] {
  return [
    {
      method: "GET",
      path: "/api/conversations",
      handle: async ({ url }) => {
        const q = url.searchParams.get("q")?.trim().toLowerCase() || undefined;
        const channel = url.searchParams.get("channel") || undefined;
        const agent = url.searchParams.get("agent") || undefined;
        const listed = await conversations.list({ ...(channel && { channel }), ...(q && { q }) });
        return ok({
          conversations: listed
            .filter((entry) => !agent || agentOfSessionKey(entry.key) === agent)
            .map((entry) => shown(entry, q !== undefined, sources.redact)),
        });
      },
    },
    {
      method: "GET",
      path: "/api/conversations/:key",
      handle: async ({ params }) => {
        const key = params.key!;
        let messages: ChatMessage[];
        try {
          messages = await conversations.read(key);
        } catch {
          return apiError(404, "no such conversation");
        }
        return ok({
          key,
          messages: sessionTranscript(messages, sources.redact),
          subagents: subagentsView(sources, key),
        });
      },
    },
  ];
}

/** A list entry as the API answers it (snake_case; texts redacted; `match` only for a search). */
function shown(entry: ConversationEntry, searched: boolean, redact: (text: string) => string) {
  const [channel = "", ...rest] = sessionKeyWithoutAgent(entry.key).split(":");
  return {
    key: entry.key,
    channel,
    chat_id: rest.join(":"),
    agent: agentOfSessionKey(entry.key),
    ...(entry.title && { title: redact(entry.title) }),
    last_activity: new Date(entry.lastActivity).toISOString(),
    message_count: entry.messageCount,
    ...(searched && entry.match !== undefined && { match: redact(entry.match) }),
  };
}
