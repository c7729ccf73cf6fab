import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { sessionKeyWithoutAgent } from "../agent/agent-runtime.js";
import { decodeSessionFileName } from "../agent/sessions/session-id.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { ChatMessage } from "../providers/provider.js";
import {
  type ConversationEntry,
  type ConversationQuery,
  type ConversationStore,
  describeMessages,
  MAX_LISTED_CONVERSATIONS,
} from "./conversation-store.js";

export interface ConversationFilesOptions {
  /** `$SKEIN_HOME/sessions`. */
  dir: string;
  /** The daemon's session store (a transcript is what a turn would load). */
  sessions: Pick<SessionStore, "load">;
}

/** The conversations of one machine: the session files, their last activity the file's modification time. */
export class ConversationFiles implements ConversationStore {
  readonly #dir: string;
  readonly #sessions: Pick<SessionStore, "load">;

  constructor(options: ConversationFilesOptions) {
    this.#dir = options.dir;
    this.#sessions = options.sessions;
  }

  async list({ channel, q }: ConversationQuery): Promise<ConversationEntry[]> {
    const dir = this.#dir;
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".jsonl"));
    const dated = await Promise.all(
      names.map(async (name) => ({ name, mtime: (await stat(join(dir, name)).catch(() => undefined))?.mtimeMs })),
    );
    const recent = dated
      .filter((entry): entry is { name: string; mtime: number } => entry.mtime !== undefined)
      .map((entry) => ({ ...entry, key: decodeSessionFileName(entry.name.slice(0, -".jsonl".length)) }))
      .filter((entry) => !channel || sessionKeyWithoutAgent(entry.key).startsWith(`${channel}:`))
      .sort((a, b) => b.mtime - a.mtime)
      .slice(0, MAX_LISTED_CONVERSATIONS);
    const described = await Promise.all(
      recent.map(async (entry): Promise<ConversationEntry | undefined> => {
        const text = await readFile(join(dir, entry.name), "utf8").catch(() => undefined);
        if (text === undefined) return undefined;
        return { key: entry.key, lastActivity: entry.mtime, ...describeMessages(messagesOf(text), q) };
      }),
    );
    return described.filter(
      (entry): entry is ConversationEntry => entry !== undefined && (!q || entry.match !== undefined),
    );
  }

  read(key: string): Promise<ChatMessage[]> {
    return this.#sessions.load(key);
  }
}

/** A session file's messages: a turn is stored as one line of its messages; older lines hold one message each. */
function* messagesOf(text: string): Generator<{ role?: ChatMessage["role"]; content?: unknown }> {
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let record: { role?: ChatMessage["role"]; content?: unknown; messages?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    if (Array.isArray(record.messages)) yield* record.messages as Array<typeof record>;
    else yield record;
  }
}
