import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { chatKeyOf } from "../../bus/messages.js";
import type { ChatMessage } from "../../providers/provider.js";
import { WriteHealth } from "../../util/write-health.js";
import { SessionFileWriter } from "./session-file-writer.js";
import { decodeSessionFileName, encodeSessionKey } from "./session-id.js";
import { parseSessionFile } from "./session-lines.js";
import type { SessionContext, SessionSummary } from "./session-summary.js";

export type { SessionContext, SessionSummary } from "./session-summary.js";

/**
 * The newest messages a session store reads and keeps before a conversation's first summary:
 * everything, in practice. Compaction must see a conversation from its start (a turn-1 fact is
 * summarised, never dropped), and it summarises a chat long before it is this long; the bound
 * only keeps a chat whose summaries keep failing from growing in memory without end.
 */
export const SESSION_RETAIN = 10_000;

/**
 * A conversation's history and the records of its turns, as the agent uses them. The files
 * under `$SKEIN_HOME/sessions` ({@link SessionFiles}) are the embedded default; cluster mode
 * keeps them in Redis, so that any process can continue any chat.
 */
export interface SessionStore {
  /**
   * The session's newest messages, oldest first: at least the `retain` newest the store was
   * made with (fewer when the session has fewer), never the whole of a long history.
   */
  load(key: string): Promise<ChatMessage[]>;
  /**
   * What the next turn continues from: the newest summary and every message stored after its
   * boundary (without a summary, the newest messages, as {@link load}).
   */
  context(key: string): Promise<SessionContext>;
  /**
   * Stores a summary of the session's older part (the `summary.kept` newest messages stay after
   * it); the messages it stands for stay stored. Resolves once it is durable.
   */
  summarise(key: string, summary: SessionSummary): Promise<void>;
  /**
   * Appends messages to the session, with the record of the turn that produced them when
   * given (stored together: all or none). Resolves once they are durable.
   */
  append(key: string, messages: ChatMessage[], turn?: TurnRecord): Promise<void>;
  /**
   * The replies of the turn that answered message `id`, when its records are stored (a crash
   * came after they were written): the turn need not run again.
   */
  recordedTurn(key: string, id: string): Promise<string[] | undefined>;
  /** Whether a conversation with this chat (or one of its threads) is stored. */
  hasChat(channel: string, chatId: string): Promise<boolean>;
  /** Archives the session (`/new`) and starts it empty. Returns where the archive is, if there was anything to archive. */
  archive(key: string): Promise<string | undefined>;
  /** Waits for every write in progress or queued. */
  flush(): Promise<void>;
  /** Waits for every write, then lets go of what the store holds open. */
  close(): Promise<void>;
}

export interface SessionFilesOptions {
  /** `$SKEIN_HOME/sessions`. */
  dir: string;
  log: Logger;
  /**
   * Messages kept in memory per session without a summary (default {@link SESSION_RETAIN}); with
   * one, every message after its boundary is kept too. Files keep everything.
   */
  retain?: number;
  /**
   * A session unused for this long leaves memory (default 10 minutes); its file is the
   * truth, read again on its next message.
   */
  idleMs?: number;
  now?: () => Date;
  /** Where failing writes are reported (default: a record of the store's own, which only logs). */
  writeHealth?: WriteHealth;
  /** A write not done within this is failed (default 5 s). */
  writeTimeoutMs?: number;
}

/**
 * The records of one turn, written as one line so that a crash stores all of them or none:
 * `{"turn": <message id>, "messages": [...], "replies": [...]}`. `replies` are the texts
 * the turn sends to its chat, so a turn resumed after a crash sends them without running again.
 */
export interface TurnRecord {
  /** The id of the inbound message the turn answers. */
  id: string;
  replies: string[];
}

