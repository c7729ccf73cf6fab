import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { globToRegExp } from "../../util/glob.js";
import { type Tool, ToolError } from "../tool.js";
import { readRegularFile } from "./regular-file.js";
import { resolveExisting } from "./workspace-path.js";

/** At most this many matching lines are returned. */
const MAX_SEARCH_MATCHES = 200;
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_LINE_CHARS = 400;

interface SearchArgs {
  pattern: string;
  path?: string;
  glob?: string;
  literal?: boolean;
  ignore_case?: boolean;
}

interface SearchMatch {
  file: string;
  line: number;
  text: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether a regular expression repeats a group that itself repeats without bound, like
 * `(a+)+`: such patterns can backtrack for ages on one line and would block the daemon.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = []; // per open group: does it contain an unbounded quantifier?
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") {
      index++;
    } else if (inClass) {
      inClass = char !== "]";
    } else if (char === "[") {
      inClass = true;
    } else if (char === "(") {
      groups.push(false);
    } else if (char === ")") {
      const repeatsInside = groups.pop() ?? false;
      const next = pattern[index + 1];
      const repeated = next === "+" || next === "*" || (next === "{" && /^\{\d*,\d*\}/.test(pattern.slice(index + 1)));
      if (repeatsInside && repeated) return true;
      if (repeatsInside && groups.length > 0) groups[groups.length - 1] = true;
    } else if (
      (char === "+" || char === "*" || (char === "{" && /^\{\d+,\}/.test(pattern.slice(index)))) &&
      groups.length > 0
    ) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** A regular expression when `pattern` is one, else the pattern searched as literal text. */
function compilePattern(args: SearchArgs): RegExp {
  const flags = args.ignore_case ? "i" : "";
  if (!args.literal) {
    let regex: RegExp | undefined;
    try {
      regex = new RegExp(args.pattern, flags);
    } catch {
      // not a valid regular expression: search for the text itself
    }
    if (regex && hasNestedQuantifier(args.pattern)) {
      throw new ToolError(
        "InvalidArgs",
        "the pattern repeats a group that itself repeats (like (a+)+), which can take exponential time; simplify it or pass literal: true",
      );
    }
    if (regex) return regex;
  }
  return new RegExp(escapeRegExp(args.pattern), flags);
}

/** At most this many wildcards in a glob keep its matching fast. */
const MAX_GLOB_WILDCARDS = 10;

/** Workspace files under `directory`, depth first in name order; symlinks are not followed. */
async function* walkFiles(directory: string): AsyncGenerator<string> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* walkFiles(entryPath);
    } else if (entry.isFile()) {
      yield entryPath;
    }
  }
}

async function readSearchableText(file: string): Promise<string | undefined> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats || stats.size > MAX_FILE_BYTES) return undefined;
  const buffer = await readRegularFile(file, file, MAX_FILE_BYTES).then(
    ({ bytes }) => bytes,
    () => undefined,
  );
  if (!buffer || buffer.subarray(0, 8192).includes(0)) return undefined; // unreadable or binary
  return buffer.toString("utf8");
}

/** `search_files`: the recursive text search every coding agent needs. */
export function searchFilesTool(workspace: string): Tool<SearchArgs> {
  return {
    name: "search_files",
    description:
      `Search workspace files recursively for lines matching a regular expression (or literal text). ` +
      `Skips node_modules, .git, binary files and symlinks. Returns {matches: [{file, line, text}], count}; ` +
      `at most ${MAX_SEARCH_MATCHES} matches.`,
    parameters: {
      type: "object",
      properties: {
        pattern: {
          type: "string",
          minLength: 1,
          description: "Regular expression (JavaScript syntax) or literal text",
        },
        path: {
          type: "string",
          minLength: 1,
          description: 'Directory or file to search, relative to the workspace (default ".")',
        },
        glob: {
          type: "string",
          minLength: 1,
          description: 'Only files matching this glob, e.g. "*.ts" or "src/**/*.md"',
        },
        literal: { type: "boolean", description: "Treat pattern as literal text (default: regex when valid)" },
        ignore_case: { type: "boolean", description: "Case-insensitive matching (default false)" },
      },
      required: ["pattern"],
      additionalProperties: false,
    },
    safety: "read-only",
    timeoutMs: 60_000,
    async execute(args, ctx) {
      const requested = args.path ?? ".";
      const start = await resolveExisting(workspace, requested);
      const root = await resolveExisting(workspace, ".");
      const regex = compilePattern(args);
      // A glob without "/" matches file names; one with "/" matches paths relative to the workspace.
      if ((args.glob?.match(/[*?]/g)?.length ?? 0) > MAX_GLOB_WILDCARDS) {
        throw new ToolError("InvalidArgs", `the glob has more than ${MAX_GLOB_WILDCARDS} wildcards; simplify it`);
      }
      const globRegex = args.glob ? globToRegExp(args.glob) : undefined;
      const globOnPaths = args.glob?.includes("/") ?? false;

      const files = (await stat(start)).isDirectory() ? walkFiles(start) : [start];
      const matches: SearchMatch[] = [];
      let truncated = false;
      search: for await (const file of files) {
        if (ctx.signal.aborted) throw new ToolError("Timeout", "the search was cancelled", { matches });
        const relative = path.relative(root, file).split(path.sep).join("/");
        if (globRegex && !globRegex.test(globOnPaths ? relative : path.basename(file))) continue;
        const text = await readSearchableText(file);
        if (text === undefined) continue;
        const lines = text.split(/\r?\n/);
        for (const [index, line] of lines.entries()) {
          const probe = line.length > 10 * MAX_LINE_CHARS ? line.slice(0, 10 * MAX_LINE_CHARS) : line;
          if (!regex.test(probe)) continue;
          if (matches.length === MAX_SEARCH_MATCHES) {
            truncated = true;
            break search;
          }
          const shown = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}...` : line;
          matches.push({ file: relative, line: index + 1, text: shown });
        }
      }
      if (!truncated) return { matches, count: matches.length };
      return {
        matches,
        count: matches.length,
        truncated: true,
        message: `Showing the first ${MAX_SEARCH_MATCHES} matches; narrow the pattern, path or glob to see the rest.`,
      };
    },
  };
}
