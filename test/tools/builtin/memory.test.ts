import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userNotesFolder } from "../../../src/tools/builtin/memory-notes.js";
import { recordingLogger } from "../../support/tool-context.js";
import { type BuiltinTools, makeContext, setUpTools } from "./tool-harness.js";

let tools: BuiltinTools;
let workspace: string;
let home: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ tools, workspace, home, cleanup } = await setUpTools());
});
afterEach(() => cleanup());

describe("memory_read and memory_write", () => {
  it("says when there is no memory file yet", async () => {
    await expect(tools.run("memory_read", {})).resolves.toEqual({ content: "", message: "No memory file found" });
  });

  it("appends with a blank line between entries and reads the whole file back", async () => {
    const first = await tools.run("memory_write", { content: "## Decision\nUse PostgreSQL." });
    expect(first).toEqual({
      message: "Successfully wrote 27 bytes to memory (mode: append)",
      path: path.join(workspace, "memory", "MEMORY.md"),
    });
    await tools.run("memory_write", { content: "The user likes tea.", mode: "append" });
    await expect(tools.run("memory_read", {})).resolves.toEqual({
      content: "## Decision\nUse PostgreSQL.\n\nThe user likes tea.",
    });
  });

  it("overwrites the file in overwrite mode", async () => {
    await tools.run("memory_write", { content: "old" });
    await expect(tools.run("memory_write", { content: "new", mode: "overwrite" })).resolves.toMatchObject({
      message: "Successfully wrote 3 bytes to memory (mode: overwrite)",
    });
    expect(await readFile(path.join(workspace, "memory", "MEMORY.md"), "utf8")).toBe("new");
  });

  it("returns only the paragraphs containing the query, case-insensitively", async () => {
    await tools.run("memory_write", { content: "Decided to use JWT tokens for Authentication." });
    await tools.run("memory_write", { content: "Deploys go through CI." });
    await tools.run("memory_write", { content: "authentication secrets live in the vault." });
    await expect(tools.run("memory_read", { query: "AUTHENTICATION" })).resolves.toEqual({
      query: "AUTHENTICATION",
      matches: ["Decided to use JWT tokens for Authentication.", "authentication secrets live in the vault."],
      count: 2,
    });
  });

  it("keeps every entry when appends race", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => tools.run("memory_write", { content: `entry ${index}` })),
    );
    const { content } = await tools.run("memory_read", {});
    expect(content.split("\n\n").sort()).toEqual(Array.from({ length: 10 }, (_, index) => `entry ${index}`).sort());
  });

  it("rejects an unknown mode in its schema", () => {
    expect(tools.accepts("memory_write", { content: "x", mode: "prepend" })).toBe(false);
  });
});

