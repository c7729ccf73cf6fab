import type { Tool } from "../tool.js";
import type { MemoryStore } from "./memory-store.js";

/** `memory_read` and `memory_write` on the shared memory (MEMORY.md: a workspace file, or Redis in cluster mode). */
export function memoryTools(memory: MemoryStore): Tool<never>[] {
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
      const content = await memory.read();
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
      if (mode === "overwrite") await memory.overwrite(args.content);
      else await memory.append(args.content);
      return {
        message: `Successfully wrote ${Buffer.byteLength(args.content)} bytes to memory (mode: ${mode})`,
        path: memory.where,
      };
    },
  };

  return [read, write];
}
