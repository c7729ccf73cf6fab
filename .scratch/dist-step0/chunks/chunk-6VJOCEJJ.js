#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { open, realpath } from "node:fs/promises";
import { isAbsolute, join, sep } from "node:path";
import { ToolError } from "./chunk-6FK2TDNU.js";
var MAX_SKILL_READ_BYTES = 256 * 1024;
function skillTool(options) {
  return {
    name: "skill",
    description:
      "Load a skill listed in <available_skills>: {name} returns its instructions (SKILL.md); {name, path} returns a file of its folder, e.g. references/guide.md.",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, description: "The skill's name" },
        path: { type: "string", minLength: 1, description: "A file inside the skill's folder, relative to it" },
      },
      required: ["name"],
      additionalProperties: !1,
    },
    safety: "read-only",
    timeoutMs: 3e4,
    async execute(args, ctx) {
      const skill = (await options.skills()).get(args.name),
        loaded = ctx.turn?.skills.has(args.name) ?? !1;
      if (!skill || (!loaded && !skill.manifest?.modelInvocable))
        throw new ToolError("NotFound", `no skill named "${args.name}"; the available ones are in <available_skills>`);
      if (skill.status.type !== "ready" && !loaded)
        throw new ToolError(
          "PermissionDenied",
          `the skill "${args.name}" is not available here (${skill.status.type})`,
        );
      return args.path === void 0
        ? (markLoaded(ctx.turn, skill, options.commandEnv(skill)),
          `${skillHeader(skill)}

${skill.body}`)
        : readSkillFile(skill, args.path);
    },
  };
}
function skillHeader(skill) {
  return `Skill "${skill.name}" (folder ${skill.dir}: its scripts/ run from there with exec_shell, read-only; its other files come from the skill tool with a path).`;
}
function markLoaded(turn, skill, env) {
  turn && (turn.skills.add(skill.name), Object.assign(turn.commandEnv, env));
}
async function readSkillFile(skill, path) {
  if (isAbsolute(path) || path.includes("\0"))
    throw new ToolError("InvalidPath", `"${path}" must be relative to the skill's folder`);
  let root, absolute;
  try {
    (root = await realpath(skill.dir)), (absolute = await realpath(join(skill.dir, path)));
  } catch {
    throw new ToolError("FileNotFound", `the skill "${skill.name}" has no file "${path}"`);
  }
  if (!absolute.startsWith(root + sep)) throw new ToolError("InvalidPath", `"${path}" is outside the skill's folder`);
  const handle = await open(absolute, "r");
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ToolError("InvalidArgs", `"${path}" is not a file`);
    const buffer = Buffer.alloc(Math.min(info.size, MAX_SKILL_READ_BYTES)),
      { bytesRead } = await handle.read(buffer, 0, buffer.length, 0),
      text = buffer.subarray(0, bytesRead).toString("utf8");
    return info.size > MAX_SKILL_READ_BYTES
      ? `${text}
[... truncated: the file has ${info.size} bytes; showing the first ${bytesRead}]`
      : text;
  } finally {
    await handle.close();
  }
}
export { MAX_SKILL_READ_BYTES, markLoaded, skillHeader, skillTool };
//# sourceMappingURL=chunk-6VJOCEJJ.js.map
