import { constants } from "node:fs";
import { type FileHandle, mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { chatKeyOf } from "../bus/messages.js";
import type { ChatMessage } from "../providers/provider.js";
import { wellFormedDeep } from "../util/well-formed.js";
import { writeAll } from "../util/write-all.js";
import { WriteHealth, writeWithin } from "../util/write-health.js";
import { decodeSessionFileName, encodeSessionKey } from "./session-id.js";
import { isSessionSummary, type SessionContext, type SessionSummary } from "./session-summary.js";

export type { SessionContext, SessionSummary } from "./session-summary.js";

/**
 * Session files are opened for appending with `O_DSYNC` where the platform has it: each
 * write returns once it is on disk, as a write followed by an fdatasync would, in one call.
 */
const durableAppend =
  constants.O_DSYNC === undefined
    ? undefined
    : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

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

interface WriteQueue {
  path: string;
  texts: string[];
  /** Resolved once their turns are written, or kept in memory after a failed write. */
  waiters: Array<() => void>;
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
 * Session files kept open for appending (the least recently written is closed beyond this):
 * an open and a close less per turn, well under the usual limit of 1,024 descriptors.
 */
const OPEN_FILES = 128;

/** Turns remembered per session, for resuming (the newest ones). */
export const REMEMBERED_TURNS = 20;

const roles = new Set(["system", "user", "assistant", "tool"]);

/** Whether a stored value is a message the model can be sent (a session line from disk or Redis). */
export function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as { role?: unknown; content?: unknown; tool_call_id?: unknown; tool_calls?: unknown };
  if (typeof message.role !== "string" || !roles.has(message.role)) return false;
  if (message.role === "tool") return typeof message.tool_call_id === "string" && typeof message.content === "string";
  if (message.role === "assistant") {
    return (
      (typeof message.content === "string" || message.content === null) &&
      (message.tool_calls === undefined || Array.isArray(message.tool_calls))
    );
  }
  return typeof message.content === "string";
}

/**
 * Conversation history, one JSONL file per session under `$SKEIN_HOME/sessions/`.
 * Files are append-only: a turn's messages are written (one line, tagged with the turn's
 * message id) and fsynced when it completes. A corrupt line is skipped with a warning; a
 * torn last line (a crash mid-write) is terminated before the next append, so nothing
 * glues onto it. `/new` archives the file and starts afresh. Files stay open between writes
 * (up to {@link OPEN_FILES}, and until their session leaves memory): a session is reset with
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
  readonly #pending = new Set<Promise<void>>();
  readonly #queues = new Map<string, WriteQueue>();
  /** Per session, the turns found in its file: message id -> replies. */
  readonly #turns = new Map<string, Map<string, string[]>>();
  /** Files whose last line is unterminated: the next write starts with a newline. */
  readonly #torn = new Set<string>();
  /** Open session files by path, least recently written first. */
  readonly #files = new Map<string, FileHandle>();
  /** Paths being written now: their handles are not closed under the write. */
  readonly #writing = new Set<string>();
  /** Per session, turns a failed write left in memory only: written first by the next write (tried every 2 s). */
  readonly #unwritten = new Map<string, string>();
  #retry: NodeJS.Timeout | undefined;
  readonly #health: WriteHealth;
  readonly #writeTimeoutMs: number;
  #dirReady: Promise<void> | undefined;

  constructor(options: SessionFilesOptions) {
    this.#dir = options.dir;
    this.#log = options.log;
    this.#retain = options.retain ?? SESSION_RETAIN;
    this.#now = options.now ?? (() => new Date());
    this.#idleMs = options.idleMs ?? 600_000;
    this.#health = options.writeHealth ?? new WriteHealth({ log: options.log });
    this.#writeTimeoutMs = options.writeTimeoutMs ?? 5_000;
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
    const messages: ChatMessage[] = [];
    const turns = new Map<string, string[]>();
    if (text !== "" && !text.endsWith("\n")) this.#torn.add(path);
    const lines = text.split("\n");
    let summary: { summary: SessionSummary; start: number } | undefined;
    lines.forEach((line, index) => {
      if (line.trim() === "") return;
      try {
        // A lone surrogate stored by an older skein is healed as it is read (JSON writes it as `\udXXX`).
        const parsed: unknown = /\\u[dD][89a-fA-F]/.test(line) ? wellFormedDeep(JSON.parse(line)) : JSON.parse(line);
        if (isSessionSummary(parsed)) {
          summary = { summary: parsed, start: Math.max(0, messages.length - parsed.kept) };
          return;
        }
        const turn = turnLine(parsed);
        if (turn) {
          messages.push(...turn.messages);
          turns.delete(turn.id);
          turns.set(turn.id, turn.replies);
          if (turns.size > REMEMBERED_TURNS) turns.delete(turns.keys().next().value!);
          return;
        }
        if (!isChatMessage(parsed)) throw new Error("not a chat message");
        messages.push(parsed);
      } catch (error) {
        this.#log.warn(
          { session: key, line: index + 1, error: (error as Error).message },
          "skipping a corrupt session line",
        );
      }
    });
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
    return this.#enqueue(key, path, `${JSON.stringify(summary)}\n`);
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
    if (!this.#cache.has(key)) this.#track(appending);
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
    return this.#enqueue(key, path, text);
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

  /** Queues a session file's text for writing; resolves once it is durable. */
  #enqueue(key: string, path: string, text: string): Promise<void> {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = { path, texts: [], waiters: [] };
      this.#queues.set(key, queue);
      this.#track(this.#drain(key, queue));
    }
    queue.texts.push(text);
    return new Promise((resolve) => queue.waiters.push(resolve));
  }

  /** Lets {@link flush} wait for `work` (whose failure its caller handles). */
  #track(work: Promise<void>): void {
    const settled = work.catch(() => undefined);
    this.#pending.add(settled);
    void settled.finally(() => this.#pending.delete(settled));
  }

  /**
   * Writes a session's queued turns until none is left, one write and fsync per batch. A write
   * that fails (a full or read-only disk) or hangs is reported, and its turns stay in memory and
   * are written first by the session's next write: the conversation goes on, not durable meanwhile.
   */
  async #drain(key: string, queue: WriteQueue): Promise<void> {
    // Let the turn that opened the queue (and any completing at the same time) join the first batch.
    await Promise.resolve();
    while (queue.texts.length > 0) {
      const text = (this.#unwritten.get(key) ?? "") + queue.texts.splice(0).join("");
      const waiters = queue.waiters.splice(0);
      try {
        await writeWithin(this.#write(queue.path, text), queue.path, this.#writeTimeoutMs);
        this.#unwritten.delete(key);
        this.#health.succeeded("sessions");
      } catch (error) {
        this.#unwritten.set(key, text);
        this.#health.failed("sessions", queue.path, error, `the conversation ${key} goes on from memory, not durable`);
        this.#retry ??= setTimeout(() => this.#writeUnwritten(), 2_000).unref();
      }
      for (const resolve of waiters) resolve();
    }
    this.#queues.delete(key);
  }

  /** Writes again what failed writes left in memory (the sessions without a write queued now). */
  #writeUnwritten(): void {
    this.#retry = undefined;
    for (const key of this.#unwritten.keys()) {
      if (this.#queues.has(key)) continue;
      const queue: WriteQueue = { path: this.pathOf(key), texts: [""], waiters: [] };
      this.#queues.set(key, queue);
      this.#track(this.#drain(key, queue));
    }
  }

  /** Marks a session used now, and lets the sessions idle for `idleMs` leave memory (checked at most every tenth of it). */
  #touch(key: string): void {
    const now = this.#now().getTime();
    this.#usedAt.set(key, now);
    if (now - this.#sweptAt < this.#idleMs / 10) return;
    this.#sweptAt = now;
    for (const [idleKey, usedAt] of this.#usedAt) {
      if (now - usedAt < this.#idleMs || this.#queues.has(idleKey) || this.#loading.has(idleKey)) continue;
      if (this.#unwritten.has(idleKey)) continue; // its memory holds turns its file lacks
      this.#usedAt.delete(idleKey);
      this.#cache.delete(idleKey);
      this.#summaries.delete(idleKey);
      this.#turns.delete(idleKey);
      void this.#closeFile(this.pathOf(idleKey));
    }
  }

  /** Archives the session's file (kept under `sessions/archive/`) and starts it empty. Returns the archive path. */
  async archive(key: string): Promise<string | undefined> {
    const path = this.pathOf(key);
    await this.flush();
    this.#cache.set(key, []);
    this.#summaries.delete(key);
    this.#turns.delete(key);
    this.#torn.delete(path);
    await this.#closeFile(path);
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
  async close(): Promise<void> {
    clearTimeout(this.#retry);
    await this.flush();
    await Promise.all([...this.#files.keys()].map((path) => this.#closeFile(path)));
  }

  /** Waits for every write in progress or queued. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  async #write(path: string, text: string): Promise<void> {
    this.#dirReady ??= mkdir(this.#dir, { recursive: true }).then(() => undefined);
    await this.#dirReady;
    this.#writing.add(path);
    try {
      const file = await this.#openFile(path);
      const terminate = this.#torn.delete(path);
      try {
        await writeAll(file, Buffer.from(terminate ? `\n${text}` : text));
        if (durableAppend === undefined) await file.datasync();
      } catch (error) {
        this.#torn.add(path); // a part may have been written
        await this.#closeFile(path); // opened afresh for the next write
        throw error;
      }
    } finally {
      this.#writing.delete(path);
    }
  }

  /** The session file open for appending (opened now, or kept from an earlier write). */
  async #openFile(path: string): Promise<FileHandle> {
    let file = this.#files.get(path);
    if (file) this.#files.delete(path);
    else file = await open(path, durableAppend ?? "a", 0o600);
    this.#files.set(path, file);
    for (const old of this.#files.keys()) {
      if (this.#files.size <= OPEN_FILES) break;
      if (!this.#writing.has(old)) void this.#closeFile(old);
    }
    return file;
  }

  /** Closes a session file kept open (a failure to close loses nothing: every write was fsynced). */
  async #closeFile(path: string): Promise<void> {
    const file = this.#files.get(path);
    if (!file) return;
    this.#files.delete(path);
    await file.close().catch(() => undefined);
  }
}

/** A turn's line (see {@link TurnRecord}) with its valid messages, or `undefined` for any other line. */
function turnLine(value: unknown): { id: string; messages: ChatMessage[]; replies: string[] } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const line = value as { turn?: unknown; messages?: unknown; replies?: unknown };
  if (typeof line.turn !== "string" || !Array.isArray(line.messages)) return undefined;
  const replies = Array.isArray(line.replies) ? line.replies.filter((reply) => typeof reply === "string") : [];
  return { id: line.turn, messages: line.messages.filter(isChatMessage), replies };
}
