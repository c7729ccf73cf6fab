import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { readyWithin } from "../bus/redis-connection.js";
import { noteFiles } from "../tools/builtin/memory-notes.js";
import {
  MemoryFile,
  type MemoryStore,
  type Note,
  type NoteFiles,
  type NoteStore,
} from "../tools/builtin/memory-store.js";

/** Appends after a blank line, atomically. KEYS: memory. ARGV: entry. */
const appendScript = `
local existing = redis.call('GET', KEYS[1]) or ''
local separator = '\\n\\n'
if existing == '' or string.sub(existing, -2) == '\\n\\n' then separator = ''
elseif string.sub(existing, -1) == '\\n' then separator = '\\n' end
redis.call('SET', KEYS[1], existing .. separator .. ARGV[1])
return 1`;

/** Replaces a note only if it exists. KEYS: user's notes hash. ARGV: id, text. Returns 1 or 0. */
const updateScript = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

export interface RedisNotesOptions {
  /** A command connection (the cluster's shared-state one). */
  redis: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
}

/** MEMORY.md in cluster mode: one value, `<prefix>memory`, shared by every process. */
export class RedisMemory implements MemoryStore {
  readonly #redis: Redis;
  readonly #key: string;

  constructor(options: RedisNotesOptions) {
    this.#redis = options.redis;
    this.#key = `${options.prefix}memory`;
  }

  get where(): string {
    return `redis key ${this.#key}`;
  }

  async read(): Promise<string | undefined> {
    return (await this.#redis.get(this.#key)) ?? undefined;
  }

  async overwrite(content: string): Promise<void> {
    await this.#redis.set(this.#key, content);
  }

  async append(content: string): Promise<void> {
    await this.#redis.eval(appendScript, 1, this.#key, content);
  }

  /** Stores `content` unless the memory has a value already; true when stored. */
  async seed(content: string): Promise<boolean> {
    return (await this.#redis.set(this.#key, content, "NX")) === "OK";
  }
}

/** Per-user notes in cluster mode: one hash per user, `<prefix>notes:<user>`, note id to text. */
export class RedisNotes implements NoteStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisNotesOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
  }

  async save(user: string, id: string, text: string): Promise<void> {
    await this.#redis.hset(this.#key(user), id, text);
  }

  async list(user: string): Promise<Note[]> {
    return Object.entries(await this.#redis.hgetall(this.#key(user))).map(([id, text]) => ({ id, text }));
  }

  async update(user: string, id: string, text: string): Promise<boolean> {
    return (await this.#redis.eval(updateScript, 1, this.#key(user), id, text)) === 1;
  }

  async delete(user: string, id: string): Promise<boolean> {
    return (await this.#redis.hdel(this.#key(user), id)) === 1;
  }

  /** Stores a note unless `user` has one with that id already. */
  async seed(user: string, id: string, text: string): Promise<void> {
    await this.#redis.hsetnx(this.#key(user), id, text);
  }

  #key(user: string): string {
    return `${this.#prefix}notes:${user}`;
  }
}

export interface SeedMemoryOptions {
  /** The Redis stores to fill. */
  memory: RedisMemory;
  notes: RedisNotes;
  /** This process's files: the workspace's MEMORY.md and the notes under `$SKEIN_HOME/notes`. */
  memoryFile: MemoryStore;
  noteFiles: NoteFiles;
  log: Logger;
}

/**
 * Moving to a cluster loses nothing: MEMORY.md is copied from the workspace into Redis
 * when Redis has none yet, and every local note is copied unless Redis has it already (so
 * a second run, or a second process, changes nothing that is there).
 */
export async function seedMemoryFromFiles(options: SeedMemoryOptions): Promise<void> {
  const { log } = options;
  const content = await options.memoryFile.read();
  if (content && (await options.memory.seed(content)))
    log.info({ from: options.memoryFile.where }, "MEMORY.md copied from the workspace into Redis (cluster mode)");
  let copied = 0;
  for (const user of await options.noteFiles.users()) {
    for (const note of await options.noteFiles.list(user, log)) {
      await options.notes.seed(user, note.id, note.text);
      copied++;
    }
  }
  if (copied > 0) log.info({ notes: copied }, "local per-user notes copied into Redis (cluster mode)");
}

export interface SharedMemoryOptions extends RedisNotesOptions {
  /** The workspace (its MEMORY.md) and `$SKEIN_HOME` (its notes), copied into Redis on first start. */
  workspace: string;
  home: string;
  log: Logger;
  /** How long to wait for the connection before copying (default 2 s; 0 when Redis was already out of reach at start). */
  startWaitMs?: number;
}

/**
 * MEMORY.md and the per-user notes of a clustered daemon, in Redis, after copying this
 * process's files there (see {@link seedMemoryFromFiles}). A failed copy is logged and
 * tried again at the next start; the daemon runs on.
 */
export async function openSharedMemory(
  options: SharedMemoryOptions,
): Promise<{ memory: RedisMemory; notes: RedisNotes }> {
  const memory = new RedisMemory(options);
  const notes = new RedisNotes(options);
  const { log } = options;
  // The state connection may still be connecting (it queues nothing): give it a moment before copying.
  await readyWithin(options.redis, options.startWaitMs ?? 2000);
  await seedMemoryFromFiles({
    memory,
    notes,
    memoryFile: new MemoryFile(options.workspace),
    noteFiles: noteFiles({ workspace: options.workspace, home: options.home }),
    log,
  }).catch((error: unknown) =>
    log.warn({ err: error }, "could not copy MEMORY.md and the notes into Redis; trying again at the next start"),
  );
  return { memory, notes };
}
