import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { loadYamlParse, parseSkill, type SkillParse, type YamlParse } from "./skill-format.js";
import type { SkillRoot } from "./skill-roots.js";

/** A SKILL.md larger than this is refused (the specification asks for under 500 lines). */
export const MAX_SKILL_FILE_BYTES = 256 * 1024;

/** One skill folder found in a root, parsed. */
export interface ScannedSkill {
  /** The folder's name (a valid skill's name equals it). */
  folder: string;
  /** The skill folder, absolute. */
  dir: string;
  /** Its SKILL.md, absolute. */
  file: string;
  root: SkillRoot;
  parse: SkillParse;
  /** The folder of the skill of the same name that wins (an earlier root). */
  shadowedBy?: string;
}

/**
 * Every skill folder of `roots`, in root order and then by folder name: each direct
 * sub-folder with a `SKILL.md`. A name already taken by a valid skill of an earlier root is
 * shadowed; an invalid skill takes no name. A missing root is no skill; an unreadable file is
 * an invalid skill (never a throw).
 */
export async function scanSkills(roots: readonly SkillRoot[], parseYaml?: YamlParse): Promise<ScannedSkill[]> {
  const found = (await Promise.all(roots.map((root) => skillFolders(root)))).flat();
  if (found.length === 0) return [];
  const yaml = parseYaml ?? (await loadYamlParse());
  const scanned = await Promise.all(found.map(async (folder) => ({ ...folder, parse: await readSkill(folder, yaml) })));
  const winners = new Map<string, string>();
  for (const skill of scanned) {
    if (skill.parse.type !== "valid") continue;
    const winner = winners.get(skill.folder);
    if (winner) skill.shadowedBy = winner;
    else winners.set(skill.folder, skill.dir);
  }
  return scanned;
}

/** Parses one skill folder (`skein skills check`): its name is the folder's own name. */
export async function scanSkillFolder(dir: string, folder: string, parseYaml?: YamlParse): Promise<SkillParse> {
  return readSkill({ dir, file: join(dir, "SKILL.md"), folder }, parseYaml ?? (await loadYamlParse()));
}

async function skillFolders(root: SkillRoot): Promise<Array<Omit<ScannedSkill, "parse">>> {
  let names: string[];
  try {
    names = (await readdir(root.dir)).sort();
  } catch {
    return [];
  }
  const folders = await Promise.all(
    names
      .filter((name) => !name.startsWith("."))
      .map(async (folder) => {
        const dir = join(root.dir, folder);
        const file = join(dir, "SKILL.md");
        // stat follows symlinks: a linked skill folder counts like a real one.
        const isSkill = await stat(file).then(
          (info) => info.isFile(),
          () => false,
        );
        return isSkill ? { folder, dir, file, root } : undefined;
      }),
  );
  return folders.filter((folder) => folder !== undefined);
}

async function readSkill(skill: { dir: string; file: string; folder: string }, yaml: YamlParse): Promise<SkillParse> {
  try {
    const info = await stat(skill.file);
    if (info.size > MAX_SKILL_FILE_BYTES)
      return { type: "invalid", field: "SKILL.md", reason: `larger than ${MAX_SKILL_FILE_BYTES / 1024} KB` };
    return parseSkill(await readFile(skill.file, "utf8"), skill.folder, yaml);
  } catch (error) {
    return { type: "invalid", field: "SKILL.md", reason: `cannot be read: ${(error as Error).message}` };
  }
}
