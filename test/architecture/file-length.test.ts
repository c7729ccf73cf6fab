import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildImportGraph } from "./import-graph.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** DEVELOPERS.md: one concept per file, files under ~400 lines. A file that grows past it is split along its concepts. */
const MAX_LINES = 400;

/** The files of `files` longer than `max` lines, as `path: lines`. */
function filesOver(files: Iterable<string>, linesOf: (file: string) => number, max = MAX_LINES): string[] {
  return [...files].filter((file) => linesOf(file) > max).map((file) => `${file}: ${linesOf(file)} lines`);
}

function lineCount(file: string): number {
  const text = readFileSync(`${root}/${file}`, "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("the length of a file of src/, channels/ and ui/", () => {
  it(`stays within ${MAX_LINES} lines for every file`, () => {
    const files = [...buildImportGraph(root).keys()];

    expect(files.length).toBeGreaterThan(50);
    expect(filesOver(files, lineCount)).toEqual([]);
  });

  it("names each file past the limit with its length", () => {
    const lengths: Record<string, number> = { "src/a.ts": 401, "src/b.ts": 400, "channels/x/y.ts": 12 };

    expect(filesOver(Object.keys(lengths), (file) => lengths[file] ?? 0)).toEqual(["src/a.ts: 401 lines"]);
  });
});