/**
 * Conversation history, one JSONL file per session under `$SKEIN_HOME/sessions/`.
 * Files are append-only: a turn's messages are written (one line, tagged with the turn's
 * message id) and fsynced when it completes. A corrupt line is skipped with a warning; a
 * torn last line (a crash mid-write) is terminated before the next append, so nothing
 * glues onto it. `/new` archives the file and starts afresh. Files stay open between writes
 * (up to 128, and until their session leaves memory; see session-file-writer.ts): a session is reset with
 * `/new`, not by removing its file while the daemon runs.
 */
export class SessionFiles implements SessionStore {
  readonly #dir: string;
  readonly #log: Logger;
  readonly #retain: number;
  readonly #now: () => Date;
  readonly #cache = new Map<string, ChatMessage[]>();
  /** Per cached session, its newest summary and where in the cached messages the messages after it start. */
  readonly #summaries = new Map<string, { summary: SessionSummary; start: number }>();
  /** When each cached session was last loaded or appended to (ms since the epoch). */
  readonly #usedAt = new Map<string, number>();
  readonly #idleMs: number;
  #sweptAt = 0;
  /** Reads in progress, so that concurrent callers share one read (and one history array). */
  readonly #loading = new Map<string, Promise<ChatMessage[]>>();
  /** Per session, the turns found in its file: message id -> replies. */
  readonly #turns = new Map<string, Map<string, string[]>>();
  readonly #writer: SessionFileWriter;

