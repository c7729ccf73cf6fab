import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltinTools, setUpTools } from "./tool-harness.js";

let tools: BuiltinTools;
let workspace: string;
let outside: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ tools, workspace, outside, cleanup } = await setUpTools());
  await writeFile(path.join(outside, "secret.txt"), "top secret");
});
afterEach(() => cleanup());

describe("workspace containment", () => {
  it("refuses ../../../etc/passwd as an invalid path", async () => {
    await expect(tools.run("read_file", { path: "../../../etc/passwd" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
  });

  it("refuses an absolute path outside the workspace, for reading and for writing", async () => {
    await expect(tools.run("read_file", { path: path.join(outside, "secret.txt") })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("write_file", { path: path.join(outside, "new.txt"), content: "x" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("read_file", { path: "/etc/passwd" })).rejects.toMatchObject({ kind: "InvalidPath" });
  });

  it("accepts an absolute path inside the workspace", async () => {
    await writeFile(path.join(workspace, "inside.txt"), "hello");
    await expect(tools.run("read_file", { path: path.join(workspace, "inside.txt") })).resolves.toEqual({
      content: "hello",
    });
  });

  it("refuses home-relative paths", async () => {
    await expect(tools.run("read_file", { path: "~/.ssh/id_rsa" })).rejects.toMatchObject({ kind: "InvalidPath" });
    await expect(tools.run("write_file", { path: "~", content: "x" })).rejects.toMatchObject({ kind: "InvalidPath" });
  });

  it("refuses a symlink inside the workspace that points outside, for every file tool", async () => {
    await symlink(outside, path.join(workspace, "escape"));
    await symlink(path.join(outside, "secret.txt"), path.join(workspace, "secret-link"));
    await expect(tools.run("read_file", { path: "escape/secret.txt" })).rejects.toMatchObject({ kind: "InvalidPath" });
    await expect(tools.run("read_file", { path: "secret-link" })).rejects.toMatchObject({ kind: "InvalidPath" });
    await expect(tools.run("write_file", { path: "escape/new/file.txt", content: "x" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("list_directory", { path: "escape" })).rejects.toMatchObject({ kind: "InvalidPath" });
    await expect(tools.run("edit_file", { path: "secret-link", old_text: "top", new_text: "x" })).rejects.toMatchObject(
      {
        kind: "InvalidPath",
      },
    );
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });

  it("refuses writing through a dangling symlink that points outside", async () => {
    await symlink(path.join(outside, "not-yet.txt"), path.join(workspace, "dangling"));
    await expect(tools.run("write_file", { path: "dangling", content: "x" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(readFile(path.join(outside, "not-yet.txt"))).rejects.toThrow();
  });

  it("follows a symlink that points inside the workspace", async () => {
    await mkdir(path.join(workspace, "real"));
    await writeFile(path.join(workspace, "real", "a.txt"), "inside");
    await symlink(path.join(workspace, "real"), path.join(workspace, "alias"));
    await expect(tools.run("read_file", { path: "alias/a.txt" })).resolves.toEqual({ content: "inside" });
  });

  it("reports a missing file as FileNotFound", async () => {
    await expect(tools.run("read_file", { path: "nope.txt" })).rejects.toMatchObject({ kind: "FileNotFound" });
    await expect(tools.run("edit_file", { path: "nope.txt", old_text: "a", new_text: "b" })).rejects.toMatchObject({
      kind: "FileNotFound",
    });
  });

  it("refuses a path longer than the system's limit before looking for any of its folders", async () => {
    // Each missing folder of "a/a/a/…" was one step of the walk up to an existing one: a 1 MB path took hours.
    const refusal = { kind: "InvalidPath", message: expect.stringMatching(/longer than 4095 bytes/) };
    await expect(tools.run("read_file", { path: "a/".repeat(3_000) })).rejects.toMatchObject(refusal);
    await expect(tools.run("write_file", { path: "a/".repeat(500_000), content: "x" })).rejects.toMatchObject(refusal);
    await expect(tools.run("list_directory", { path: `${"é".repeat(2_100)}` })).rejects.toMatchObject(refusal);
  });
});

describe("read_file and write_file", () => {
  it("writes a file in new parent directories, overwrites it, and reads it back", async () => {
    await expect(tools.run("write_file", { path: "a/b/c.txt", content: "héllo" })).resolves.toEqual({
      message: "Successfully wrote 6 bytes to a/b/c.txt",
    });
    await tools.run("write_file", { path: "a/b/c.txt", content: "second" });
    await expect(tools.run("read_file", { path: "a/b/c.txt" })).resolves.toEqual({ content: "second" });
  });

  it("reads a large file only in part, saying so", async () => {
    await writeFile(path.join(workspace, "big.txt"), "x".repeat(2 * 1024 * 1024));
    const { content } = await tools.run("read_file", { path: "big.txt" });
    expect(content.length).toBeLessThan(1_100_000);
    expect(content).toContain("truncated: the file has 2097152 bytes");
  });

  it("says a directory is not a file", async () => {
    await expect(tools.run("read_file", { path: "." })).rejects.toMatchObject({ kind: "InvalidArgs" });
  });
});

describe("edit_file", () => {
  beforeEach(() => writeFile(path.join(workspace, "code.ts"), "let a = 1;\nlet b = 1;\n"));

  it("replaces exactly one occurrence", async () => {
    await expect(tools.run("edit_file", { path: "code.ts", old_text: "a = 1", new_text: "a = $& 2" })).resolves.toEqual(
      {
        message: "Successfully edited code.ts",
      },
    );
    expect(await readFile(path.join(workspace, "code.ts"), "utf8")).toBe("let a = $& 2;\nlet b = 1;\n");
  });

  it("refuses old_text that does not occur", async () => {
    await expect(tools.run("edit_file", { path: "code.ts", old_text: "let c", new_text: "x" })).rejects.toMatchObject({
      kind: "InvalidArgs",
      message: expect.stringContaining("not found"),
    });
  });

  it("refuses old_text that occurs twice, naming the count, and leaves the file alone", async () => {
    await expect(tools.run("edit_file", { path: "code.ts", old_text: "= 1", new_text: "= 2" })).rejects.toMatchObject({
      kind: "InvalidArgs",
      message: expect.stringContaining("2 times"),
      data: { match_count: 2 },
    });
    expect(await readFile(path.join(workspace, "code.ts"), "utf8")).toBe("let a = 1;\nlet b = 1;\n");
  });
});

describe("list_directory", () => {
  it("lists immediate entries sorted by name with is_dir and size", async () => {
    await writeFile(path.join(workspace, "b.txt"), "12345");
    await mkdir(path.join(workspace, "a-dir", "nested"), { recursive: true });
    await symlink(outside, path.join(workspace, "c-link"));
    const { entries } = await tools.run("list_directory", { path: "." });
    expect(entries.map((entry: { name: string }) => entry.name)).toEqual(["a-dir", "b.txt", "c-link"]);
    expect(entries[0]).toMatchObject({ name: "a-dir", is_dir: true });
    expect(entries[1]).toEqual({ name: "b.txt", is_dir: false, size: 5 });
    expect(entries[2]).toEqual({ name: "c-link", is_dir: false, size: 0 });
  });

  it("lists the workspace root when no path is given", async () => {
    await writeFile(path.join(workspace, "only.txt"), "");
    await expect(tools.run("list_directory", {})).resolves.toEqual({
      entries: [{ name: "only.txt", is_dir: false, size: 0 }],
    });
  });
});

describe("delete_file", () => {
  it("deletes a file", async () => {
    await writeFile(path.join(workspace, "gone.txt"), "x");
    await expect(tools.run("delete_file", { path: "gone.txt" })).resolves.toEqual({
      message: "Successfully deleted gone.txt",
    });
    await expect(tools.run("read_file", { path: "gone.txt" })).rejects.toMatchObject({ kind: "FileNotFound" });
  });

  it("deletes a symlink pointing outside without touching its target", async () => {
    await symlink(path.join(outside, "secret.txt"), path.join(workspace, "link"));
    await tools.run("delete_file", { path: "link" });
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });

  it("deletes a directory only when asked to recurse, and never the workspace itself", async () => {
    await mkdir(path.join(workspace, "dir"));
    await writeFile(path.join(workspace, "dir", "f"), "x");
    await expect(tools.run("delete_file", { path: "dir" })).rejects.toMatchObject({ kind: "InvalidArgs" });
    await tools.run("delete_file", { path: "dir", recursive: true });
    await expect(tools.run("delete_file", { path: ".", recursive: true })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("delete_file", { path: "dir/..", recursive: true })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("delete_file", { path: "../outside/secret.txt" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
    await expect(tools.run("delete_file", { path: "missing.txt" })).rejects.toMatchObject({ kind: "FileNotFound" });
  });
});

describe("search_files", () => {
  beforeEach(async () => {
    await mkdir(path.join(workspace, "src", "deep"), { recursive: true });
    await mkdir(path.join(workspace, "node_modules", "pkg"), { recursive: true });
    await mkdir(path.join(workspace, ".git"), { recursive: true });
    await writeFile(path.join(workspace, "src", "a.ts"), "const answer = 42;\nfunction hello() {}\n");
    await writeFile(path.join(workspace, "src", "deep", "b.md"), "The answer is 42.\n");
    await writeFile(path.join(workspace, "node_modules", "pkg", "index.ts"), "const answer = 0;\n");
    await writeFile(path.join(workspace, ".git", "config"), "answer\n");
    await writeFile(path.join(workspace, "binary.bin"), Buffer.from([0, 1, 2, 97, 110, 115, 119, 101, 114]));
  });

  it("finds matching lines recursively with file and line number, skipping node_modules, .git and binaries", async () => {
    await expect(tools.run("search_files", { pattern: "answer" })).resolves.toEqual({
      matches: [
        { file: "src/a.ts", line: 1, text: "const answer = 42;" },
        { file: "src/deep/b.md", line: 1, text: "The answer is 42." },
      ],
      count: 2,
    });
  });

  it("treats the pattern as a regular expression, or as literal text when it is not one", async () => {
    const regex = await tools.run("search_files", { pattern: "function \\w+\\(" });
    expect(regex.matches).toEqual([{ file: "src/a.ts", line: 2, text: "function hello() {}" }]);
    const literal = await tools.run("search_files", { pattern: "hello(" });
    expect(literal.count).toBe(1);
  });

  it("filters by a glob on file names or on paths, and searches under a path", async () => {
    expect((await tools.run("search_files", { pattern: "42", glob: "*.md" })).matches).toEqual([
      { file: "src/deep/b.md", line: 1, text: "The answer is 42." },
    ]);
    expect((await tools.run("search_files", { pattern: "42", glob: "src/*.{ts,js}" })).count).toBe(1);
    expect((await tools.run("search_files", { pattern: "42", path: "src/deep" })).count).toBe(1);
  });

  it("caps the matches and says so", async () => {
    await writeFile(path.join(workspace, "many.txt"), "hit\n".repeat(500));
    const result = await tools.run("search_files", { pattern: "hit", glob: "many.txt" });
    expect(result.count).toBe(200);
    expect(result.truncated).toBe(true);
    expect(result.message).toContain("first 200 matches");
  });

  it("refuses patterns and globs that could take exponential time, instead of blocking the daemon", async () => {
    await writeFile(path.join(workspace, "a.txt"), `${"a".repeat(40)}!\n`);
    await expect(tools.run("search_files", { pattern: "(a+)+$" })).rejects.toMatchObject({ kind: "InvalidArgs" });
    await expect(tools.run("search_files", { pattern: "(a+)+$", literal: true })).resolves.toMatchObject({ count: 0 });
    await expect(tools.run("search_files", { pattern: "a", glob: "*a*a*a*a*a*a*a*a*a*a*a*" })).rejects.toMatchObject({
      kind: "InvalidArgs",
    });
  });

  it("stays inside the workspace", async () => {
    await expect(tools.run("search_files", { pattern: "secret", path: "../outside" })).rejects.toMatchObject({
      kind: "InvalidPath",
    });
  });
});

describe("safety tiers", () => {
  it("marks reading tools read-only, changing tools side-effecting and deleting privileged", () => {
    const safety = (name: string) => tools.get(name).safety;
    expect(["read_file", "list_directory", "search_files"].map(safety)).toEqual([
      "read-only",
      "read-only",
      "read-only",
    ]);
    expect(["write_file", "edit_file", "delete_file"].map(safety)).toEqual([
      "side-effecting",
      "side-effecting",
      "privileged",
    ]);
  });
});

describe("files that are not regular files", () => {
  const mkfifo = async (name: string): Promise<void> => {
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [path.join(workspace, name)]);
  };

  it("refuses at once to read, write or edit a FIFO, five in one round leaving file operations free", async () => {
    for (const name of ["a", "b", "c", "d", "e"]) await mkfifo(`${name}.fifo`);
    const reads = ["a", "b", "c", "d", "e"].map((name) =>
      tools.run("read_file", { path: `${name}.fifo` }).catch((error) => error),
    );
    for (const refusal of await Promise.all(reads)) {
      expect(refusal).toMatchObject({ kind: "InvalidArgs", message: expect.stringContaining("FIFO") });
    }
    await expect(tools.run("write_file", { path: "a.fifo", content: "x" })).rejects.toMatchObject({
      kind: "InvalidArgs",
    });
    await expect(tools.run("edit_file", { path: "a.fifo", old_text: "x", new_text: "y" })).rejects.toMatchObject({
      kind: "InvalidArgs",
    });
    await writeFile(path.join(workspace, "plain.txt"), "still readable");
    await expect(tools.run("read_file", { path: "plain.txt" })).resolves.toEqual({ content: "still readable" });
  });

  it("skips a FIFO in search_files instead of hanging on it", async () => {
    await mkfifo("pipe");
    await writeFile(path.join(workspace, "note.txt"), "needle");
    const result = await tools.run("search_files", { pattern: "needle" });
    expect(result.count).toBe(1);
  });
});
