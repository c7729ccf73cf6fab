import { delimiter, sep } from "node:path";
import type { Logger } from "pino";
import type { SkeinConfig } from "../config/schema.js";
import { commandEnvironment, type SandboxDecision, SYSTEM_DIRS } from "../sandbox/index.js";
import { SkillLibrary } from "./skill-library.js";
import { skillRoots } from "./skill-roots.js";
import { type Skill, skillCommandEnv } from "./skill-status.js";

export interface ConfiguredSkillsOptions {
  config: SkeinConfig;
  workspace: string;
  home: string;
  /** The daemon's environment (`$HOME` finds `~/.agents/skills`; `requires.env` is checked in it). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where commands run: inside bubblewrap, only the system directories of the PATH count (default: as `tools.exec.sandbox` says). */
  sandbox?: SandboxDecision;
  log: Logger;
  /** Watch the skill folders for changes (default true; `skein skills` reads once). */
  watch?: boolean;
  /** Only the skills of these names (an agent's `skills`); default all. */
  only?: readonly string[];
}

/** The skills of this configuration, and the environment a turn that loaded one gives its commands. */
export interface ConfiguredSkills {
  library: SkillLibrary;
  commandEnv(skill: Skill): Record<string, string>;
}

/** The skill library the configuration describes (`skills.*`, the workspace, `$SKEIN_HOME`, `~/.agents`). */
export function configuredSkills(options: ConfiguredSkillsOptions): ConfiguredSkills {
  const { config, env } = options;
  const roots = skillRoots({
    workspace: options.workspace,
    home: options.home,
    ...(env.HOME ? { userHome: env.HOME } : {}),
    dirs: config.skills.dirs,
  });
  const library = new SkillLibrary({
    roots,
    entries: config.skills.entries,
    maxPromptChars: config.skills.max_prompt_chars,
    env,
    log: options.log,
    ...(options.watch === false ? { watch: false } : {}),
    ...(options.only ? { only: options.only } : {}),
    binDirs: () => commandBinDirs(options),
  });
  return { library, commandEnv: (skill) => skillCommandEnv(skill, env, config.skills.entries) };
}

/**
 * The folders of the PATH a command sees, where a skill's `requires.bins` are looked for: inside bubblewrap
 * only the system directories and the workspace are there.
 */
export async function commandBinDirs(
  options: Pick<ConfiguredSkillsOptions, "config" | "env" | "workspace" | "sandbox">,
): Promise<string[]> {
  const { config } = options;
  const path = commandEnvironment(options.env, config.tools.exec.env).PATH ?? "";
  const pathDirs = path.split(delimiter).filter(Boolean);
  const sandboxed = options.sandbox ? (await options.sandbox).type === "bwrap" : config.tools.exec.sandbox !== "none";
  if (!sandboxed) return pathDirs;
  const visible = [...SYSTEM_DIRS, options.workspace];
  return pathDirs.filter((dir) => visible.some((root) => dir === root || dir.startsWith(root + sep)));
}
