import { execFile } from "node:child_process";
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { DEFAULT_LIMITS, extractTar, extractZip, UnsafeArchive } from "./skill-archive.js";
import { loadYamlParse, parseSkill, type SkillManifest } from "./skill-format.js";

/** Where a skill to install comes from. */
export type SkillSource =
  | { type: "folder"; path: string }
  | { type: "zip"; path: string }
  | { type: "tar"; path: string }
  | { type: "git"; url: string };

/** A skill staged for installation: validated, its files listed, nothing of it run. */
export interface StagedSkill {
  manifest: SkillManifest;
  /** The staged skill folder (a temporary copy). */
  dir: string;
  /** Every file, relative to the skill folder, with its size. */
  files: Array<{ path: string; bytes: number }>;
  /** The files that can be run: under scripts/, executable, or starting with `#!`. */
  scripts: string[];
  /** Removes the temporary copy. */
  discard(): Promise<void>;
}

/** Why a skill cannot be installed. */
export class SkillInstallError extends Error {
  override readonly name = "SkillInstallError";
}

/** What kind of source `input` names: a git URL, an archive or a folder (a bare repository counts as git). */
export async function sourceOf(input: string): Promise<SkillSource> {
  if (/^(?:https?|ssh|git|file):\/\//.test(input) || /^[\w.-]+@[\w.-]+:/.test(input))
    return { type: "git", url: input };
  const info = await stat(input).catch(() => undefined);
  if (!info) throw new SkillInstallError(`${input} does not exist (give a folder, a .zip, a .tar.gz or a git URL)`);
  if (info.isDirectory()) {
    const isBareRepository = await Promise.all(
      ["HEAD", "objects", "refs"].map((name) => stat(join(input, name)).then(Boolean, () => false)),
    );
    if (input.endsWith(".git") || isBareRepository.every(Boolean)) return { type: "git", url: input };
    return { type: "folder", path: input };
  }
  if (/\.zip$/i.test(input)) return { type: "zip", path: input };
  if (/\.(?:tar\.gz|tgz)$/i.test(input)) return { type: "tar", path: input };
  throw new SkillInstallError(`${input}: expected a folder, a .zip, a .tar.gz or a git URL`);
}

/**
 * Copies, extracts or clones the source into a temporary folder, finds the skill there (at its
 * root, or as its one sub-folder with a SKILL.md) and validates it. Runs nothing from it.
 */
export async function stageSkill(source: SkillSource, signal?: AbortSignal): Promise<StagedSkill> {
  const staging = await mkdtemp(join(tmpdir(), "skein-skill-add-"));
  const discard = () => rm(staging, { recursive: true, force: true });
  try {
    const unpacked = join(staging, "source");
    await mkdir(unpacked);
    if (source.type === "folder") await copyTree(source.path, unpacked);
    else if (source.type === "zip") await extractZip(source.path, unpacked);
    else if (source.type === "tar") await extractTar(source.path, unpacked);
    else await clone(source.url, unpacked, signal);
    const root = await skillRootIn(unpacked);
    const text = await readFile(join(root, "SKILL.md"), "utf8");
    const parseYaml = await loadYamlParse();
    // A skill at the root of an archive or repository is named by its frontmatter; a sub-folder by its name.
    const folder = root === unpacked ? declaredName(text, parseYaml) : relative(unpacked, root);
    const parsed = parseSkill(text, folder, parseYaml);
    if (parsed.type === "invalid")
      throw new SkillInstallError(`SKILL.md is invalid: ${parsed.field}: ${parsed.reason}`);
    const files = await listFiles(root);
    const scripts: string[] = [];
    for (const file of files) if (await isScript(root, file.path)) scripts.push(file.path);
    return { manifest: parsed.manifest, dir: root, files, scripts, discard };
  } catch (error) {
    await discard();
    if (error instanceof UnsafeArchive) throw new SkillInstallError(`refused: ${error.message}`);
    throw error;
  }
}

/** Copies the staged skill to `target` (replacing what is there only when `force`). */
export async function installStaged(staged: StagedSkill, target: string, force: boolean): Promise<void> {
  const exists = await lstat(target).then(
    () => true,
    () => false,
  );
  if (exists && !force)
    throw new SkillInstallError(`${target} already exists: pass --force to replace it, or remove it first`);
  const fresh = `${target}.installing-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  await mkdir(fresh, { recursive: true });
  await copyTree(staged.dir, fresh);
  if (exists) await rm(target, { recursive: true, force: true });
  await rename(fresh, target);
}

/**
 * Copies a folder: files and folders only, within the size and count limits. A symlink is
 * copied as what it points to when that is inside the folder, and refused otherwise; devices,
 * fifos and sockets are refused. `.git` is left out.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const root = await realpath(from);
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string, into: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name === ".git") continue;
      const path = join(dir, entry.name);
      const target = join(into, entry.name);
      let info = await lstat(path);
      if (info.isSymbolicLink()) {
        const resolved = await realpath(path).catch(() => "");
        if (!resolved.startsWith(root + sep))
          throw new SkillInstallError(`refused: ${relative(root, path)} is a link to outside the skill's folder`);
        info = await stat(resolved);
      }
      if (info.isDirectory()) {
        await mkdir(target, { recursive: true });
        await walk(path, target);
      } else if (info.isFile()) {
        if (++files > DEFAULT_LIMITS.maxFiles)
          throw new SkillInstallError(`refused: more than ${DEFAULT_LIMITS.maxFiles} files`);
        bytes += info.size;
        if (bytes > DEFAULT_LIMITS.maxBytes)
          throw new SkillInstallError(`refused: more than ${DEFAULT_LIMITS.maxBytes / 1024 / 1024} MB`);
        await copyFile(path, target);
      } else throw new SkillInstallError(`refused: ${relative(root, path)} is not a file nor a folder`);
    }
  };
  await walk(root, to);
}

