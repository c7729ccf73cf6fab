import { lstat, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Tool, ToolError } from "../tool.js";
import { readRegularFile, writeRegularFile } from "./regular-file.js";
import { resolveExisting, resolveInWorkspace, resolveReadable } from "./workspace-path.js";

/** Files larger than this are returned in part, with a note (the model sees at most 64 KB anyway). */
export const MAX_READ_BYTES = 1_048_576;

/** File tools give up after this long (a slow or hung file system must not hold a turn). */
export const FILE_TOOL_TIMEOUT_MS = 30_000;

const pathParam = { type: "string", minLength: 1, description: "Path relative to the workspace" };

/** Folders outside the workspace the read tools may read (the skill folders). */
type Readable = () => readonly string[];

function readFileTool(workspace: string, readable: Readable): Tool<{ path: string }> {
  return {
    name: "read_file",
    description:
      "Read a text file in the workspace (or, by its absolute path, in a skill's folder). Returns {content}.",
    parameters: { type: "object", properties: { path: pathParam }, required: ["path"], additionalProperties: false },
    safety: "read-only",
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute(args) {
      const absolute = await resolveReadable(workspace, args.path, readable);
      if ((await stat(absolute)).isDirectory())
        throw new ToolError("InvalidArgs", `"${args.path}" is a directory; use list_directory`);
      const { bytes, size } = await readRegularFile(absolute, args.path, MAX_READ_BYTES);
      if (size <= MAX_READ_BYTES) return { content: bytes.toString("utf8") };
      const note = `\n[... truncated: the file has ${size} bytes; showing the first ${bytes.length}]`;
      return { content: bytes.toString("utf8") + note };
    },
  };
}

function writeFileTool(workspace: string): Tool<{ path: string; content: string }> {
  return {
    name: "write_file",
    description: "Write a file in the workspace, creating missing parent directories; an existing file is overwritten.",
    parameters: {
      type: "object",
      properties: { path: pathParam, content: { type: "string", description: "The complete new content" } },
      required: ["path", "content"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute(args) {
      const { absolute } = await resolveInWorkspace(workspace, args.path);
      const existing = await stat(absolute).catch(() => undefined);
      if (existing?.isDirectory()) throw new ToolError("InvalidArgs", `"${args.path}" is a directory`);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeRegularFile(absolute, args.path, args.content);
      return { message: `Successfully wrote ${Buffer.byteLength(args.content)} bytes to ${args.path}` };
    },
  };
}

function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

function editFileTool(workspace: string): Tool<{ path: string; old_text: string; new_text: string }> {
  return {
    name: "edit_file",
    description:
      "Replace one exact occurrence of old_text with new_text in a workspace file. old_text must occur exactly once: include enough surrounding context to make it unique.",
    parameters: {
      type: "object",
      properties: {
        path: pathParam,
        old_text: { type: "string", minLength: 1, description: "Exact text to replace (must occur once)" },
        new_text: { type: "string", description: "Replacement text" },
      },
      required: ["path", "old_text", "new_text"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args) {
      const absolute = await resolveExisting(workspace, args.path);
      const content = (await readRegularFile(absolute, args.path, Number.POSITIVE_INFINITY)).bytes.toString("utf8");
      const count = countOccurrences(content, args.old_text);
      if (count === 0) throw new ToolError("InvalidArgs", `old_text not found in ${args.path}`);
      if (count > 1) {
        throw new ToolError(
          "InvalidArgs",
          `old_text occurs ${count} times in ${args.path}; include more surrounding context so it matches exactly once`,
          { match_count: count },
        );
      }
      await writeRegularFile(
        absolute,
        args.path,
        content.replace(args.old_text, () => args.new_text),
      );
      return { message: `Successfully edited ${args.path}` };
    },
  };
}

interface DirectoryEntry {
  name: string;
  is_dir: boolean;
  size: number;
}

function listDirectoryTool(workspace: string, readable: Readable): Tool<{ path?: string }> {
  return {
    name: "list_directory",
    description:
      "List the immediate entries of a workspace directory, sorted by name: {entries: [{name, is_dir, size}]}.",
    parameters: {
      type: "object",
      properties: { path: { ...pathParam, description: 'Directory relative to the workspace (default ".")' } },
      additionalProperties: false,
    },
    safety: "read-only",
    async execute(args) {
      const requested = args.path ?? ".";
      const absolute = await resolveReadable(workspace, requested, readable);
      if (!(await stat(absolute)).isDirectory())
        throw new ToolError("InvalidArgs", `"${requested}" is not a directory`);
      const dirents = await readdir(absolute, { withFileTypes: true });
      const entries = await Promise.all(
        dirents.map(async (dirent): Promise<DirectoryEntry> => {
          const entryPath = path.join(absolute, dirent.name);
          // A symlink is described by its target only when that target is inside the workspace.
          const target = dirent.isSymbolicLink()
            ? await resolveInWorkspace(workspace, entryPath).then(
                (resolved) => resolved.absolute,
                () => undefined,
              )
            : entryPath;
          const stats = target === undefined ? undefined : await stat(target).catch(() => undefined);
          return { name: dirent.name, is_dir: stats?.isDirectory() ?? false, size: stats?.size ?? 0 };
        }),
      );
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { entries };
    },
  };
}

function deleteFileTool(workspace: string): Tool<{ path: string; recursive?: boolean }> {
  return {
    name: "delete_file",
    description:
      "Delete a file (or a symlink itself) in the workspace. Directories need recursive: true. The workspace root cannot be deleted.",
    parameters: {
      type: "object",
      properties: {
        path: pathParam,
        recursive: { type: "boolean", description: "Delete a directory and everything in it (default false)" },
      },
      required: ["path"],
      additionalProperties: false,
    },
    safety: "privileged",
    async execute(args) {
      // Resolve the parent, not the entry: deleting a symlink removes the link, never its target.
      const normal = path.normalize(args.path);
      const name = path.basename(normal);
      const parent = await resolveExisting(workspace, path.dirname(normal));
      const absolute = path.join(parent, name);
      if (name === "." || name === ".." || absolute === (await resolveExisting(workspace, "."))) {
        throw new ToolError("InvalidPath", "the workspace root cannot be deleted");
      }
      const stats = await lstat(absolute).catch(() => undefined);
      if (!stats) throw new ToolError("FileNotFound", `"${args.path}" does not exist`);
      if (stats.isDirectory() && !args.recursive) {
        throw new ToolError("InvalidArgs", `"${args.path}" is a directory; pass recursive: true to delete it`);
      }
      await rm(absolute, { recursive: stats.isDirectory() });
      return { message: `Successfully deleted ${args.path}` };
    },
  };
}

/** The workspace file tools: read, write, edit, list and delete. */
export function fileTools(workspace: string, readable: Readable = () => []): Tool<never>[] {
  return [
    readFileTool(workspace, readable),
    writeFileTool(workspace),
    editFileTool(workspace),
    listDirectoryTool(workspace, readable),
    deleteFileTool(workspace),
  ];
}
