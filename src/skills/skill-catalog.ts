import type { Skill } from "./skill-status.js";

const INTRO =
  "## Skills\n\n" +
  "Skills are instructions for particular tasks. When a request matches a skill's description, load the skill " +
  'with the `skill` tool ({"name": ...}) before acting, and follow it. Read a file of its folder with ' +
  '{"name": ..., "path": "references/x.md"}; run its scripts with exec_shell from its folder (read-only).';

/** Escapes text for an XML-like element of the prompt. */
function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function entry(skill: Skill): string {
  return (
    `<skill>\n<name>${skill.name}</name>\n<description>${escapeXml(skill.manifest!.description)}</description>\n` +
    `<location>${escapeXml(skill.file)}</location>\n</skill>`
  );
}

/**
 * The system prompt's skills section: `<available_skills>` with each ready, model-invocable
 * skill's name, description and location, by name (a stable text for prompt caching); the
 * entries fit in `maxChars`, and the ones left out are counted. `always` skills follow in full.
 * Empty when no skill is offered.
 */
export function skillCatalog(skills: readonly Skill[], maxChars: number): string {
  const offered = skills
    .filter((skill) => skill.status.type === "ready" && skill.manifest?.modelInvocable)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (offered.length === 0) return "";
  const entries: string[] = [];
  let chars = 0;
  for (const skill of offered) {
    const text = entry(skill);
    if (chars + text.length + 1 > maxChars) break;
    entries.push(text);
    chars += text.length + 1;
  }
  const left = offered.length - entries.length;
  const note = left
    ? `\n(${left} more skill${left === 1 ? " is" : "s are"} installed but not listed here: the catalog is capped by skills.max_prompt_chars.)`
    : "";
  const always = offered
    .filter((skill) => skill.manifest!.always)
    .map((skill) => `### Skill ${skill.name} (always loaded; folder ${skill.dir})\n\n${skill.body}`);
  return [`${INTRO}\n\n<available_skills>\n${entries.join("\n")}\n</available_skills>${note}`, ...always].join("\n\n");
}
