import { type FSWatcher, watch } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { basename, dirname, sep } from "node:path";
import type { Logger } from "pino";
import { scanSkills } from "./scan-skills.js";
import { skillCatalog } from "./skill-catalog.js";
import type { SkillRoot } from "./skill-roots.js";
import { describeStatus, type Skill, type SkillEntryConfig, skillStatuses } from "./skill-status.js";

export interface SkillLibraryOptions {
  /** Where skills are looked for, in order (see `skillRoots`). */
  roots: readonly SkillRoot[];
  /** `skills.entries`. */
  entries: Readonly<Record<string, SkillEntryConfig>>;
  /** `skills.max_prompt_chars`: the catalog's size in the system prompt. */
  maxPromptChars: number;
  /** The daemon's environment (for `requires.env`). */
  env: Readonly<Record<string, string | undefined>>;
  /** The PATH directories commands see (inside the sandbox when there is one). */
  binDirs: () => Promise<readonly string[]> | readonly string[];
  log: Logger;
  platform?: string;
  /** Notice changes with file-system watches (default true); false re-reads every skill each time. */
  watch?: boolean;
  /** Only the skills of these names (an agent's `skills`); default all. */
  only?: readonly string[];
}

/** The skills as of one reading of their folders. */
export interface SkillSnapshot {
  /** Every skill folder found, with its status, in root order. */
  readonly skills: readonly Skill[];
  /** The system prompt's skills section (empty without a ready skill); changes only when a skill does. */
  readonly catalog: string;
  /** The skill that answers to `name` (valid and not shadowed; maybe not ready). */
  get(name: string): Skill | undefined;
}

const EMPTY: SkillSnapshot = { skills: [], catalog: "", get: () => undefined };

/**
 * The installed skills, read at the first use and again only after a change: new, edited or
 * deleted skills are seen at the next turn without a restart. Changes are noticed by watching
 * the roots and the skill folders, and a root that does not exist yet by watching its nearest
 * existing parent folder for the name that leads to it: no I/O per turn either way.
 */
export class SkillLibrary {
  readonly #options: SkillLibraryOptions;
  readonly #listeners = new Set<(snapshot: SkillSnapshot) => void>();
  readonly #reported = new Set<string>();
  #watchers: FSWatcher[] = [];
  /** Missing roots that no watch covers (watching is off or failed): looked for at each use. */
  #missingRoots: string[] = [];
  /** Skill folders that are links to somewhere outside their root: bound into the sandbox as well. */
  #linkedDirs: string[] = [];
  #snapshot: SkillSnapshot | undefined;
  #dirty = true;
  #loading: Promise<SkillSnapshot> | undefined;
  #closed = false;

  constructor(options: SkillLibraryOptions) {
    this.#options = options;
  }

