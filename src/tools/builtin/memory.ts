import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Tool } from "../tool.js";
import { readRegularFile } from "./regular-file.js";
import { resolveInWorkspace } from "./workspace-path.js";

/** Where the shared memory lives, relative to the workspace. */
const MEMORY_FILE = "memory/MEMORY.md";

async function readMemory(file: string): Promise<string | undefined> {
  return readRegularFile(file, MEMORY_FILE, Number.POSITIVE_INFINITY).then(
    ({ bytes }) => bytes.toString("utf8"),
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    },
  );
}

/** `memory_read` and `memory_write` on `<workspace>/memory/MEMORY.md`. */
export function memoryTools(workspace: string): Tool<never>[] {
  // Appends read the file to choose the separator: one write at a time keeps them whole.
  let writes: Promise<unknown> = Promise.resolve();
  const memoryPath = async () => (await resolveInWorkspace(workspace, MEMORY_FILE)).absolute;

  const read: Tool<{ query?: string }> = {
    name: "memory_read",
    description:
      "Read the long-term memory file (MEMORY.md). With a query, returns only the paragraphs containing it (case-insensitive).",
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: "Text the returned paragraphs must contain" } },
      additionalProperties: false,
    },
    safety: "read-only",
    async execute(args) {
      const content = await readMemory(await memoryPath());
      if (content === undefined) return { content: "", message: "No memory file found" };
      if (!args.query) return { content };
      const needle = args.query.toLowerCase();
      const matches = content
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter((paragraph) => paragraph.length > 0 && paragraph.toLowerCase().includes(needle));
      return { query: args.query, matches, count: matches.length };
    },
  };

  const write: Tool<{ content: string; mode?: "append" | "overwrite" }> = {
    name: "memory_write",
    description:
      "Write to the long-term memory file (MEMORY.md): append (default, separated by a blank line) or overwrite.",
    parameters: {
      type: "object",
      properties: {
        content: { type: "string", minLength: 1, description: "What to remember" },
        mode: { type: "string", enum: ["append", "overwrite"], description: 'Write mode (default "append")' },
      },
      required: ["content"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args) {
      const mode = args.mode ?? "append";
      const file = await memoryPath();
      const done = writes.then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        if (mode === "overwrite") return writeFile(file, args.content, "utf8");
        const existing = (await readMemory(file)) ?? "";
        const separator =
          existing.length === 0 || existing.endsWith("\n\n") ? "" : existing.endsWith("\n") ? "\n" : "\n\n";
        return appendFile(file, separator + args.content, "utf8");
      });
      writes = done.catch(() => undefined);
      await done;
      return {
        message: `Successfully wrote ${Buffer.byteLength(args.content)} bytes to memory (mode: ${mode})`,
        path: file,
      };
    },
  };

  return [read, write];
}
