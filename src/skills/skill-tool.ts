import { open, realpath } from "node:fs/promises";
import { isAbsolute, join, sep } from "node:path";
import { type Tool, ToolError, type TurnState } from "../tools/tool.js";
import type { SkillSnapshot } from "./skill-library.js";
import type { Skill } from "./skill-status.js";

/** A skill file larger than this is returned in part, with a note. */
export const MAX_SKILL_READ_BYTES = 256 * 1024;

export interface SkillToolOptions {
  /** The skills now (see `SkillLibrary.current`). */
  skills: () => Promise<SkillSnapshot>;
  /** The environment a turn that loaded `skill` gives its commands. */
  commandEnv: (skill: Skill) => Record<string, string>;
}

/**
 * `skill`: `{name}` loads a skill's instructions (its SKILL.md body); `{name, path}` returns a
 * file of the skill's folder. Loading a skill lets the turn's commands have its
 * `skills.entries.<name>.env`.
 */
export function skillTool(options: SkillToolOptions): Tool<{ name: string; path?: string }> {
  return {
    name: "skill",
    description:
      "Load a skill listed in <available_skills>: {name} returns its instructions (SKILL.md); " +
      "{name, path} returns a file of its folder, e.g. references/guide.md.",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, description: "The skill's name" },
        path: { type: "string", minLength: 1, description: "A file inside the skill's folder, relative to it" },
      },
      required: ["name"],
      additionalProperties: false,
    },
    safety: "read-only",
    timeoutMs: 30_000,
    async execute(args, ctx) {
      const snapshot = await options.skills();
      const skill = snapshot.get(args.name);
      const loaded = ctx.turn?.skills.has(args.name) ?? false;
      if (!skill || (!loaded && !skill.manifest?.modelInvocable))
        throw new ToolError("NotFound", `no skill named "${args.name}"; the available ones are in <available_skills>`);
      if (skill.status.type !== "ready" && !loaded)
        throw new ToolError(
          "PermissionDenied",
          `the skill "${args.name}" is not available here (${skill.status.type})`,
        );
      if (args.path === undefined) {
        markLoaded(ctx.turn, skill, options.commandEnv(skill));
        return `${skillHeader(skill)}\n\n${skill.body}`;
      }
      return readSkillFile(skill, args.path);
    },
  };
}

/** The line before a skill's instructions: where its folder is. */
export function skillHeader(skill: Skill): string {
  return `Skill "${skill.name}" (folder ${skill.dir}: its scripts/ run from there with exec_shell, read-only; its other files come from the skill tool with a path).`;
}

/** Records in the turn that `skill` is loaded: its environment goes to the turn's commands. */
export function markLoaded(turn: TurnState | undefined, skill: Skill, env: Record<string, string>): void {
  if (!turn) return;
  turn.skills.add(skill.name);
  Object.assign(turn.commandEnv, env);
}

async function readSkillFile(skill: Skill, path: string): Promise<string> {
  if (isAbsolute(path) || path.includes("\0"))
    throw new ToolError("InvalidPath", `"${path}" must be relative to the skill's folder`);
  let root: string;
  let absolute: string;
  try {
    root = await realpath(skill.dir);
    absolute = await realpath(join(skill.dir, path));
  } catch {
    throw new ToolError("FileNotFound", `the skill "${skill.name}" has no file "${path}"`);
  }
  if (!absolute.startsWith(root + sep)) throw new ToolError("InvalidPath", `"${path}" is outside the skill's folder`);
  const handle = await open(absolute, "r");
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ToolError("InvalidArgs", `"${path}" is not a file`);
    const buffer = Buffer.alloc(Math.min(info.size, MAX_SKILL_READ_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    return info.size > MAX_SKILL_READ_BYTES
      ? `${text}\n[... truncated: the file has ${info.size} bytes; showing the first ${bytesRead}]`
      : text;
  } finally {
    await handle.close();
  }
}
