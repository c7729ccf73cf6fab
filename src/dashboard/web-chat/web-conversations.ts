import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { ChannelStateStore } from "../../channel-kit/channel.js";
import { writeFileAtomic } from "../../util/atomic-write.js";

/** One web-chat conversation as `GET /api/chat/conversations` lists it. */
export interface WebConversation {
  id: string;
  /** The beginning of its first message. */
  title: string;
  /** ISO-8601 UTC. */
  last_activity: string;
}

/** The conversations kept (the newest by activity); older ones leave the list, their sessions stay. */
const KEPT = 500;
const TITLE_LENGTH = 60;

/** What a conversation id looks like: generated ones are `c-` and 16 hex digits; a browser's own must be as plain. */
export const conversationIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A new conversation id. */
export function newConversationId(): string {
  return `c-${randomBytes(8).toString("hex")}`;
}

/** Where the list is kept: a file under `$SKEIN_HOME`, or (cluster mode) the channel's shared state. */
export interface ConversationMedium {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/** The list in a file (one process). */
export function conversationFile(path: string): ConversationMedium {
  return {
    read: () =>
      readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      }),
    write: async (text) => {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFileAtomic(path, text);
    },
  };
}

/** The list every process of a cluster shares. */
export function conversationsShared(state: ChannelStateStore): ConversationMedium {
  return { read: () => state.read("conversations"), write: (text) => state.write("conversations", text) };
}

/**
 * The operator's web-chat conversations, newest activity first: read once, then kept in
 * memory; each change is written (one write at a time, the newest list wins).
 */
export class WebConversations {
  readonly #medium: ConversationMedium;
  #loaded: Promise<Map<string, WebConversation>> | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(medium: ConversationMedium) {
    this.#medium = medium;
  }

  async list(): Promise<WebConversation[]> {
    const conversations = await this.#load();
    return [...conversations.values()].sort((a, b) => b.last_activity.localeCompare(a.last_activity));
  }

  /** Records activity in conversation `id` (created with `text` as its title when new). */
  async touch(id: string, at: Date, text?: string): Promise<void> {
    const conversations = await this.#load();
    const known = conversations.get(id);
    const title = known?.title || titleOf(text ?? "");
    conversations.set(id, { id, title, last_activity: at.toISOString() });
    if (conversations.size > KEPT) {
      const oldest = [...conversations.values()].sort((a, b) => a.last_activity.localeCompare(b.last_activity));
      for (const conversation of oldest.slice(0, conversations.size - KEPT)) conversations.delete(conversation.id);
    }
    const saved = JSON.stringify({ version: 1, conversations: [...conversations.values()] });
    this.#writing = this.#writing.catch(() => undefined).then(() => this.#medium.write(saved));
    await this.#writing;
  }

  #load(): Promise<Map<string, WebConversation>> {
    this.#loaded ??= this.#medium.read().then(parseList, () => new Map());
    return this.#loaded;
  }
}

function parseList(text: string | undefined): Map<string, WebConversation> {
  const conversations = new Map<string, WebConversation>();
  if (!text) return conversations;
  try {
    const parsed = JSON.parse(text) as { conversations?: unknown };
    for (const entry of Array.isArray(parsed.conversations) ? parsed.conversations : []) {
      const { id, title, last_activity } = (entry ?? {}) as Partial<WebConversation>;
      if (typeof id === "string" && conversationIdPattern.test(id) && typeof last_activity === "string")
        conversations.set(id, { id, title: typeof title === "string" ? title : "", last_activity });
    }
  } catch {
    // A torn or foreign file: start an empty list rather than fail the chat.
  }
  return conversations;
}

/** The first line of a message, shortened. */
function titleOf(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}
