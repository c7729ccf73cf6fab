import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** A folder whose direct sub-folders with a `SKILL.md` are skills. */
export interface SkillRoot {
  /** Absolute path. */
  dir: string;
  /** Where it comes from, for listings: `workspace`, `workspace .agents`, `$SKEIN_HOME`, `~/.agents`, `skills.dirs`. */
  source: string;
}

export interface SkillRootOptions {
  /** The workspace (absolute). */
  workspace: string;
  /** `$SKEIN_HOME` (absolute). */
  home: string;
  /** The user's home directory (default `$HOME`, else the OS's). */
  userHome?: string;
  /** `skills.dirs`: more folders, searched last, relative ones from `$SKEIN_HOME`. */
  dirs?: readonly string[];
}

/**
 * Where skills are looked for, in order; the first skill of a name wins: `<workspace>/skills`,
 * `<workspace>/.agents/skills`, `$SKEIN_HOME/skills`, `~/.agents/skills` (shared with other
 * agent tools), then `skills.dirs`. A folder named twice is searched once.
 */
export function skillRoots(options: SkillRootOptions): SkillRoot[] {
  const userHome = options.userHome || homedir();
  const expand = (dir: string) => resolve(options.home, dir.replace(/^~(?=$|\/)/, userHome));
  const roots: SkillRoot[] = [
    { dir: join(options.workspace, "skills"), source: "workspace" },
    { dir: join(options.workspace, ".agents", "skills"), source: "workspace .agents" },
    { dir: join(options.home, "skills"), source: "$SKEIN_HOME" },
    { dir: join(userHome, ".agents", "skills"), source: "~/.agents" },
    ...(options.dirs ?? []).map((dir) => ({ dir: expand(dir), source: "skills.dirs" })),
  ];
  return roots.filter((root, index) => roots.findIndex((other) => other.dir === root.dir) === index);
}