/** `git clone --depth 1`, without a shell, prompts or hooks of the repository (a clone runs none). */
function clone(url: string, into: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "protocol.ext.allow=never", "clone", "--depth", "1", "--quiet", "--", url, into],
      {
        timeout: 120_000,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
        ...(signal ? { signal } : {}),
      },
      (error, _stdout, stderr) =>
        error
          ? reject(new SkillInstallError(`git clone ${url} failed: ${String(stderr).trim() || error.message}`))
          : resolve(),
    );
  });
}

async function skillRootIn(unpacked: string): Promise<string> {
  const hasSkill = (dir: string) =>
    stat(join(dir, "SKILL.md")).then(
      (info) => info.isFile(),
      () => false,
    );
  if (await hasSkill(unpacked)) return unpacked;
  const folders = (await readdir(unpacked, { withFileTypes: true })).filter(
    (entry) => entry.isDirectory() && entry.name !== ".git",
  );
  const withSkill: string[] = [];
  for (const folder of folders) if (await hasSkill(join(unpacked, folder.name))) withSkill.push(folder.name);
  if (withSkill.length === 1) return join(unpacked, withSkill[0]!);
  throw new SkillInstallError(
    withSkill.length === 0
      ? "no SKILL.md at its root nor in a folder of its own"
      : `it holds ${withSkill.length} skills (${withSkill.join(", ")}): add them one at a time`,
  );
}

function declaredName(text: string, parseYaml: (text: string) => unknown): string {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(text);
  try {
    const data = match ? parseYaml(match[1]!) : undefined;
    const name = (data as { name?: unknown } | undefined)?.name;
    return typeof name === "string" ? name : "";
  } catch {
    return "";
  }
}

async function listFiles(root: string): Promise<Array<{ path: string; bytes: number }>> {
  const files: Array<{ path: string; bytes: number }> = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.push({ path: relative(root, path), bytes: (await stat(path)).size });
    }
  };
  await walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function isScript(root: string, file: string): Promise<boolean> {
  if (file.startsWith(`scripts${sep}`)) return true;
  const path = join(root, file);
  if (((await stat(path)).mode & 0o111) !== 0) return true;
  const head = await readFile(path).then((bytes) => bytes.subarray(0, 2).toString("latin1"));
  return head === "#!";
}