  /** The skills now: re-read when something changed since the last time. */
  async current(): Promise<SkillSnapshot> {
    if (this.#loading) return this.#loading;
    if (!this.#dirty && this.#snapshot && !(await this.#rootAppeared())) return this.#snapshot;
    this.#loading = this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** Calls `listener` with each snapshot that differs from the one before. Returns the unsubscribe function. */
  onChange(listener: (snapshot: SkillSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The roots, and the real folders of skills linked from a root to elsewhere: what commands may read. */
  readablePaths(): string[] {
    return [...this.#options.roots.map((root) => root.dir), ...this.#linkedDirs];
  }

  /** Stops watching. */
  close(): void {
    this.#closed = true;
    this.#unwatch();
  }

  async #load(): Promise<SkillSnapshot> {
    this.#dirty = false;
    const { roots, log } = this.#options;
    let snapshot = EMPTY;
    try {
      const { only } = this.#options;
      const scanned = (await scanSkills(roots)).filter((skill) => !only || only.includes(skill.folder));
      const needsBins = scanned.some((skill) => skill.parse.type === "valid");
      const skills = await skillStatuses(scanned, {
        binDirs: needsBins ? await this.#options.binDirs() : [],
        env: this.#options.env,
        entries: this.#options.entries,
        ...(this.#options.platform ? { platform: this.#options.platform } : {}),
      });
      snapshot = snapshotOf(skills, this.#options.maxPromptChars);
      this.#linkedDirs = await linkedDirs(skills);
      this.#report(skills);
    } catch (error) {
      log.error({ err: error }, "cannot read the skill folders; going on without skills");
    }
    await this.#watch(snapshot);
    const previous = this.#snapshot;
    this.#snapshot = snapshot;
    if (previous && !sameSkills(previous, snapshot)) for (const listener of this.#listeners) listener(snapshot);
    return snapshot;
  }

  /** One warning per invalid SKILL.md (and per reason), one line per shadowed skill. */
  #report(skills: readonly Skill[]): void {
    const log = this.#options.log;
    for (const skill of skills) {
      const { status } = skill;
      if (status.type !== "invalid" && status.type !== "shadowed") continue;
      const key = `${skill.file}\0${describeStatus(status)}`;
      if (this.#reported.has(key)) continue;
      this.#reported.add(key);
      if (status.type === "invalid")
        log.warn({ file: skill.file, field: status.field }, `skill skipped: ${status.field} ${status.reason}`);
      else log.info({ file: skill.file, by: status.by }, `skill "${skill.name}" is shadowed by ${status.by}`);
    }
    const ready = skills.filter((skill) => skill.status.type === "ready").length;
    log.debug({ skills: skills.length, ready }, "skills read");
  }

  async #watch(snapshot: SkillSnapshot): Promise<void> {
    this.#unwatch();
    if (this.#closed) return;
    const dirs = [...this.#options.roots.map((root) => root.dir), ...snapshot.skills.map((skill) => skill.dir)];
    const existing = await Promise.all(
      dirs.map((dir) =>
        stat(dir).then(
          (info) => info.isDirectory(),
          () => false,
        ),
      ),
    );
    const missing = this.#options.roots.map((root) => root.dir).filter((_, index) => !existing[index]);
    if (this.#options.watch === false) {
      this.#missingRoots = missing;
      this.#dirty = true;
      return;
    }
    const changed = () => {
      this.#dirty = true;
    };
    for (const [index, dir] of dirs.entries()) {
      if (existing[index] && !this.#watchFolder(dir, changed)) return;
    }
    this.#missingRoots = [];
    for (const root of missing) {
      const { parent, name } = await nearestExisting(root);
      const appeared = (_event: string, file: string | Buffer | null) => {
        if (file === null || file.toString() === name) changed();
      };
      if (!this.#watchFolder(parent, appeared)) this.#missingRoots.push(root);
    }
  }

  /** Watches `dir`, calling `changed` on its events; false when it cannot (then skills are re-read at each use). */
  #watchFolder(dir: string, changed: (event: string, file: string | Buffer | null) => void): boolean {
    if (this.#options.watch === false) return false;
    try {
      const watcher = watch(dir, { persistent: false }, changed);
      watcher.on("error", () => {
        this.#dirty = true;
      });
      this.#watchers.push(watcher);
      return true;
    } catch (error) {
      // Out of inotify watches, say: read the skills again at every use.
      this.#options.log.debug({ err: error, dir }, "cannot watch a skill folder; skills are re-read at each turn");
      this.#options.watch = false;
      this.#dirty = true;
      return false;
    }
  }

  #unwatch(): void {
    for (const watcher of this.#watchers) watcher.close();
    this.#watchers = [];
  }

  async #rootAppeared(): Promise<boolean> {
    if (this.#missingRoots.length === 0) return false;
    const appeared = await Promise.all(
      this.#missingRoots.map((dir) =>
        stat(dir).then(
          () => true,
          () => false,
        ),
      ),
    );
    return appeared.some(Boolean);
  }
}

/** The nearest folder above `dir` that exists, and the name in it that leads down to `dir`. */
async function nearestExisting(dir: string): Promise<{ parent: string; name: string }> {
  let child = dir;
  for (;;) {
    const parent = dirname(child);
    const isDir = await stat(parent).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (isDir || parent === child) return { parent, name: basename(child) };
    child = parent;
  }
}

async function linkedDirs(skills: readonly Skill[]): Promise<string[]> {
  const real = await Promise.all(
    skills.map(async (skill) => {
      const [dir, root] = await Promise.all([realpath(skill.dir), realpath(dirOf(skill.dir))]).catch(() => ["", ""]);
      return dir && !dir.startsWith(root + sep) ? dir : undefined;
    }),
  );
  return [...new Set(real.filter((dir) => dir !== undefined))];
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf(sep));
}

function snapshotOf(skills: readonly Skill[], maxPromptChars: number): SkillSnapshot {
  const byName = new Map<string, Skill>();
  for (const skill of skills)
    if (skill.status.type !== "invalid" && skill.status.type !== "shadowed") byName.set(skill.name, skill);
  return { skills, catalog: skillCatalog(skills, maxPromptChars), get: (name) => byName.get(name) };
}

function sameSkills(a: SkillSnapshot, b: SkillSnapshot): boolean {
  const key = (snapshot: SkillSnapshot) =>
    JSON.stringify(snapshot.skills.map((skill) => [skill.file, skill.status, skill.manifest, skill.body]));
  return a.catalog === b.catalog && key(a) === key(b);
}
