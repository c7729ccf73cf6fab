import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { envOverrides } from "../../src/config/load.js";

const read = (file: string) => readFile(new URL(`../../${file}`, import.meta.url), "utf8");
const variables = [...Object.keys(envOverrides), "SKEIN_HOME", "SKEIN_CONFIG"];

describe("the environment variables skein reads", () => {
  it("are each listed with a comment in .env.example", async () => {
    const example = await read(".env.example");
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("are each documented in the README or a guide under docs/", async () => {
    const guides = (await readdir(new URL("../../docs/", import.meta.url))).filter((name) => name.endsWith(".md"));
    const documentation = (await Promise.all(["README.md", ...guides.map((name) => `docs/${name}`)].map(read))).join(
      "\n",
    );
    expect(variables.filter((name) => !documentation.includes(name))).toEqual([]);
  });
});
