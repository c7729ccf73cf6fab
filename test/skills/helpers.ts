import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Logger, pino } from "pino";
import { SkillLibrary, type SkillLibraryOptions } from "../../src/skills/skill-library.js";
import { skillRoots } from "../../src/skills/skill-roots.js";
import { captureLog } from "../channels/telegram/harness.js";

/** The real public skills of test/skills/fixtures/public (openclaw, nanobot, Anthropic), unchanged. */
export const publicSkills = new URL("./fixtures/public/", import.meta.url).pathname;

/** Writes `<root>/<folder>/SKILL.md` with `frontmatter` (YAML lines) and `body`; returns the folder. */
export async function writeSkill(
  root: string,
  folder: string,
  frontmatter = `name: ${folder}\ndescription: Does ${folder} things.`,
  body = `Instructions of ${folder}.`,
): Promise<string> {
  const dir = join(root, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "SKILL.md"), `---\n${frontmatter}\n---\n\n${body}\n`);
  return dir;
}

/** A temp workspace, `$SKEIN_HOME` and user home for one test. */
export async function skillDirs() {
  const base = await mkdtemp(join(tmpdir(), "skein-skills-"));
  const dirs = { base, workspace: join(base, "workspace"), home: join(base, "home"), userHome: join(base, "user") };
  await Promise.all([dirs.workspace, dirs.home, dirs.userHome].map((dir) => mkdir(dir, { recursive: true })));
  return dirs;
}

/** A library over the standard roots of `dirs` (and `extra` as skills.dirs), logging into `log`. */
export function library(
  dirs: Awaited<ReturnType<typeof skillDirs>>,
  options: Partial<SkillLibraryOptions> & { extra?: string[]; log?: Logger } = {},
): SkillLibrary {
  return new SkillLibrary({
    roots: skillRoots({ ...dirs, dirs: options.extra ?? [] }),
    entries: {},
    maxPromptChars: 8000,
    env: {},
    binDirs: () => (process.env.PATH ?? "").split(":"),
    log: options.log ?? pino({ level: "silent" }),
    ...options,
  });
}

export { captureLog };
