import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { join } from "node:path";
import type { ScannedSkill } from "./scan-skills.js";
import type { SkillManifest } from "./skill-format.js";

/** `skills.entries.<name>`: the operator's switch and environment for one skill. */
export interface SkillEntryConfig {
  enabled: boolean;
  /** Secrets: redacted everywhere, passed only to the commands of a turn that loaded the skill. */
  env: Record<string, string>;
}

/** Whether a skill is offered, and why not. */
export type SkillStatus =
  | { type: "ready" }
  | { type: "missing-bins"; bins: string[] }
  | { type: "missing-env"; env: string[] }
  | { type: "wrong-os"; os: string[] }
  | { type: "disabled" }
  | { type: "invalid"; field: string; reason: string }
  | { type: "shadowed"; by: string };

/** A skill as the library knows it: where it is, what it says, whether it is offered. */
export interface Skill {
  name: string;
  dir: string;
  file: string;
  /** Where its root comes from (`workspace`, `~/.agents`, ...). */
  source: string;
  status: SkillStatus;
  /** Present unless the skill is invalid. */
  manifest?: SkillManifest;
  /** The SKILL.md instructions (without the frontmatter). */
  body: string;
}

export interface RequirementOptions {
  /** Directories of the PATH that commands see (inside the sandbox when there is one). */
  binDirs: readonly string[];
  /** The daemon's environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** `skills.entries`. */
  entries: Readonly<Record<string, SkillEntryConfig>>;
  /** `process.platform` (injectable for tests). */
  platform?: string;
}

/** The status of each scanned skill: invalid, shadowed, disabled, or its requirements checked. */
export async function skillStatuses(scanned: readonly ScannedSkill[], options: RequirementOptions): Promise<Skill[]> {
  const binCache = new Map<string, Promise<boolean>>();
  const hasBin = (bin: string) => {
    let found = binCache.get(bin);
    if (!found) {
      found = onPath(bin, options.binDirs);
      binCache.set(bin, found);
    }
    return found;
  };
  return Promise.all(
    scanned.map(async (skill): Promise<Skill> => {
      const base = { name: skill.folder, dir: skill.dir, file: skill.file, source: skill.root.source };
      const { parse } = skill;
      if (parse.type === "invalid")
        return { ...base, body: "", status: { type: "invalid", field: parse.field, reason: parse.reason } };
      const found = { ...base, manifest: parse.manifest, body: parse.body };
      if (skill.shadowedBy) return { ...found, status: { type: "shadowed", by: skill.shadowedBy } };
      return { ...found, status: await requirementStatus(parse.manifest, options, hasBin) };
    }),
  );
}

async function requirementStatus(
  manifest: SkillManifest,
  options: RequirementOptions,
  hasBin: (bin: string) => Promise<boolean>,
): Promise<SkillStatus> {
  const entry = options.entries[manifest.name];
  if (entry?.enabled === false) return { type: "disabled" };
  const platform = options.platform ?? process.platform;
  if (manifest.os.length > 0 && !manifest.os.includes(platform)) return { type: "wrong-os", os: manifest.os };
  const { bins, anyBins, env } = manifest.requires;
  const present = await Promise.all(bins.map(hasBin));
  const missingBins = bins.filter((_, index) => !present[index]);
  if (anyBins.length > 0 && !(await Promise.all(anyBins.map(hasBin))).some(Boolean))
    missingBins.push(anyBins.join(" or "));
  if (missingBins.length > 0) return { type: "missing-bins", bins: missingBins };
  const missingEnv = env.filter((name) => !options.env[name] && !entry?.env[name]);
  if (missingEnv.length > 0) return { type: "missing-env", env: missingEnv };
  return { type: "ready" };
}

/** Whether an executable `bin` is in one of `dirs`. */
async function onPath(bin: string, dirs: readonly string[]): Promise<boolean> {
  if (bin.includes("/")) return false;
  const checks = await Promise.all(
    dirs.map((dir) =>
      access(join(dir, bin), constants.X_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return checks.some(Boolean);
}

/** What `skein skills list` shows for a status: `ready`, `missing bins: jq`, `invalid: name: ...`. */
export function describeStatus(status: SkillStatus): string {
  switch (status.type) {
    case "ready":
      return "ready";
    case "missing-bins":
      return `missing bins: ${status.bins.join(", ")}`;
    case "missing-env":
      return `missing env: ${status.env.join(", ")}`;
    case "wrong-os":
      return `wrong os: needs ${status.os.join(" or ")}`;
    case "disabled":
      return "disabled";
    case "invalid":
      return `invalid: ${status.field}: ${status.reason}`;
    case "shadowed":
      return `shadowed by ${status.by}`;
  }
}

/**
 * The environment a turn that loaded `skill` gives its commands: the variables it requires
 * (from the daemon's environment) and `skills.entries.<name>.env`.
 */
export function skillCommandEnv(
  skill: Skill,
  env: Readonly<Record<string, string | undefined>>,
  entries: Readonly<Record<string, SkillEntryConfig>>,
): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of skill.manifest?.requires.env ?? []) {
    const value = env[name];
    if (value) vars[name] = value;
  }
  return { ...vars, ...entries[skill.name]?.env };
}
