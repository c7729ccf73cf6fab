#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { constants } from "node:fs";
import { appendFile, mkdir, open, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path2 from "node:path";
import { ToolError } from "./chunk-6FK2TDNU.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
function kindOf(stats) {
  return stats.isDirectory()
    ? "a directory"
    : stats.isFIFO()
      ? "a FIFO (named pipe)"
      : stats.isSocket()
        ? "a socket"
        : stats.isCharacterDevice() || stats.isBlockDevice()
          ? "a device"
          : "not a regular file";
}
function refuseUnlessRegular(stats, shownPath) {
  if (!stats.isFile())
    throw new ToolError("InvalidArgs", `"${shownPath}" is ${kindOf(stats)}: only regular files can be read or written`);
}
async function openRegularFile(absolute, shownPath, mode) {
  const before = await stat(absolute).catch((error) => {
    if (!(mode === "write" && error.code === "ENOENT")) throw error;
  });
  before && refuseUnlessRegular(before, shownPath);
  const flags = constants.O_NONBLOCK | (mode === "read" ? constants.O_RDONLY : constants.O_WRONLY | constants.O_CREAT),
    handle = await open(absolute, flags, 420).catch((error) => {
      throw error.code === "ENXIO"
        ? new ToolError("InvalidArgs", `"${shownPath}" is a FIFO or socket: only regular files can be written`)
        : error;
    });
  try {
    return refuseUnlessRegular(await handle.stat(), shownPath), handle;
  } catch (error) {
    throw (await handle.close(), error);
  }
}
async function readRegularFile(absolute, shownPath, maxBytes) {
  const handle = await openRegularFile(absolute, shownPath, "read");
  try {
    const { size } = await handle.stat(),
      buffer = Buffer.alloc(Math.min(size, maxBytes)),
      { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}
async function writeRegularFile(absolute, shownPath, content) {
  const handle = await openRegularFile(absolute, shownPath, "write");
  try {
    await handle.truncate(0), await handle.writeFile(content, "utf8");
  } finally {
    await handle.close();
  }
}
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
function isInside(root, candidate) {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
function isMissing(error) {
  const code = error.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
async function resolveInWorkspace(workspace, requested) {
  if (requested.startsWith("~"))
    throw new ToolError(
      "InvalidPath",
      `"${requested}": home-relative paths are not allowed; use a path inside the workspace`,
    );
  if (requested.includes("\0")) throw new ToolError("InvalidPath", "the path contains a NUL byte");
  let root = await realpath(workspace),
    existing = path.resolve(workspace, requested),
    missingParts = [];
  for (;;) {
    try {
      const canonical = await realpath(existing),
        absolute = path.join(canonical, ...missingParts);
      if (!isInside(root, absolute)) throw new ToolError("InvalidPath", `"${requested}" is outside the workspace`);
      return { absolute, exists: missingParts.length === 0 };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (
      await lstat(existing).then(
        (stats) => stats.isSymbolicLink(),
        () => !1,
      )
    )
      throw new ToolError("InvalidPath", `"${requested}" goes through a symlink whose target does not exist`);
    const parent = path.dirname(existing);
    if (parent === existing) throw new ToolError("InvalidPath", `"${requested}" cannot be resolved`);
    missingParts.unshift(path.basename(existing)), (existing = parent);
  }
}
async function resolveExisting(workspace, requested) {
  const resolved = await resolveInWorkspace(workspace, requested);
  if (!resolved.exists) throw new ToolError("FileNotFound", `"${requested}" does not exist`);
  return resolved.absolute;
}
async function resolveReadable(workspace, requested, readable) {
  if (path.isAbsolute(requested) && !requested.includes("\0")) {
    const canonical = await realpath(requested).catch(() => {});
    if (
      canonical &&
      (await Promise.all(readable().map((root) => realpath(root).catch(() => {})))).some(
        (root) => root !== void 0 && isInside(root, canonical),
      )
    )
      return canonical;
  }
  return resolveExisting(workspace, requested);
}
var MEMORY_FILE = "memory/MEMORY.md";
function appendSeparator(existing) {
  return existing.length === 0 ||
    existing.endsWith(`

`)
    ? ""
    : existing.endsWith(`
`)
      ? `
`
      : `

`;
}
var MemoryFile = class {
    #workspace;
    #writes = Promise.resolve();
    constructor(workspace) {
      this.#workspace = workspace;
    }
    get where() {
      return path2.join(this.#workspace, MEMORY_FILE);
    }
    async read() {
      return readRegularFile(await this.#path(), MEMORY_FILE, Number.POSITIVE_INFINITY).then(
        ({ bytes }) => bytes.toString("utf8"),
        (error) => {
          if (error.code !== "ENOENT") throw error;
        },
      );
    }
    overwrite(content) {
      return this.#write(async (file) => writeFile(file, content, "utf8"));
    }
    append(content) {
      return this.#write(async (file) =>
        appendFile(file, appendSeparator((await this.read()) ?? "") + content, "utf8"),
      );
    }
    async #path() {
      return (await resolveInWorkspace(this.#workspace, MEMORY_FILE)).absolute;
    }
    #write(change) {
      const done = this.#writes.then(async () => {
        const file = await this.#path();
        await mkdir(path2.dirname(file), { recursive: !0 }), await change(file);
      });
      return (this.#writes = done.catch(() => {})), done;
    }
  },
  noteFileName = /^note-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.md$/,
  NoteFiles = class {
    #dir;
    #ready;
    constructor(dir, ready = Promise.resolve()) {
      (this.#dir = dir), (this.#ready = ready);
    }
    async users() {
      return await this.#ready, readdir(this.#dir).catch(() => []);
    }
    async save(user, id, text) {
      const folder = await this.#folder(user);
      await mkdir(folder, { recursive: !0, mode: 448 }), await writeFileAtomic(path2.join(folder, `${id}.md`), text);
    }
    async list(user, log) {
      const folder = await this.#folder(user),
        unreadable = (where) => (error) => {
          error.code !== "ENOENT" && log.warn({ err: error, path: where }, "memory notes cannot be read");
        },
        names = (await readdir(folder).catch(unreadable(folder))) ?? [];
      return Promise.all(
        names
          .filter((name) => noteFileName.test(name))
          .map(async (name) => {
            const file = path2.join(folder, name);
            return {
              id: name.replace(/\.md$/, ""),
              text: (await readFile(file, "utf8").catch(unreadable(file))) ?? "",
            };
          }),
      );
    }
    async update(user, id, text) {
      const file = path2.join(await this.#folder(user), `${id}.md`);
      return (await readFile(file).then(
        () => !0,
        () => !1,
      ))
        ? (await writeFileAtomic(file, text), !0)
        : !1;
    }
    async delete(user, id) {
      const file = path2.join(await this.#folder(user), `${id}.md`);
      return unlink(file).then(
        () => !0,
        (error) => {
          if (error.code === "ENOENT") return !1;
          throw error;
        },
      );
    }
    async #folder(user) {
      return await this.#ready, path2.join(this.#dir, user);
    }
  };
import { createHash, randomUUID } from "node:crypto";
import { mkdir as mkdir2, readdir as readdir2, rename, rm, stat as stat2 } from "node:fs/promises";
import path3 from "node:path";
var NOTES_DIR = "notes",
  LEGACY_NOTES_DIR = "memory/notes",
  MAX_TOP_K = 20,
  NOTE_ID = "^note-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  noteIdParam = { type: "string", pattern: NOTE_ID, description: 'The note id ("note-<uuid>")' };
function userNotesFolder(channel, senderId) {
  const readable = `${channel}-${senderId}`.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64),
    digest = createHash("sha256").update(`${channel}\0${senderId}`).digest("hex").slice(0, 12);
  return `${readable}-${digest}`;
}
async function migrateNotes(workspace, home) {
  const legacy = path3.join(workspace, LEGACY_NOTES_DIR),
    folders = await readdir2(legacy).catch(() => []);
  if (folders.length === 0) return 0;
  const notes = path3.join(home, NOTES_DIR);
  await mkdir2(notes, { recursive: !0, mode: 448 });
  for (const folder of folders) {
    const target = path3.join(notes, folder);
    (await stat2(target).catch(() => {})) || (await rename(path3.join(legacy, folder), target));
  }
  return await rm(legacy, { recursive: !0, force: !0 }), folders.length;
}
function noteFiles(options) {
  const migrated =
    options.migrate === !1
      ? Promise.resolve()
      : migrateNotes(options.workspace, options.home).then(
          (users) => {
            users > 0 && options.onMigrated?.(users);
          },
          (error) => options.onMigrationFailed?.(error),
        );
  return new NoteFiles(path3.join(options.home, NOTES_DIR), migrated);
}
function memoryNoteTools(notes) {
  const userOf = (ctx) => userNotesFolder(ctx.channel, ctx.senderId),
    missing = (noteId) => new ToolError("FileNotFound", `no note ${noteId} in your memory`),
    save = {
      name: "memory_save",
      description: "Save a note to the current user's personal memory. Returns {note_id, message}.",
      parameters: {
        type: "object",
        properties: { content: { type: "string", minLength: 1, description: "The note" } },
        required: ["content"],
        additionalProperties: !1,
      },
      safety: "side-effecting",
      async execute(args, ctx) {
        const noteId = `note-${randomUUID()}`;
        return (
          await notes.save(userOf(ctx), noteId, args.content), { note_id: noteId, message: `Saved note ${noteId}` }
        );
      },
    },
    search = {
      name: "memory_search",
      description:
        "Search the current user's notes, best match first (BM25). Returns {results: [{text, note_id, score}]}.",
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
        additionalProperties: !1,
      },
      safety: "read-only",
      async execute(args, ctx) {
        const saved = await notes.list(userOf(ctx), ctx.log),
          { default: MiniSearch } = await import("minisearch"),
          index = new MiniSearch({
            fields: ["text"],
            storeFields: ["text"],
            searchOptions: { prefix: !0, fuzzy: 0.2 },
          });
        return (
          index.addAll(saved),
          {
            results: index
              .search(args.query)
              .slice(0, args.top_k ?? 5)
              .map((hit) => ({ text: hit.text, note_id: hit.id, score: Number(hit.score.toFixed(4)) })),
          }
        );
      },
    };
  return [
    save,
    search,
    {
      name: "memory_update",
      description: "Replace the content of one of the current user's notes.",
      parameters: {
        type: "object",
        properties: { note_id: noteIdParam, content: { type: "string", minLength: 1, description: "The new content" } },
        required: ["note_id", "content"],
        additionalProperties: !1,
      },
      safety: "side-effecting",
      async execute(args, ctx) {
        if (!(await notes.update(userOf(ctx), args.note_id, args.content))) throw missing(args.note_id);
        return { note_id: args.note_id, message: `Updated note ${args.note_id}` };
      },
    },
    {
      name: "memory_delete",
      description: "Delete one of the current user's notes.",
      parameters: {
        type: "object",
        properties: { note_id: noteIdParam },
        required: ["note_id"],
        additionalProperties: !1,
      },
      safety: "side-effecting",
      async execute(args, ctx) {
        if (!(await notes.delete(userOf(ctx), args.note_id))) throw missing(args.note_id);
        return { message: `Deleted note ${args.note_id}` };
      },
    },
  ];
}
export {
  MemoryFile,
  memoryNoteTools,
  noteFiles,
  readRegularFile,
  resolveExisting,
  resolveInWorkspace,
  resolveReadable,
  writeRegularFile,
};
//# sourceMappingURL=chunk-RKXUVTS4.js.map
