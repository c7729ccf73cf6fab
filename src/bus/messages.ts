/**
 * The two messages that cross the bus. Channels turn platform events into
 * {@link InboundMessage}s; the agent answers with {@link OutboundMessage}s that
 * the bus routes back to the channel registered under `channel`.
 */

/** An attachment a platform message carried. Media is described, not downloaded. */
export interface MediaAttachment {
  kind: "photo" | "document" | "audio" | "video" | "voice" | "sticker" | "other";
  name?: string;
  mimeType?: string;
  size?: number;
  /** A platform-specific handle (file id, URL) for a later download. */
  ref?: string;
}

export interface InboundMessage {
  /** Platform-unique id of this message, stable when the platform redelivers it (e.g. `telegram:<chat_id>:<message_id>`); used for de-duplication. */
  id: string;
  /** Name of the channel that received it (`telegram`, `slack`, `discord`, `cli`). */
  channel: string;
  chatId: string;
  senderId: string;
  senderName?: string;
  /** Platform username without `@`, where the platform has one; allow lists accept it too. */
  senderUsername?: string;
  text: string;
  /** Thread, topic or Slack thread ts: each thread is its own session. */
  threadId?: string;
  /** Slack: the workspace (team) id the message came from; `bindings[].match.team_id` routes by it. */
  teamId?: string;
  /** Discord: the server (guild) id of a guild message; `bindings[].match.guild_id` routes by it. */
  guildId?: string;
  /**
   * Discord: in a thread (whose own channel id is `chatId`), the channel it belongs to, so a
   * binding of that channel also routes the thread, and `match.thread` names the thread's id.
   */
  parentChatId?: string;
  /** A private one-to-one chat with the bot. */
  isDirect: boolean;
  /** In a group: the bot was mentioned or one of its messages was replied to (mention already stripped). */
  mentioned?: boolean;
  /** Platform id of the message this one should be answered as a reply to (groups). */
  replyToId?: string;
  /** Epoch milliseconds. */
  receivedAt: number;
  media?: MediaAttachment[];
  /**
   * Set by skein itself, never by a platform: the result of a background tool (`spawn`
   * with `background: true`) injected into its session. Internal messages skip access
   * control, de-duplication and chat commands, and are shown to the model as system notes.
   */
  internal?: boolean;
  /** Set by skein (with `internal`) when no person wrote this message: a scheduled job or a webhook started it. */
  trigger?: MessageTrigger;
  /**
   * Set by the access gate (or by skein for a job such a sender created), never by a platform:
   * the sender was let in only because the group's chat id is in the channel's `allow_from`,
   * not personally nor by pairing. The turn's tools may then send and deliver only to this chat.
   */
  admittedVia?: "group";
  /** Set by skein on a background result of a turn nobody was present for: it is unattended too. */
  unattended?: boolean;
  /**
   * Set by skein, never by a platform, with `agents.list`: the agent this message belongs to (the
   * agent that created the scheduled job, started the background work, or `skein chat --agent`'s);
   * routing keeps it.
   */
  agentId?: string;
  /**
   * Set by skein (with `internal`), never by a platform: a task the `delegate` tool handed to a
   * sub-agent, journaled in the chat it came from. The child runs from it; its result comes back
   * to that chat as the turn that answers this message.
   */
  delegation?: Delegation;
}

/** A task handed to a sub-agent: who runs it, and how deep in a chain of delegations it is. */
export interface Delegation {
  /** The id `delegate` returned (`sa-` and 8 hex digits). */
  id: string;
  label: string;
  task: string;
  /** The agent that runs it (`main` without `agents.list`). */
  agent: string;
  /** The model it runs with, chosen when it was delegated. */
  model: string;
  /** 1 for a child of a chat's turn, 2 for a child of that child, ... */
  depth: number;
}

/**
 * What started a message nobody wrote. A `reminder` and a `notify` hook are sent to the
 * chat as they are (no model call); a `task` and an `agent` hook run an agent turn whose
 * answer is sent unless it is empty or exactly `NOTHING_TO_REPORT`.
 */
export type MessageTrigger =
  | {
      type: "schedule";
      kind: "reminder" | "task";
      jobId: string;
      name?: string;
      model?: string;
      /** The chat the job was created in: the run's tools act as that chat. */
      createdIn?: { channel: string; chatId: string };
    }
  | { type: "hook"; hook: string; mode: "notify" | "agent" };

/** A workspace file sent with an outbound message (the `message` tool's `files`), checked to be inside the workspace. */
export interface OutboundAttachment {
  /** Absolute path. */
  path: string;
  /** The file name the platform shows. */
  name: string;
  size: number;
  /** Whether it is an image (sent as a photo where the platform has photos). */
  isImage: boolean;
  /** A voice note (Ogg Opus): Telegram sends it with sendVoice, the other platforms attach the file as it is. */
  voice?: boolean;
}

export interface OutboundMessage {
  channel: string;
  chatId: string;
  /** Markdown as the model wrote it; the channel renders it for its platform. */
  text: string;
  /** Files sent after the text, where the channel can send files. */
  attachments?: OutboundAttachment[];
  threadId?: string;
  replyToId?: string;
  /**
   * Set by the agent, never given to a channel as it is: this reply is the voice note of the turn's
   * answer (its `text` is empty), and this the text read out. Journaled with the turn's other replies,
   * so that a crash neither loses the voice nor sends it twice (src/agent/turn/spoken-reply.ts).
   */
  speech?: string;
}

/**
 * How a reply is to be delivered. Chunking is deterministic for a given text, so a
 * delivery resumed after a crash can skip what an earlier run already sent.
 */
export interface SendOptions {
  /** Index of the first chunk to send; earlier ones were delivered before (default 0). */
  fromChunk?: number;
  /** Awaited after the platform accepted chunk `index` (of `count`, when known) and before the next chunk is sent. */
  onChunkDelivered?(index: number, count?: number): Promise<void> | void;
  /** Called once the platform holds an attachment (by its name), so a failed send can say what got through. */
  onFileDelivered?(name: string): void;
  signal?: AbortSignal;
}

/** What a channel reports after delivering an outbound message (every chunk sent). */
export interface DeliveryReceipt {
  channel: string;
  chatId: string;
  /** Platform ids of the messages sent, one per chunk, in order. */
  messageIds: string[];
}

/** A chat's address across channels, `channel:chatId`: the key of its delivery order, usage totals and sessions. */
export function chatKeyOf(chat: { channel: string; chatId: string }): string {
  return `${chat.channel}:${chat.chatId}`;
}

/** The key of the session a message belongs to: {@link chatKeyOf} plus `:threadId` when present. */
export function sessionKeyOf(message: Pick<InboundMessage, "channel" | "chatId" | "threadId">): string {
  const base = chatKeyOf(message);
  return message.threadId ? `${base}:${message.threadId}` : base;
}
