#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { loadYamlParse, parseSkill } from "./chunk-6ZCBQGU4.js";
import "./chunk-GZ7VATWC.js";
import { execFile } from "node:child_process";
import { createWriteStream } from "node:fs";
import {
  copyFile,
  lstat,
  mkdir,
  mkdir as mkdir2,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, join as join2, normalize, relative, sep, sep as sep2 } from "node:path";
import { pipeline } from "node:stream/promises";
var DEFAULT_LIMITS = { maxFiles: 1e3, maxBytes: 50 * 1024 * 1024 },
  UnsafeArchive = class extends Error {
    name = "UnsafeArchive";
  };
function entryPath(target, name) {
  const clean = name.replaceAll("\\", "/");
  if (clean.startsWith("/") || /^[a-zA-Z]:/.test(clean) || clean.split("/").includes(".."))
    throw new UnsafeArchive(`the entry "${name}" would be written outside the skill's folder`);
  const path = normalize(join(target, clean));
  if (path !== target && !path.startsWith(target + sep))
    throw new UnsafeArchive(`the entry "${name}" would be written outside the skill's folder`);
  return path;
}
async function extractTar(file, target, limits = DEFAULT_LIMITS) {
  let tar = await import("tar"),
    files = 0,
    bytes = 0,
    refusal,
    refuse = (reason) => {
      refusal ??= new UnsafeArchive(reason);
    };
  if (
    (await tar.t({
      file,
      onReadEntry: (entry) => {
        try {
          entryPath(target, entry.path);
        } catch (error) {
          refuse(error.message);
        }
        entry.type !== "File" &&
          entry.type !== "OldFile" &&
          entry.type !== "Directory" &&
          refuse(`the entry "${entry.path}" is a ${entry.type}: only files and folders are accepted`),
          ++files > limits.maxFiles && refuse(`more than ${limits.maxFiles} entries`),
          (bytes += entry.size ?? 0),
          bytes > limits.maxBytes && refuse(`more than ${limits.maxBytes / 1024 / 1024} MB unpacked`),
          entry.resume();
      },
    }),
    refusal)
  )
    throw refusal;
  await tar.x({ file, cwd: target, strict: !0, preserveOwner: !1, noChmod: !1 });
}
async function extractZip(file, target, limits = DEFAULT_LIMITS) {
  const yauzl = await import("yauzl"),
    zip = await new Promise((resolve, reject) =>
      yauzl.open(file, { lazyEntries: !0, autoClose: !1, validateEntrySizes: !0 }, (error, opened) =>
        error ? reject(error) : resolve(opened),
      ),
    );
  try {
    let entries = [],
      bytes = 0;
    await new Promise((resolve, reject) => {
      zip.on("entry", (entry) => {
        entries.push(entry), zip.readEntry();
      }),
        zip.on("end", resolve),
        zip.on("error", (error) =>
          reject(/relative path|absolute path/.test(error.message) ? new UnsafeArchive(error.message) : error),
        ),
        zip.readEntry();
    });
    for (const entry of entries) {
      entryPath(target, entry.fileName);
      const mode = (entry.externalFileAttributes >>> 16) & 61440,
        isDirectory = entry.fileName.endsWith("/");
      if (mode !== 0 && mode !== 32768 && !(isDirectory && mode === 16384))
        throw new UnsafeArchive(`the entry "${entry.fileName}" is not a plain file or folder (a link or a device)`);
      bytes += entry.uncompressedSize;
    }
    if (entries.length > limits.maxFiles) throw new UnsafeArchive(`more than ${limits.maxFiles} entries`);
    if (bytes > limits.maxBytes) throw new UnsafeArchive(`more than ${limits.maxBytes / 1024 / 1024} MB unpacked`);
    for (const entry of entries) {
      const path = entryPath(target, entry.fileName);
      if (entry.fileName.endsWith("/")) {
        await mkdir(path, { recursive: !0 });
        continue;
      }
      await mkdir(dirname(path), { recursive: !0 });
      const stream = await new Promise((resolve, reject) =>
          zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
        ),
        executable = ((entry.externalFileAttributes >>> 16) & 73) !== 0;
      await pipeline(stream, createWriteStream(path, { flags: "wx", mode: executable ? 493 : 420 }));
    }
  } finally {
    zip.close();
  }
}
var SkillInstallError = class extends Error {
  name = "SkillInstallError";
};
async function sourceOf(input) {
  if (/^(?:https?|ssh|git|file):\/\//.test(input) || /^[\w.-]+@[\w.-]+:/.test(input))
    return { type: "git", url: input };
  const info = await stat(input).catch(() => {});
  if (!info) throw new SkillInstallError(`${input} does not exist (give a folder, a .zip, a .tar.gz or a git URL)`);
  if (info.isDirectory()) {
    const isBareRepository = await Promise.all(
      ["HEAD", "objects", "refs"].map((name) => stat(join2(input, name)).then(Boolean, () => !1)),
    );
    return input.endsWith(".git") || isBareRepository.every(Boolean)
      ? { type: "git", url: input }
      : { type: "folder", path: input };
  }
  if (/\.zip$/i.test(input)) return { type: "zip", path: input };
  if (/\.(?:tar\.gz|tgz)$/i.test(input)) return { type: "tar", path: input };
  throw new SkillInstallError(`${input}: expected a folder, a .zip, a .tar.gz or a git URL`);
}
async function stageSkill(source, signal) {
  const staging = await mkdtemp(join2(tmpdir(), "skein-skill-add-")),
    discard = () => rm(staging, { recursive: !0, force: !0 });
  try {
    const unpacked = join2(staging, "source");
    await mkdir2(unpacked),
      source.type === "folder"
        ? await copyTree(source.path, unpacked)
        : source.type === "zip"
          ? await extractZip(source.path, unpacked)
          : source.type === "tar"
            ? await extractTar(source.path, unpacked)
            : await clone(source.url, unpacked, signal);
    const root = await skillRootIn(unpacked),
      text = await readFile(join2(root, "SKILL.md"), "utf8"),
      parseYaml = await loadYamlParse(),
      folder = root === unpacked ? declaredName(text, parseYaml) : relative(unpacked, root),
      parsed = parseSkill(text, folder, parseYaml);
    if (parsed.type === "invalid")
      throw new SkillInstallError(`SKILL.md is invalid: ${parsed.field}: ${parsed.reason}`);
    const files = await listFiles(root),
      scripts = [];
    for (const file of files) (await isScript(root, file.path)) && scripts.push(file.path);
    return { manifest: parsed.manifest, dir: root, files, scripts, discard };
  } catch (error) {
    throw (
      (await discard(), error instanceof UnsafeArchive ? new SkillInstallError(`refused: ${error.message}`) : error)
    );
  }
}
async function installStaged(staged, target, force) {
  const exists = await lstat(target).then(
    () => !0,
    () => !1,
  );
  if (exists && !force)
    throw new SkillInstallError(`${target} already exists: pass --force to replace it, or remove it first`);
  const fresh = `${target}.installing-${process.pid}`;
  await rm(fresh, { recursive: !0, force: !0 }),
    await mkdir2(fresh, { recursive: !0 }),
    await copyTree(staged.dir, fresh),
    exists && (await rm(target, { recursive: !0, force: !0 })),
    await rename(fresh, target);
}
async function copyTree(from, to) {
  let root = await realpath(from),
    files = 0,
    bytes = 0,
    walk = async (dir, into) => {
      for (const entry of await readdir(dir, { withFileTypes: !0 })) {
        if (entry.name === ".git") continue;
        let path = join2(dir, entry.name),
          target = join2(into, entry.name),
          info = await lstat(path);
        if (info.isSymbolicLink()) {
          const resolved = await realpath(path).catch(() => "");
          if (!resolved.startsWith(root + sep2))
            throw new SkillInstallError(`refused: ${relative(root, path)} is a link to outside the skill's folder`);
          info = await stat(resolved);
        }
        if (info.isDirectory()) await mkdir2(target, { recursive: !0 }), await walk(path, target);
        else if (info.isFile()) {
          if (++files > DEFAULT_LIMITS.maxFiles)
            throw new SkillInstallError(`refused: more than ${DEFAULT_LIMITS.maxFiles} files`);
          if (((bytes += info.size), bytes > DEFAULT_LIMITS.maxBytes))
            throw new SkillInstallError(`refused: more than ${DEFAULT_LIMITS.maxBytes / 1024 / 1024} MB`);
          await copyFile(path, target);
        } else throw new SkillInstallError(`refused: ${relative(root, path)} is not a file nor a folder`);
      }
    };
  await walk(root, to);
}
function clone(url, into, signal) {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "protocol.ext.allow=never", "clone", "--depth", "1", "--quiet", "--", url, into],
      { timeout: 12e4, env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }, ...(signal ? { signal } : {}) },
      (error, _stdout, stderr) =>
        error
          ? reject(new SkillInstallError(`git clone ${url} failed: ${String(stderr).trim() || error.message}`))
          : resolve(),
    );
  });
}
async function skillRootIn(unpacked) {
  const hasSkill = (dir) =>
    stat(join2(dir, "SKILL.md")).then(
      (info) => info.isFile(),
      () => !1,
    );
  if (await hasSkill(unpacked)) return unpacked;
  const folders = (await readdir(unpacked, { withFileTypes: !0 })).filter(
      (entry) => entry.isDirectory() && entry.name !== ".git",
    ),
    withSkill = [];
  for (const folder of folders) (await hasSkill(join2(unpacked, folder.name))) && withSkill.push(folder.name);
  if (withSkill.length === 1) return join2(unpacked, withSkill[0]);
  throw new SkillInstallError(
    withSkill.length === 0
      ? "no SKILL.md at its root nor in a folder of its own"
      : `it holds ${withSkill.length} skills (${withSkill.join(", ")}): add them one at a time`,
  );
}
function declaredName(text, parseYaml) {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(text);
  try {
    const name = (match ? parseYaml(match[1]) : void 0)?.name;
    return typeof name == "string" ? name : "";
  } catch {
    return "";
  }
}
async function listFiles(root) {
  const files = [],
    walk = async (dir) => {
      for (const entry of await readdir(dir, { withFileTypes: !0 })) {
        const path = join2(dir, entry.name);
        entry.isDirectory()
          ? await walk(path)
          : files.push({ path: relative(root, path), bytes: (await stat(path)).size });
      }
    };
  return await walk(root), files.sort((a, b) => (a.path < b.path ? -1 : 1));
}
async function isScript(root, file) {
  if (file.startsWith(`scripts${sep2}`)) return !0;
  const path = join2(root, file);
  return ((await stat(path)).mode & 73) !== 0
    ? !0
    : (await readFile(path).then((bytes) => bytes.subarray(0, 2).toString("latin1"))) === "#!";
}
export { installStaged, SkillInstallError, sourceOf, stageSkill };
//# sourceMappingURL=skill-install-GPHIPQFP.js.map
