import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";
import { publicSkills, writeSkill } from "./helpers.js";

let base: string;
let home: string;
let workspaceSkills: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "skein-skills-cli-"));
  home = join(base, "home");
  workspaceSkills = join(home, "workspace", "skills");
  await mkdir(home, { recursive: true });
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Runs the built `skein` with `args` (stdin not a terminal); resolves with its exit code and output. */
function skein(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cliPath, ...args],
      { env: { PATH: process.env.PATH, HOME: join(base, "user"), SKEIN_HOME: home }, cwd: base, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
    child.stdin?.end();
  });
}

/** A .zip holding `entries` (stored or deflated), written by hand so that it may hold what no tool would write. */
async function zipOf(path: string, entries: Record<string, string>): Promise<string> {
  const { crc32 } = await import("node:zlib");
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(path, Buffer.concat([...locals, directory, end]));
  return path;
}

const skillText = (name: string) =>
  `---\nname: ${name}\ndescription: Does ${name} things.\n---\n\nInstructions of ${name}.\n`;

describe("skein skills list and check", () => {
  it("lists each skill with its folder and status, as text and as JSON", async () => {
    await writeSkill(workspaceSkills, "fine");
    await writeSkill(workspaceSkills, "broken", "name: Broken\ndescription: x");
    await writeSkill(
      workspaceSkills,
      "needs-tool",
      'name: needs-tool\ndescription: x\nmetadata: {"openclaw": {"requires": {"bins": ["no-such-tool-here"], "env": ["NOT_SET"]}}}',
    );
    await writeSkill(join(home, "skills"), "fine");
    const text = await skein("skills", "list");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^fine\s+ready\s+.*workspace\/skills\/fine$/m);
    expect(text.stdout).toMatch(/^broken\s+invalid: name: /m);
    expect(text.stdout).toMatch(/^needs-tool\s+missing bins: no-such-tool-here/m);
    expect(text.stdout).toMatch(/^fine\s+shadowed by .*workspace\/skills\/fine\s+.*home\/skills\/fine$/m);

    const json = JSON.parse((await skein("skills", "list", "--json")).stdout) as Array<Record<string, unknown>>;
    expect(json.find((skill) => skill.name === "fine")).toMatchObject({
      status: "ready",
      folder: join(workspaceSkills, "fine"),
      description: "Does fine things.",
    });
  });

  it("checks one folder: what the model would see, whether it is offered here (its requirements met), or which field is wrong", async () => {
    const good = await writeSkill(join(base, "drafts"), "draft-skill");
    const checked = await skein("skills", "check", good);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain("<name>draft-skill</name>");
    expect(checked.stdout).toContain("Instructions of draft-skill.");
    expect(checked.stdout).toContain("here: ready");
    expect(checked.stdout).toMatch(/^in the model's catalog: yes$/m);
    const gated = await writeSkill(
      join(base, "drafts"),
      "needs-tool",
      'name: needs-tool\ndescription: Needs a tool.\nmetadata: {"openclaw": {"requires": {"bins": ["no-such-tool-here"]}}}',
    );
    const unmet = await skein("skills", "check", gated);
    expect(unmet.code).toBe(0);
    expect(unmet.stdout).toMatch(/^here: missing bins: no-such-tool-here$/m);
    expect(unmet.stdout).toMatch(/^in the model's catalog: no, not here \(missing bins: no-such-tool-here\)$/m);
    expect(unmet.stdout).toMatch(/^people call it: no, not here/m);
    const bad = await writeSkill(join(base, "drafts"), "bad-draft", "name: bad-draft");
    const refused = await skein("skills", "check", bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("description: is required");
  });
});

describe("skein skills add and remove", () => {
  it("installs a folder after showing its files and scripts, refuses to replace it without --force, and removes it", async () => {
    const source = await writeSkill(join(base, "incoming"), "shell-helper");
    await mkdir(join(source, "scripts"));
    await writeFile(join(source, "scripts", "run.sh"), '#!/bin/sh\necho ran > "$HOME/ran-marker"\n', { mode: 0o755 });

    const unconfirmed = await skein("skills", "add", source);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain("--yes");
    expect(await readdir(home)).not.toContain("workspace");

    const added = await skein("skills", "add", source, "--yes");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("scripts/run.sh");
    expect(added.stdout).toMatch(/scripts it ships/);
    expect(await readFile(join(workspaceSkills, "shell-helper", "scripts", "run.sh"), "utf8")).toContain("echo ran");
    expect(await readdir(join(base, "user")).catch(() => [])).not.toContain("ran-marker");

    const again = await skein("skills", "add", source, "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");
    expect((await skein("skills", "add", source, "--yes", "--force")).code).toBe(0);

    expect((await skein("skills", "remove", "shell-helper")).code).toBe(0);
    expect(await readdir(workspaceSkills)).toEqual([]);
  });

  it("installs a real public skill unchanged", async () => {
    const added = await skein("skills", "add", join(publicSkills, "anthropic", "brand-guidelines"), "--yes");
    expect(added.code).toBe(0);
    expect(await readFile(join(workspaceSkills, "brand-guidelines", "SKILL.md"), "utf8")).toBe(
      await readFile(join(publicSkills, "anthropic", "brand-guidelines", "SKILL.md"), "utf8"),
    );
  });

  it("installs from a .zip holding the skill at its root, and refuses one with an entry outside (zip-slip)", async () => {
    const good = await zipOf(join(base, "good.zip"), { "SKILL.md": skillText("zipped"), "notes/a.md": "A" });
    expect((await skein("skills", "add", good, "--yes")).code).toBe(0);
    expect(await readFile(join(workspaceSkills, "zipped", "notes", "a.md"), "utf8")).toBe("A");

    const evil = await zipOf(join(base, "evil.zip"), {
      "slip/SKILL.md": skillText("slip"),
      "../../escaped.txt": "gotcha",
    });
    const refused = await skein("skills", "add", evil, "--yes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused|outside|invalid relative path/);
    expect(await readdir(workspaceSkills)).toEqual(["zipped"]);
    expect(await readdir(base)).not.toContain("escaped.txt");
  });

  it("installs from a .tar.gz holding the skill as one folder, and refuses one with a link out", async () => {
    const tar = await import("tar");
    const tree = join(base, "tree");
    await writeSkill(tree, "tarred");
    await tar.c({ gzip: true, file: join(base, "good.tar.gz"), cwd: tree }, ["tarred"]);
    expect((await skein("skills", "add", join(base, "good.tar.gz"), "--yes")).code).toBe(0);
    expect(await readdir(join(workspaceSkills, "tarred"))).toEqual(["SKILL.md"]);

    await writeSkill(tree, "linked");
    await symlink("/etc/passwd", join(tree, "linked", "passwd"));
    await tar.c({ gzip: true, file: join(base, "evil.tar.gz"), cwd: tree }, ["linked"]);
    const refused = await skein("skills", "add", join(base, "evil.tar.gz"), "--yes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/SymbolicLink|only files and folders/);
    expect(await readdir(workspaceSkills)).toEqual(["tarred"]);
  });

  it("installs from a git URL: a local bare repository, cloned without the network", async () => {
    const work = join(base, "repo-work");
    await mkdir(work);
    await writeFile(join(work, "SKILL.md"), skillText("from-git"));
    const git = (...args: string[]) =>
      new Promise<void>((resolve, reject) =>
        execFile("git", args, { cwd: work }, (error) => (error ? reject(error) : resolve())),
      );
    await git("init", "--quiet");
    await git("add", "SKILL.md");
    await git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "skill");
    const bare = join(base, "skill.git");
    await git("clone", "--quiet", "--bare", work, bare);

    const added = await skein("skills", "add", `file://${bare}`, "--yes");
    expect(added.code, added.stderr).toBe(0);
    expect(await readdir(join(workspaceSkills, "from-git"))).toEqual(["SKILL.md"]);
    const plain = await skein("skills", "add", bare, "--yes", "--force");
    expect(plain.code, plain.stderr).toBe(0);
  });
});
