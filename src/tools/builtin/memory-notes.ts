import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Tool, type ToolContext, ToolError } from "../tool.js";
import { NoteFiles, type NoteStore } from "./memory-store.js";

/** Where per-user notes live, under `$SKEIN_HOME`: one folder per user, one file per note. No file tool or command reaches it. */
export const NOTES_DIR = "notes";
/** Where they lived before, relative to the workspace (every user could read them there); moved on start. */
export const LEGACY_NOTES_DIR = "memory/notes";
export const MAX_TOP_K = 20;
const NOTE_ID = "^note-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const noteIdParam = { type: "string", pattern: NOTE_ID, description: 'The note id ("note-<uuid>")' };

/**
 * The folder of one user's notes: readable (`telegram-12345`) and unique (a hash of the
 * exact channel and sender id), so that no two users share one and none can name another's.
 */
export function userNotesFolder(channel: string, senderId: string): string {
  const readable = `${channel}-${senderId}`.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64);
  const digest = createHash("sha256").update(`${channel}\0${senderId}`).digest("hex").slice(0, 12);
  return `${readable}-${digest}`;
}

/**
 * Moves the notes folders of an older version out of the shared workspace into
 * `$SKEIN_HOME/notes` (a folder already there wins; the old copy is then removed).
 */
export async function migrateNotes(workspace: string, home: string): Promise<number> {
  const legacy = path.join(workspace, LEGACY_NOTES_DIR);
  const folders = await readdir(legacy).catch(() => [] as string[]);
  if (folders.length === 0) return 0;
  const notes = path.join(home, NOTES_DIR);
  await mkdir(notes, { recursive: true, mode: 0o700 });
  for (const folder of folders) {
    const target = path.join(notes, folder);
    if (!(await stat(target).catch(() => undefined))) await rename(path.join(legacy, folder), target);
  }
  await rm(legacy, { recursive: true, force: true });
  return folders.length;
}

/**
 * The notes as files under `$SKEIN_HOME/notes`, once the notes an older version left in the
 * workspace were moved there (started now; every note operation waits for it).
 */
export function noteFiles(options: MemoryNoteOptions): NoteFiles {
  const migrated =
    options.migrate === false
      ? Promise.resolve()
      : migrateNotes(options.workspace, options.home).then(
          (users) => void (users > 0 && options.onMigrated?.(users)),
          (error: unknown) => options.onMigrationFailed?.(error),
        );
  return new NoteFiles(path.join(options.home, NOTES_DIR), migrated);
}

export interface MemoryNoteOptions {
  /** The shared workspace, from which notes of an older version are moved. */
  workspace: string;
  /** `$SKEIN_HOME`: the notes live in its `notes` folder. */
  home: string;
  /** Move notes left in the workspace by an older skein now (default true). */
  migrate?: boolean;
  /** Told how many users' notes were moved out of the workspace. */
  onMigrated?: (users: number) => void;
  onMigrationFailed?: (error: unknown) => void;
}

/** `memory_save`, `memory_search`, `memory_update`, `memory_delete`: notes scoped to the sender. */
export function memoryNoteTools(notes: NoteStore): Tool<never>[] {
  const userOf = (ctx: ToolContext): string => userNotesFolder(ctx.channel, ctx.senderId);
  const missing = (noteId: string) => new ToolError("FileNotFound", `no note ${noteId} in your memory`);

  const save: Tool<{ content: string }> = {
    name: "memory_save",
    description: "Save a note to the current user's personal memory. Returns {note_id, message}.",
    parameters: {
      type: "object",
      properties: { content: { type: "string", minLength: 1, description: "The note" } },
      required: ["content"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      const noteId = `note-${randomUUID()}`;
      await notes.save(userOf(ctx), noteId, args.content);
      return { note_id: noteId, message: `Saved note ${noteId}` };
    },
  };

  const search: Tool<{ query: string; top_k?: number }> = {
    name: "memory_search",
    description: `Search the current user's notes, best match first (BM25). Returns {results: [{text, note_id, score}]}.`,
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "What to look for" },
        top_k: {
          type: "integer",
          minimum: 1,
          maximum: MAX_TOP_K,
          description: `How many results (default 5, max ${MAX_TOP_K})`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    safety: "read-only",
    async execute(args, ctx) {
      const saved = await notes.list(userOf(ctx), ctx.log);
      const { default: MiniSearch } = await import("minisearch");
      const index = new MiniSearch<{ id: string; text: string }>({
        fields: ["text"],
        storeFields: ["text"],
        searchOptions: { prefix: true, fuzzy: 0.2 },
      });
      index.addAll(saved);
      const results = index
        .search(args.query)
        .slice(0, args.top_k ?? 5)
        .map((hit) => ({ text: hit.text as string, note_id: hit.id as string, score: Number(hit.score.toFixed(4)) }));
      return { results };
    },
  };

  const update: Tool<{ note_id: string; content: string }> = {
    name: "memory_update",
    description: "Replace the content of one of the current user's notes.",
    parameters: {
      type: "object",
      properties: { note_id: noteIdParam, content: { type: "string", minLength: 1, description: "The new content" } },
      required: ["note_id", "content"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      if (!(await notes.update(userOf(ctx), args.note_id, args.content))) throw missing(args.note_id);
      return { note_id: args.note_id, message: `Updated note ${args.note_id}` };
    },
  };

  const remove: Tool<{ note_id: string }> = {
    name: "memory_delete",
    description: "Delete one of the current user's notes.",
    parameters: {
      type: "object",
      properties: { note_id: noteIdParam },
      required: ["note_id"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      if (!(await notes.delete(userOf(ctx), args.note_id))) throw missing(args.note_id);
      return { message: `Deleted note ${args.note_id}` };
    },
  };

  return [save, search, update, remove];
}