  constructor(options: SessionFilesOptions) {
    this.#dir = options.dir;
    this.#log = options.log;
    this.#retain = options.retain ?? SESSION_RETAIN;
    this.#now = options.now ?? (() => new Date());
    this.#idleMs = options.idleMs ?? 600_000;
    this.#writer = new SessionFileWriter({
      dir: options.dir,
      pathOf: (key) => this.pathOf(key),
      health: options.writeHealth ?? new WriteHealth({ log: options.log }),
      writeTimeoutMs: options.writeTimeoutMs ?? 5_000,
    });
  }

  /** The file a session is stored in (throws a SessionIdError for an invalid key). */
  pathOf(key: string): string {
    return join(this.#dir, `${encodeSessionKey(key)}.jsonl`);
  }

  /** Whether a conversation with this chat (or one of its threads) is stored. */
  async hasChat(channel: string, chatId: string): Promise<boolean> {
    const base = chatKeyOf({ channel, chatId });
    const names = await readdir(this.#dir).catch(() => [] as string[]);
    return names.some((name) => {
      if (!name.endsWith(".jsonl")) return false;
      const key = decodeSessionFileName(name.slice(0, -".jsonl".length));
      return key === base || key.startsWith(`${base}:`);
    });
  }

  /** Number of sessions held in memory. */
  get size(): number {
    return this.#cache.size;
  }

  /** The session's messages, oldest first (read from disk, then from memory while the session is in use). */
  async load(key: string): Promise<ChatMessage[]> {
    this.#touch(key);
    const cached = this.#cache.get(key);
    if (cached) return cached;
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = this.#read(key).finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    return loading;
  }

  async #read(key: string): Promise<ChatMessage[]> {
    const path = this.pathOf(key);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      text = "";
    }
    const { messages, turns, summary, torn } = parseSessionFile(text, (line, reason) =>
      this.#log.warn({ session: key, line, error: reason }, "skipping a corrupt session line"),
    );
    if (torn) this.#writer.markTorn(path);
    const from = Math.max(0, Math.min(summary?.start ?? messages.length, messages.length - this.#retain));
    const retained = messages.slice(from);
    this.#cache.set(key, retained);
    if (summary) this.#summaries.set(key, { summary: summary.summary, start: summary.start - from });
    else this.#summaries.delete(key);
    this.#turns.set(key, turns);
    return retained;
  }

  /** The newest summary and the messages after it (without a summary, the messages {@link load} gives). */
  async context(key: string): Promise<SessionContext> {
    const messages = await this.load(key);
    const summarised = this.#summaries.get(key);
    if (!summarised) return { messages };
    return { summary: summarised.summary, messages: messages.slice(summarised.start) };
  }

  /** Appends the summary record to the session's file; in memory at once, so the next turn continues from it. */
  async summarise(key: string, summary: SessionSummary): Promise<void> {
    const path = this.pathOf(key);
    this.#touch(key);
    const history = this.#cache.get(key) ?? (await this.load(key));
    this.#summaries.set(key, { summary, start: Math.max(0, history.length - summary.kept) });
    return this.#writer.enqueue(key, path, `${JSON.stringify(summary)}\n`);
  }

  /**
   * The replies of the turn that answered message `id`, when its records are in the
   * session's file (a crash came after they were written): the turn need not run again.
   */
  async recordedTurn(key: string, id: string): Promise<string[] | undefined> {
    await this.load(key);
    return this.#turns.get(key)?.get(id);
  }

  /**
   * Appends a completed turn's messages to the session: in memory at once, then on disk.
   * Writes of one session are queued in order; turns that complete while a write is in
   * progress are written (and fsynced) together. Resolves once the messages are durable.
   */
  append(key: string, messages: ChatMessage[], turn?: TurnRecord): Promise<void> {
    const appending = this.#append(key, messages, turn);
    // A session not in memory is read first: a flush meanwhile waits for that too, not only for queued writes.
    if (!this.#cache.has(key)) this.#writer.track(appending);
    return appending;
  }

  async #append(key: string, messages: ChatMessage[], turn?: TurnRecord): Promise<void> {
    if (messages.length === 0) return;
    const path = this.pathOf(key);
    // Synchronous when the session is loaded, so the next turn sees these messages at once.
    this.#touch(key);
    const history = this.#cache.get(key) ?? (await this.load(key));
    history.push(...messages);
    this.#trim(key, history);
    const text = turn
      ? `${JSON.stringify({ turn: turn.id, messages, replies: turn.replies })}\n`
      : `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`;
    return this.#writer.enqueue(key, path, text);
  }

  /** Lets go of the oldest cached messages beyond twice `retain`, never of one after the newest summary's boundary. */
  #trim(key: string, history: ChatMessage[]): void {
    if (history.length <= this.#retain * 2) return;
    const summarised = this.#summaries.get(key);
    const drop = Math.min(history.length - this.#retain, summarised?.start ?? Number.POSITIVE_INFINITY);
    if (drop <= 0) return;
    history.splice(0, drop);
    if (summarised) summarised.start -= drop;
  }

  /** Marks a session used now, and lets the sessions idle for `idleMs` leave memory (checked at most every tenth of it). */
  #touch(key: string): void {
    const now = this.#now().getTime();
    this.#usedAt.set(key, now);
    if (now - this.#sweptAt < this.#idleMs / 10) return;
    this.#sweptAt = now;
    for (const [idleKey, usedAt] of this.#usedAt) {
      // A session with turns its file lacks yet stays.
      if (now - usedAt < this.#idleMs || this.#writer.isBusy(idleKey) || this.#loading.has(idleKey)) continue;
      this.#usedAt.delete(idleKey);
      this.#cache.delete(idleKey);
      this.#summaries.delete(idleKey);
      this.#turns.delete(idleKey);
      void this.#writer.closeFile(this.pathOf(idleKey));
    }
  }

  /** Archives the session's file (kept under `sessions/archive/`) and starts it empty. Returns the archive path. */
  async archive(key: string): Promise<string | undefined> {
    const path = this.pathOf(key);
    await this.flush();
    this.#cache.set(key, []);
    this.#summaries.delete(key);
    this.#turns.delete(key);
    await this.#writer.forget(path);
    const stamp = this.#now().toISOString().replace(/[:.]/g, "-");
    const archivePath = join(this.#dir, "archive", `${encodeSessionKey(key)}.${stamp}.jsonl`);
    await mkdir(join(this.#dir, "archive"), { recursive: true });
    try {
      await rename(path, archivePath);
      return archivePath;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  /** Waits for every write, then closes the files kept open (a later write opens its file again). */
  close(): Promise<void> {
    return this.#writer.close();
  }

  /** Waits for every write in progress or queued. */
  flush(): Promise<void> {
    return this.#writer.flush();
  }
}
