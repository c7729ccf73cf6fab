import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { agentOfSessionKey, sessionKeyWithoutAgent } from "../../agent/agent-runtime.js";
import { decodeSessionFileName } from "../../agent/session-id.js";
import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";
import { sessionTranscript } from "../session-transcript.js";

/** The most conversations listed (the most recently active). */
const maxListed = 300;

interface Listed {
  key: string;
  channel: string;
  chat_id: string;
  agent: string;
  title?: string;
  last_activity: string;
  message_count: number;
  match?: string;
}

/**
 * The conversations page: every stored conversation with its last activity (newest first),
 * filtered by channel and searched with `q` across the message texts; and one's transcript.
 */
export function conversationRoutes(sources: DashboardSources): ApiRoute[] {
  return [
    {
      method: "GET",
      path: "/api/conversations",
      handle: async ({ url }) => {
        const q = url.searchParams.get("q")?.trim().toLowerCase() || undefined;
        const channel = url.searchParams.get("channel") || undefined;
        const agent = url.searchParams.get("agent") || undefined;
        const listed = await listConversations(sources, channel);
        const conversations = listed.filter(
          (conversation): conversation is Listed =>
            conversation !== undefined &&
            (!agent || conversation.agent === agent) &&
            (!q || conversation.match !== undefined),
        );
        return ok({ conversations: q ? conversations : conversations.map(({ match: _match, ...rest }) => rest) });

        async function listConversations(from: DashboardSources, only?: string) {
          const dir = from.sessionsDir;
          if (!dir) return [];
          const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".jsonl"));
          const dated = await Promise.all(
            names.map(async (name) => ({ name, mtime: (await stat(join(dir, name)).catch(() => undefined))?.mtimeMs })),
          );
          const recent = dated
            .filter((entry): entry is { name: string; mtime: number } => entry.mtime !== undefined)
            .map((entry) => ({ ...entry, key: decodeSessionFileName(entry.name.slice(0, -".jsonl".length)) }))
            .filter((entry) => !only || sessionKeyWithoutAgent(entry.key).startsWith(`${only}:`))
            .sort((a, b) => b.mtime - a.mtime)
            .slice(0, maxListed);
          return Promise.all(recent.map((entry) => describe(join(dir, entry.name), entry.key, entry.mtime, q, from)));
        }
      },
    },
    {
      method: "GET",
      path: "/api/conversations/:key",
      handle: async ({ params }) => {
        const key = params.key!;
        let messages: Awaited<ReturnType<DashboardSources["sessions"]["load"]>>;
        try {
          messages = await sources.sessions.load(key);
        } catch {
          return apiError(404, "no such conversation");
        }
        return ok({ key, messages: sessionTranscript(messages, sources.redact) });
      },
    },
  ];
}

/** A conversation's entry, read from its file: message count, title (its first words), and the match for `q`. */
async function describe(
  path: string,
  key: string,
  mtime: number,
  q: string | undefined,
  sources: DashboardSources,
): Promise<Listed | undefined> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const [channel = "", ...rest] = sessionKeyWithoutAgent(key).split(":");
  let count = 0;
  let title: string | undefined;
  let match: string | undefined;
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let record: { role?: string; content?: unknown; messages?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    // A turn is stored as one line of its messages; older lines hold one message each.
    const messages = (Array.isArray(record.messages) ? record.messages : [record]) as Array<typeof record>;
    for (const message of messages) {
      if (!message.role || message.role === "system") continue;
      count++;
      const words = typeof message.content === "string" ? message.content : "";
      if (title === undefined && message.role === "user" && words)
        title = words.replace(/^\[[^\]\n]*\] ?/, "").slice(0, 80);
      if (q && match === undefined) {
        const at = words.toLowerCase().indexOf(q);
        if (at >= 0) match = words.slice(Math.max(0, at - 40), at + q.length + 40);
      }
    }
  }
  return {
    key,
    channel,
    chat_id: rest.join(":"),
    agent: agentOfSessionKey(key),
    ...(title && { title: sources.redact(title) }),
    last_activity: new Date(mtime).toISOString(),
    message_count: count,
    ...(match !== undefined && { match: sources.redact(match) }),
  };
}
