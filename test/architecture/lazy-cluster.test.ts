import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** What a file loads as soon as it is loaded: its value imports and re-exports (not `import type`, not `import()`). */
function staticImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specifiers;
}

/** Every file of src/ and every package that loading `entry` loads, following only static imports. */
function staticallyLoaded(entry: string): Set<string> {
  const loaded = new Set<string>();
  const pending = [resolve(root, entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const key = relative(root, file).split("\\").join("/");
    if (loaded.has(key)) continue;
    loaded.add(key);
    for (const specifier of staticImportsOf(file)) {
      if (!specifier.startsWith(".")) {
        loaded.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier);
      const typeScript = target.endsWith(".js") && !existsSync(target) ? `${target.slice(0, -3)}.ts` : target;
      if (typeScript.endsWith(".ts")) pending.push(typeScript);
    }
  }
  return loaded;
}

describe("cluster mode's code", () => {
  it("is not loaded by an embedded daemon: src/daemon.ts reaches src/cluster and ioredis only through import()", () => {
    const loaded = [...staticallyLoaded("src/daemon.ts")];

    expect(loaded).toContain("src/daemon/open-stores.ts");
    expect(loaded.filter((name) => name.startsWith("src/cluster/") || name === "ioredis")).toEqual([]);
  });
});

describe("the browser's code", () => {
  it("is not loaded until a browser starts: src/daemon.ts reaches playwright-core and the launch code only through import()", () => {
    const loaded = [...staticallyLoaded("src/daemon.ts")];

    expect(loaded).toContain("src/browser/browser-pool.ts");
    expect(loaded).toContain("src/tools/builtin/browser.ts");
    expect(
      loaded.filter((name) =>
        ["playwright-core", "src/browser/browser-session.ts", "src/browser/chromium-launch.ts"].includes(name),
      ),
    ).toEqual([]);
  });
});
