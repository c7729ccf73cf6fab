import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";

/** Every JavaScript file of the built CLI (dist/cli.js and its chunks), with its text. */
async function builtFiles(): Promise<Array<{ name: string; text: string }>> {
  const dist = dirname(cliPath);
  const chunks = (await readdir(join(dist, "chunks"))).filter((name) => name.endsWith(".js"));
  return Promise.all(
    ["cli.js", ...chunks.map((name) => join("chunks", name))].map(async (name) => ({
      name,
      text: await readFile(join(dist, name), "utf8"),
    })),
  );
}

describe("the built CLI's imports", () => {
  it("requires node:http instead of importing it as an ES module, which on Node 24 loads undici into an idle daemon", async () => {
    const files = await builtFiles();
    const imported = files.filter(({ text }) =>
      /\bfrom\s*["'](node:)?http["']|\bimport\s*\(\s*["'](node:)?http["']\s*\)|\bimport\s*["'](node:)?http["']/.test(
        text,
      ),
    );
    expect(imported.map(({ name }) => name)).toEqual([]);
    expect(files.some(({ text }) => /require\(\s*["']node:http["']\s*\)/.test(text))).toBe(true);
  });
});