describe("per-user notes", () => {
  const alice = makeContext({ channel: "telegram", senderId: "111" });
  const bob = makeContext({ channel: "telegram", senderId: "222" });
  const aliceOnSlack = makeContext({ channel: "slack", senderId: "111" });

  it("saves a note as a readable file in the user's folder under $SKEIN_HOME, outside the workspace", async () => {
    const saved = await tools.run("memory_save", { content: "Alice's cat is called Miso." }, alice);
    expect(saved.note_id).toMatch(/^note-[0-9a-f-]{36}$/);
    expect(saved.message).toContain(saved.note_id);
    const file = path.join(home, "notes", userNotesFolder("telegram", "111"), `${saved.note_id}.md`);
    expect(await readFile(file, "utf8")).toBe("Alice's cat is called Miso.");
    expect(userNotesFolder("telegram", "111")).toMatch(/^telegram-111-[0-9a-f]{12}$/);
  });

  it("keeps notes out of reach of the file tools", async () => {
    await tools.run("memory_save", { content: "Alice's secret: the door code is 4711" }, alice);
    await expect(tools.run("search_files", { pattern: "4711" }, bob)).resolves.toMatchObject({ count: 0 });
    await expect(tools.run("list_directory", { path: "memory" }, bob)).rejects.toMatchObject({ kind: "FileNotFound" });
    await expect(tools.run("read_file", { path: "../notes" }, bob)).rejects.toMatchObject({ kind: "InvalidPath" });
  });

  it("moves notes an older version kept in the workspace out of it on start", async () => {
    const folder = userNotesFolder("telegram", "111");
    await mkdir(path.join(workspace, "memory", "notes", folder), { recursive: true });
    const noteId = "note-00000000-0000-4000-8000-000000000001";
    await writeFile(path.join(workspace, "memory", "notes", folder, `${noteId}.md`), "old note about tea");
    const { BuiltinTools } = await import("./tool-harness.js");
    const { configSchema } = await import("../../../src/config/schema.js");
    const { silentLogger } = await import("../../../src/log.js");
    const restarted = new BuiltinTools({
      config: configSchema.parse({}),
      workspace,
      home,
      log: silentLogger(),
    });
    const found = await restarted.run("memory_search", { query: "tea" }, alice);
    expect(found.results).toEqual([expect.objectContaining({ note_id: noteId })]);
    await expect(readdir(path.join(workspace, "memory"))).resolves.toEqual([]);
  });

  it("ranks notes by relevance with scores", async () => {
    await tools.run("memory_save", { content: "Favourite drink: green tea, no sugar." }, alice);
    await tools.run("memory_save", { content: "Works on the billing service." }, alice);
    await tools.run("memory_save", { content: "Tea time is at four; tea with lemon on Fridays." }, alice);
    const { results } = await tools.run("memory_search", { query: "tea" }, alice);
    expect(results).toHaveLength(2);
    expect(results[0].text).toContain("Tea time");
    expect(results[0].score).toBeGreaterThan(results[1].score);
    expect(results[0]).toEqual({
      text: expect.any(String),
      note_id: expect.stringMatching(/^note-/),
      score: expect.any(Number),
    });
  });

  it("logs a notes folder it cannot read, with its path, and finds nothing there", async () => {
    const folder = path.join(home, "notes", userNotesFolder("telegram", "111"));
    await mkdir(path.dirname(folder), { recursive: true });
    await writeFile(folder, "a file where the folder should be");
    const { log, lines } = recordingLogger();
    expect((await tools.run("memory_search", { query: "tea" }, { ...alice, log })).results).toEqual([]);
    expect(lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ path: folder, msg: "memory notes cannot be read" }),
    ]);
  });

  it("returns at most top_k results", async () => {
    for (let index = 0; index < 8; index++) await tools.run("memory_save", { content: `project note ${index}` }, alice);
    expect((await tools.run("memory_search", { query: "project" }, alice)).results).toHaveLength(5);
    expect((await tools.run("memory_search", { query: "project", top_k: 2 }, alice)).results).toHaveLength(2);
    expect(tools.accepts("memory_search", { query: "project", top_k: 21 })).toBe(false);
  });

  it("keeps two users' notes apart, also for the same id on another channel", async () => {
    const { note_id: aliceNote } = await tools.run("memory_save", { content: "alice secret: the vault code" }, alice);
    await tools.run("memory_save", { content: "bob likes the vault too" }, bob);

    const bobSees = await tools.run("memory_search", { query: "vault" }, bob);
    expect(bobSees.results.map((result: { text: string }) => result.text)).toEqual(["bob likes the vault too"]);
    expect((await tools.run("memory_search", { query: "vault" }, aliceOnSlack)).results).toEqual([]);

    await expect(tools.run("memory_update", { note_id: aliceNote, content: "hacked" }, bob)).rejects.toMatchObject({
      kind: "FileNotFound",
    });
    await expect(tools.run("memory_delete", { note_id: aliceNote }, bob)).rejects.toMatchObject({
      kind: "FileNotFound",
    });
    expect((await tools.run("memory_search", { query: "vault" }, alice)).results[0].text).toBe(
      "alice secret: the vault code",
    );
  });

  it("updates and deletes a note by id", async () => {
    const { note_id } = await tools.run("memory_save", { content: "meeting on Monday" }, alice);
    await expect(tools.run("memory_update", { note_id, content: "meeting moved to Tuesday" }, alice)).resolves.toEqual({
      note_id,
      message: `Updated note ${note_id}`,
    });
    expect((await tools.run("memory_search", { query: "meeting" }, alice)).results[0].text).toBe(
      "meeting moved to Tuesday",
    );
    await expect(tools.run("memory_delete", { note_id }, alice)).resolves.toEqual({
      message: `Deleted note ${note_id}`,
    });
    expect((await tools.run("memory_search", { query: "meeting" }, alice)).results).toEqual([]);
    await expect(tools.run("memory_delete", { note_id }, alice)).rejects.toMatchObject({ kind: "FileNotFound" });
  });

  it("accepts only well-formed note ids, so an id cannot name a path", () => {
    expect(tools.accepts("memory_delete", { note_id: "../../MEMORY" })).toBe(false);
    expect(tools.accepts("memory_delete", { note_id: "note-00000000-0000-0000-0000-000000000000" })).toBe(true);
  });

  it("loses no note when 20 are saved at once", async () => {
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, index) => tools.run("memory_save", { content: `parallel note ${index}` }, alice)),
    );
    expect(new Set(saved.map((result) => result.note_id)).size).toBe(20);
    const folder = path.join(home, "notes", userNotesFolder("telegram", "111"));
    expect((await readdir(folder)).filter((name) => name.endsWith(".md"))).toHaveLength(20);
    expect((await tools.run("memory_search", { query: "parallel", top_k: 20 }, alice)).results).toHaveLength(20);
  });

  it("gives every memory tool the right safety tier", () => {
    expect(["memory_read", "memory_search"].map((name) => tools.get(name).safety)).toEqual(["read-only", "read-only"]);
    expect(
      ["memory_write", "memory_save", "memory_update", "memory_delete"].map((name) => tools.get(name).safety),
    ).toEqual(Array(4).fill("side-effecting"));
  });
});
