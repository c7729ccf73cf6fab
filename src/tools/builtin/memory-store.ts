import { appendFile, mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { writeFileAtomic } from "../../util/atomic-write.js";
import { readRegularFile } from "./regular-file.js";
import { resolveInWorkspace } from "./workspace-path.js";

/** Where the shared memory lives, relative to the workspace. */
export const MEMORY_FILE = "memory/MEMORY.md";

/**
 * The shared long-term memory (MEMORY.md) that the memory tools write and the system
 * prompt shows: a workspace file ({@link MemoryFile}), or one Redis value in cluster mode.
 */
export interface MemoryStore {
  /** Where it lives, as the tools report it (a path, or a Redis key). */
  readonly where: string;
  /** The whole memory, or `undefined` when nothing was written yet. */
  read(): Promise<string | undefined>;
  /** Replaces the memory with `content`. */
  overwrite(content: string): Promise<void>;
  /** Adds `content` after a blank line (see {@link appendSeparator}). */
  append(content: string): Promise<void>;
}

/** What goes between the memory so far and an appended entry: a blank line, never more. */
export function appendSeparator(existing: string): string {
  return existing.length === 0 || existing.endsWith("\n\n") ? "" : existing.endsWith("\n") ? "\n" : "\n\n";
}

/** One note of a user. */
export interface Note {
  id: string;
  text: string;
}

/**
 * Per-user notes, each user's apart (`user` is {@link userNotesFolder}'s name for the
 * sender): files under `$SKEIN_HOME/notes` ({@link NoteFiles}), or Redis in cluster mode.
 */
export interface NoteStore {
  /** Stores a new note `id`. */
  save(user: string, id: string, text: string): Promise<void>;
  /** Every note of `user` (unreadable ones are logged to `log` and left out). */
  list(user: string, log: Logger): Promise<Note[]>;
  /** Replaces note `id`'s text; false when `user` has no such note. */
  update(user: string, id: string, text: string): Promise<boolean>;
  /** Deletes note `id`; false when `user` has no such note. */
  delete(user: string, id: string): Promise<boolean>;
}

/** `<workspace>/memory/MEMORY.md`; appends are serialised, so racing ones stay whole. */
export class MemoryFile implements MemoryStore {
  readonly #workspace: string;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(workspace: string) {
    this.#workspace = workspace;
  }

  get where(): string {
    return path.join(this.#workspace, MEMORY_FILE);
  }

  async read(): Promise<string | undefined> {
    return readRegularFile(await this.#path(), MEMORY_FILE, Number.POSITIVE_INFINITY).then(
      ({ bytes }) => bytes.toString("utf8"),
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      },
    );
  }

  overwrite(content: string): Promise<void> {
    return this.#write(async (file) => writeFile(file, content, "utf8"));
  }

  append(content: string): Promise<void> {
    return this.#write(async (file) => appendFile(file, appendSeparator((await this.read()) ?? "") + content, "utf8"));
  }

  /** Checked on each use: the workspace sandbox refuses a MEMORY.md that is a link out of it. */
  async #path(): Promise<string> {
    return (await resolveInWorkspace(this.#workspace, MEMORY_FILE)).absolute;
  }

  #write(change: (file: string) => Promise<void>): Promise<void> {
    const done = this.#writes.then(async () => {
      const file = await this.#path();
      await mkdir(path.dirname(file), { recursive: true });
      await change(file);
    });
    this.#writes = done.catch(() => undefined);
    return done;
  }
}

const noteFileName = /^note-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.md$/;

/** Notes as files: `<home>/notes/<user>/<note id>.md`, each written atomically. */
export class NoteFiles implements NoteStore {
  readonly #dir: string;
  readonly #ready: Promise<void>;

  /** `ready`: what must finish before any note is touched (the move of an older version's notes). */
  constructor(dir: string, ready: Promise<void> = Promise.resolve()) {
    this.#dir = dir;
    this.#ready = ready;
  }

  /** The users that have a notes folder. */
  async users(): Promise<string[]> {
    await this.#ready;
    return readdir(this.#dir).catch(() => []);
  }

  async save(user: string, id: string, text: string): Promise<void> {
    const folder = await this.#folder(user);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFileAtomic(path.join(folder, `${id}.md`), text);
  }

  async list(user: string, log: Logger): Promise<Note[]> {
    const folder = await this.#folder(user);
    // No folder yet means no notes; any other failure is logged with the path and searched around.
    const unreadable = (where: string) => (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") log.warn({ err: error, path: where }, "memory notes cannot be read");
    };
    const names = (await readdir(folder).catch(unreadable(folder))) ?? [];
    return Promise.all(
      names
        .filter((name) => noteFileName.test(name))
        .map(async (name) => {
          const file = path.join(folder, name);
          return { id: name.replace(/\.md$/, ""), text: (await readFile(file, "utf8").catch(unreadable(file))) ?? "" };
        }),
    );
  }

  async update(user: string, id: string, text: string): Promise<boolean> {
    const file = path.join(await this.#folder(user), `${id}.md`);
    if (
      !(await readFile(file).then(
        () => true,
        () => false,
      ))
    )
      return false;
    await writeFileAtomic(file, text);
    return true;
  }

  async delete(user: string, id: string): Promise<boolean> {
    const file = path.join(await this.#folder(user), `${id}.md`);
    return unlink(file).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      },
    );
  }

  async #folder(user: string): Promise<string> {
    await this.#ready;
    return path.join(this.#dir, user);
  }
}
