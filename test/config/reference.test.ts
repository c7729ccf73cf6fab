import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { envOverrides } from "../../src/config/load.js";
import { type SchemaKey, schemaKeys } from "../../src/config/schema-keys.js";

/**
 * docs/configuration.md's "Configuration reference" table against the zod schema (src/config/schema.ts,
 * with each channel's settings from channels/<name>/index.ts): every key has a row, every row
 * a key, each row names the variable that overrides its key and shows its default.
 */

interface Row {
  key: string;
  env: string;
  default: string;
  line: number;
}

async function referenceRows(): Promise<Row[]> {
  const readme = await readFile(new URL("../../docs/configuration.md", import.meta.url), "utf8");
  const lines = readme.split("\n");
  const start = lines.findIndex((line) => line.trim() === "## Configuration reference");
  expect(start, 'docs/configuration.md has a "## Configuration reference" section').toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (let index = start + 1; index < lines.length && !lines[index]!.startsWith("#"); index++) {
    const cells = /^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|/.exec(lines[index]!);
    if (cells) rows.push({ key: cells[1]!, env: cells[2]!, default: cells[3]!, line: index + 1 });
  }
  return rows;
}

/** Whether a row's key (with `<name>` standing for any one segment) covers a schema key. */
function covers(rowKey: string, key: string): boolean {
  const rowParts = rowKey.split(".");
  const keyParts = key.split(".");
  return (
    rowParts.length === keyParts.length &&
    rowParts.every((part, index) => part === keyParts[index] || part === "<name>" || keyParts[index] === "<name>")
  );
}

const leaves = schemaKeys().filter((key) => !key.section);
const variablesOf = (key: string) =>
  Object.entries(envOverrides)
    .filter(([, setter]) => covers(key, setter.path))
    .map(([variable]) => variable);
const where = (key: string) =>
  key.startsWith("channels.") ? `the settings of channels/${key.split(".")[1]}/index.ts` : "src/config/schema.ts";
const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const suggestedRow = (key: SchemaKey) =>
  `| \`${key.path}\` | ${variablesOf(key.path)
    .map((variable) => `\`${variable}\``)
    .join(", ")} | ${key.default === undefined ? "–" : shown(key.default)} | <what it does> |`;

describe("docs/configuration.md's configuration reference", () => {
  it("has a row for every config key", async () => {
    const rows = await referenceRows();
    const missing = leaves
      .filter((key) => !rows.some((row) => covers(row.key, key.path)))
      .map(
        (key) =>
          `config key "${key.path}" (from ${where(key.path)}) has no row in docs/configuration.md's "Configuration reference" table; add:\n  ${suggestedRow(key)}`,
      );
    expect(missing.join("\n")).toBe("");
  });

  it("has no row for a key the schema does not have", async () => {
    const stale = (await referenceRows())
      .filter((row) => !leaves.some((key) => covers(row.key, key.path)))
      .map(
        (row) =>
          `docs/configuration.md:${row.line} documents "${row.key}", which is not a config key: fix or remove the row`,
      );
    expect(stale.join("\n")).toBe("");
  });

  it("names the environment variable of each key that has one", async () => {
    const rows = await referenceRows();
    const unnamed = leaves.flatMap((key) =>
      variablesOf(key.path)
        .filter((variable) => !rows.some((row) => covers(row.key, key.path) && row.env.includes(variable)))
        .map(
          (variable) =>
            `${variable} sets "${key.path}": name it in the env column of that key's row in docs/configuration.md's "Configuration reference"`,
        ),
    );
    expect(unnamed.join("\n")).toBe("");
  });

  it("shows each key's default", async () => {
    const rows = await referenceRows();
    const wrong = leaves
      .filter((key) => ["string", "number", "boolean"].includes(typeof key.default))
      .flatMap((key) =>
        rows
          .filter((row) => covers(row.key, key.path) && !row.default.includes(String(key.default)))
          .map(
            (row) =>
              `docs/configuration.md:${row.line}: the default of "${key.path}" is ${shown(key.default)}; the row says "${row.default.trim()}"`,
          ),
      );
    expect(wrong.join("\n")).toBe("");
  });
});
