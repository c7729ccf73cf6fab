#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { watch } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { basename, delimiter, dirname, sep, sep as sep2 } from "node:path";
import { commandEnvironment, SYSTEM_DIRS } from "./chunk-2C6HCPTY.js";
import { scanSkills } from "./chunk-6UURLZRQ.js";
import { describeStatus, skillCommandEnv, skillStatuses } from "./chunk-44BU4H6W.js";
import { skillCatalog } from "./chunk-U372KKDR.js";
var EMPTY = { skills: [], catalog: "", get: () => {} },
  SkillLibrary = class {
    #options;
    #listeners = new Set();
    #reported = new Set();
    #watchers = [];
    #missingRoots = [];
    #linkedDirs = [];
    #snapshot;
    #dirty = !0;
    #loading;
    #closed = !1;
    constructor(options) {
      this.#options = options;
    }
    async current() {
      return this.#loading
        ? this.#loading
        : !this.#dirty && this.#snapshot && !(await this.#rootAppeared())
          ? this.#snapshot
          : ((this.#loading = this.#load().finally(() => {
              this.#loading = void 0;
            })),
            this.#loading);
    }
    onChange(listener) {
      return this.#listeners.add(listener), () => this.#listeners.delete(listener);
    }
    readablePaths() {
      return [...this.#options.roots.map((root) => root.dir), ...this.#linkedDirs];
    }
    close() {
      (this.#closed = !0), this.#unwatch();
    }
    async #load() {
      this.#dirty = !1;
      let { roots, log } = this.#options,
        snapshot = EMPTY;
      try {
        const { only } = this.#options,
          scanned = (await scanSkills(roots)).filter((skill) => !only || only.includes(skill.folder)),
          needsBins = scanned.some((skill) => skill.parse.type === "valid"),
          skills = await skillStatuses(scanned, {
            binDirs: needsBins ? await this.#options.binDirs() : [],
            env: this.#options.env,
            entries: this.#options.entries,
            ...(this.#options.platform ? { platform: this.#options.platform } : {}),
          });
        (snapshot = snapshotOf(skills, this.#options.maxPromptChars)),
          (this.#linkedDirs = await linkedDirs(skills)),
          this.#report(skills);
      } catch (error) {
        log.error({ err: error }, "cannot read the skill folders; going on without skills");
      }
      await this.#watch(snapshot);
      const previous = this.#snapshot;
      if (((this.#snapshot = snapshot), previous && !sameSkills(previous, snapshot)))
        for (const listener of this.#listeners) listener(snapshot);
      return snapshot;
    }
    #report(skills) {
      const log = this.#options.log;
      for (const skill of skills) {
        const { status } = skill;
        if (status.type !== "invalid" && status.type !== "shadowed") continue;
        const key = `${skill.file}\0${describeStatus(status)}`;
        this.#reported.has(key) ||
          (this.#reported.add(key),
          status.type === "invalid"
            ? log.warn({ file: skill.file, field: status.field }, `skill skipped: ${status.field} ${status.reason}`)
            : log.info({ file: skill.file, by: status.by }, `skill "${skill.name}" is shadowed by ${status.by}`));
      }
      const ready = skills.filter((skill) => skill.status.type === "ready").length;
      log.debug({ skills: skills.length, ready }, "skills read");
    }
    async #watch(snapshot) {
      if ((this.#unwatch(), this.#closed)) return;
      const dirs = [...this.#options.roots.map((root) => root.dir), ...snapshot.skills.map((skill) => skill.dir)],
        existing = await Promise.all(
          dirs.map((dir) =>
            stat(dir).then(
              (info) => info.isDirectory(),
              () => !1,
            ),
          ),
        ),
        missing = this.#options.roots.map((root) => root.dir).filter((_, index) => !existing[index]);
      if (this.#options.watch === !1) {
        (this.#missingRoots = missing), (this.#dirty = !0);
        return;
      }
      const changed = () => {
        this.#dirty = !0;
      };
      for (const [index, dir] of dirs.entries()) if (existing[index] && !this.#watchFolder(dir, changed)) return;
      this.#missingRoots = [];
      for (const root of missing) {
        const { parent, name } = await nearestExisting(root),
          appeared = (_event, file) => {
            (file === null || file.toString() === name) && changed();
          };
        this.#watchFolder(parent, appeared) || this.#missingRoots.push(root);
      }
    }
    #watchFolder(dir, changed) {
      if (this.#options.watch === !1) return !1;
      try {
        const watcher = watch(dir, { persistent: !1 }, changed);
        return (
          watcher.on("error", () => {
            this.#dirty = !0;
          }),
          this.#watchers.push(watcher),
          !0
        );
      } catch (error) {
        return (
          this.#options.log.debug({ err: error, dir }, "cannot watch a skill folder; skills are re-read at each turn"),
          (this.#options.watch = !1),
          (this.#dirty = !0),
          !1
        );
      }
    }
    #unwatch() {
      for (const watcher of this.#watchers) watcher.close();
      this.#watchers = [];
    }
    async #rootAppeared() {
      return this.#missingRoots.length === 0
        ? !1
        : (
            await Promise.all(
              this.#missingRoots.map((dir) =>
                stat(dir).then(
                  () => !0,
                  () => !1,
                ),
              ),
            )
          ).some(Boolean);
    }
  };
async function nearestExisting(dir) {
  let child = dir;
  for (;;) {
    const parent = dirname(child);
    if (
      (await stat(parent).then(
        (info) => info.isDirectory(),
        () => !1,
      )) ||
      parent === child
    )
      return { parent, name: basename(child) };
    child = parent;
  }
}
async function linkedDirs(skills) {
  const real = await Promise.all(
    skills.map(async (skill) => {
      const [dir, root] = await Promise.all([realpath(skill.dir), realpath(dirOf(skill.dir))]).catch(() => ["", ""]);
      return dir && !dir.startsWith(root + sep) ? dir : void 0;
    }),
  );
  return [...new Set(real.filter((dir) => dir !== void 0))];
}
function dirOf(path) {
  return path.slice(0, path.lastIndexOf(sep));
}
function snapshotOf(skills, maxPromptChars) {
  const byName = new Map();
  for (const skill of skills)
    skill.status.type !== "invalid" && skill.status.type !== "shadowed" && byName.set(skill.name, skill);
  return { skills, catalog: skillCatalog(skills, maxPromptChars), get: (name) => byName.get(name) };
}
function sameSkills(a, b) {
  const key = (snapshot) =>
    JSON.stringify(snapshot.skills.map((skill) => [skill.file, skill.status, skill.manifest, skill.body]));
  return a.catalog === b.catalog && key(a) === key(b);
}
import { homedir } from "node:os";
import { join, resolve } from "node:path";
function skillRoots(options) {
  const userHome = options.userHome || homedir(),
    expand = (dir) => resolve(options.home, dir.replace(/^~(?=$|\/)/, userHome)),
    roots = [
      { dir: join(options.workspace, "skills"), source: "workspace" },
      { dir: join(options.workspace, ".agents", "skills"), source: "workspace .agents" },
      { dir: join(options.home, "skills"), source: "$SKEIN_HOME" },
      { dir: join(userHome, ".agents", "skills"), source: "~/.agents" },
      ...(options.dirs ?? []).map((dir) => ({ dir: expand(dir), source: "skills.dirs" })),
    ];
  return roots.filter((root, index) => roots.findIndex((other) => other.dir === root.dir) === index);
}
function configuredSkills(options) {
  const { config, env } = options,
    roots = skillRoots({
      workspace: options.workspace,
      home: options.home,
      ...(env.HOME ? { userHome: env.HOME } : {}),
      dirs: config.skills.dirs,
    }),
    pathDirs = (commandEnvironment(env, config.tools.exec.env).PATH ?? "").split(delimiter).filter(Boolean);
  return {
    library: new SkillLibrary({
      roots,
      entries: config.skills.entries,
      maxPromptChars: config.skills.max_prompt_chars,
      env,
      log: options.log,
      ...(options.watch === !1 ? { watch: !1 } : {}),
      ...(options.only ? { only: options.only } : {}),
      binDirs: async () => {
        if (!(options.sandbox ? (await options.sandbox).type === "bwrap" : config.tools.exec.sandbox !== "none"))
          return pathDirs;
        const visible = [...SYSTEM_DIRS, options.workspace];
        return pathDirs.filter((dir) => visible.some((root) => dir === root || dir.startsWith(root + sep2)));
      },
    }),
    commandEnv: (skill) => skillCommandEnv(skill, env, config.skills.entries),
  };
}
export { configuredSkills };
//# sourceMappingURL=chunk-DONF23S6.js.map
