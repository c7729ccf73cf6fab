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
import { StoredHistory } from "./stored-history.js";

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
   * boundary (without a summary, the newest messages, as {@link load}), kept encoded.
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
  /**
   * The sessions kept in memory hold at most about this many bytes of history (default 64 MiB): past it, the
   * least recently used leave memory first (their files are read again on their next message).
   */
  maxCachedBytes?: number;
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
/** A session held in memory: its history (kept encoded), its newest summary, the turns its file holds. */
interface CachedSession {
  history: StoredHistory;
  /** The newest summary and where in `history` the messages after it start. */
  summary?: { summary: SessionSummary; start: number };
  /** The turns found in its file: message id -> replies. */
  turns: Map<string, string[]>;
  /** When it was last used (ms since the epoch). */
  usedAt?: number;
}

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
  /** The sessions in memory, least recently used first (a use moves a session to the end). */
  readonly #cache = new Map<string, CachedSession>();
  /** What the cached sessions' histories hold, about. */
  #cachedBytes = 0;
  readonly #maxCachedBytes: number;
  readonly #idleMs: number;
  #sweptAt = 0;
  /** Reads in progress, so that concurrent callers share one read (and one history). */
  readonly #loading = new Map<string, Promise<CachedSession>>();
  readonly #writer: SessionFileWriter;
  /** Session keys and their files' paths (a key is checked and encoded once). */
  readonly #paths = new Map<string, string>();

  constructor(options: SessionFilesOptions) {
    this.#dir = options.dir;
    this.#log = options.log;
    this.#retain = options.retain ?? SESSION_RETAIN;
    this.#now = options.now ?? (() => new Date());
    this.#idleMs = options.idleMs ?? 600_000;
    this.#maxCachedBytes = options.maxCachedBytes ?? 64 * 1024 * 1024;
    this.#writer = new SessionFileWriter({
      dir: options.dir,
      pathOf: (key) => this.pathOf(key),
      health: options.writeHealth ?? new WriteHealth({ log: options.log }),
      writeTimeoutMs: options.writeTimeoutMs ?? 5_000,
    });
  }

  /** The file a session is stored in (throws a SessionIdError for an invalid key). */
  pathOf(key: string): string {
    let path = this.#paths.get(key);
    if (path === undefined) {
      path = join(this.#dir, `${encodeSessionKey(key)}.jsonl`);
      if (this.#paths.size >= 4096) this.#paths.clear();
      this.#paths.set(key, path);
    }
    return path;
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
    return (await this.#session(key)).history.decode();
  }

  /** The session in memory, read from its file first when it is not. */
  #session(key: string): Promise<CachedSession> | CachedSession {
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

  async #read(key: string): Promise<CachedSession> {
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
    const session: CachedSession = {
      history: StoredHistory.of(messages.slice(from)),
      turns,
      usedAt: this.#now().getTime(),
      ...(summary && { summary: { summary: summary.summary, start: summary.start - from } }),
    };
    this.#cache.set(key, session);
    this.#cachedBytes += session.history.size;
    this.#evictOverBudget();
    return session;
  }

  /** The newest summary and the messages after it (without a summary, the messages {@link load} gives), encoded. */
  async context(key: string): Promise<SessionContext> {
    const { history, summary } = await this.#session(key);
    if (!summary) return { history: history.view(0) };
    return { summary: summary.summary, history: history.view(summary.start) };
  }

  /** Appends the summary record to the session's file; in memory at once, so the next turn continues from it. */
  async summarise(key: string, summary: SessionSummary): Promise<void> {
    const path = this.pathOf(key);
    const session = await this.#session(key);
    session.summary = { summary, start: Math.max(0, session.history.length - summary.kept) };
    return this.#writer.enqueue(key, path, `${JSON.stringify(summary)}\n`);
  }

  /**
   * The replies of the turn that answered message `id`, when its records are in the
   * session's file (a crash came after they were written): the turn need not run again.
   */
  async recordedTurn(key: string, id: string): Promise<string[] | undefined> {
    return (await this.#session(key)).turns.get(id);
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
    // Synchronous when the session is in memory, so the next turn sees these messages at once.
    const found = this.#session(key);
    const session = found instanceof Promise ? await found : found;
    const before = session.history.size;
    // The messages' JSON, as the history keeps it, is what the file stores too: encoded once.
    const json = session.history.append(messages);
    this.#trim(session);
    this.#cachedBytes += session.history.size - before;
    this.#evictOverBudget();
    const text = turn
      ? `{"turn":${JSON.stringify(turn.id)},"messages":[${json}],"replies":${JSON.stringify(turn.replies)}}\n`
      : `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`;
    return this.#writer.enqueue(key, path, text);
  }

  /** Lets go of the oldest messages beyond twice `retain`, never of one after the newest summary's boundary. */
  #trim(session: CachedSession): void {
    const { history, summary } = session;
    if (history.length <= this.#retain * 2) return;
    const drop = Math.min(history.length - this.#retain, summary?.start ?? Number.POSITIVE_INFINITY);
    if (drop <= 0) return;
    session.history = history.from(drop);
    if (summary) summary.start -= drop;
  }

  /** Marks a session used now (the most recent), and lets the sessions idle for `idleMs` leave memory (checked at most every tenth of it). */
  #touch(key: string): void {
    const cached = this.#cache.get(key);
    const now = this.#now().getTime();
    if (cached) {
      cached.usedAt = now;
      this.#cache.delete(key);
      this.#cache.set(key, cached);
    }
    if (now - this.#sweptAt < this.#idleMs / 10) return;
    this.#sweptAt = now;
    for (const [idleKey, session] of this.#cache) {
      // Least recently used first: the first one used within idleMs ends the sweep.
      if (now - (session.usedAt ?? now) < this.#idleMs) break;
      this.#forget(idleKey, session);
    }
  }

  /** Lets the least recently used sessions leave memory while the cached histories are over their budget. */
  #evictOverBudget(): void {
    for (const [key, session] of this.#cache) {
      if (this.#cachedBytes <= this.#maxCachedBytes || this.#cache.size <= 1) return;
      this.#forget(key, session);
    }
  }

  #forget(key: string, session: CachedSession): void {
    // A session with turns its file lacks yet stays.
    if (this.#writer.isBusy(key) || this.#loading.has(key)) return;
    this.#cache.delete(key);
    this.#cachedBytes -= session.history.size;
    void this.#writer.closeFile(this.pathOf(key));
  }

  /** Archives the session's file (kept under `sessions/archive/`) and starts it empty. Returns the archive path. */
  async archive(key: string): Promise<string | undefined> {
    const path = this.pathOf(key);
    await this.flush();
    const old = this.#cache.get(key);
    if (old) this.#cachedBytes -= old.history.size;
    this.#cache.set(key, { history: new StoredHistory(), turns: new Map(), usedAt: this.#now().getTime() });
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
