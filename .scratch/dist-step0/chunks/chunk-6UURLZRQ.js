#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { loadYamlParse, parseSkill } from "./chunk-6ZCBQGU4.js";
var MAX_SKILL_FILE_BYTES = 256 * 1024;
async function scanSkills(roots, parseYaml) {
  const found = (await Promise.all(roots.map((root) => skillFolders(root)))).flat();
  if (found.length === 0) return [];
  const yaml = parseYaml ?? (await loadYamlParse()),
    scanned = await Promise.all(found.map(async (folder) => ({ ...folder, parse: await readSkill(folder, yaml) }))),
    winners = new Map();
  for (const skill of scanned) {
    if (skill.parse.type !== "valid") continue;
    const winner = winners.get(skill.folder);
    winner ? (skill.shadowedBy = winner) : winners.set(skill.folder, skill.dir);
  }
  return scanned;
}
async function scanSkillFolder(dir, folder, parseYaml) {
  return readSkill({ dir, file: join(dir, "SKILL.md"), folder }, parseYaml ?? (await loadYamlParse()));
}
async function skillFolders(root) {
  let names;
  try {
    names = (await readdir(root.dir)).sort();
  } catch {
    return [];
  }
  return (
    await Promise.all(
      names
        .filter((name) => !name.startsWith("."))
        .map(async (folder) => {
          const dir = join(root.dir, folder),
            file = join(dir, "SKILL.md");
          return (await stat(file).then(
            (info) => info.isFile(),
            () => !1,
          ))
            ? { folder, dir, file, root }
            : void 0;
        }),
    )
  ).filter((folder) => folder !== void 0);
}
async function readSkill(skill, yaml) {
  try {
    return (await stat(skill.file)).size > MAX_SKILL_FILE_BYTES
      ? { type: "invalid", field: "SKILL.md", reason: `larger than ${MAX_SKILL_FILE_BYTES / 1024} KB` }
      : parseSkill(await readFile(skill.file, "utf8"), skill.folder, yaml);
  } catch (error) {
    return { type: "invalid", field: "SKILL.md", reason: `cannot be read: ${error.message}` };
  }
}
export { MAX_SKILL_FILE_BYTES, scanSkillFolder, scanSkills };
//# sourceMappingURL=chunk-6UURLZRQ.js.map
