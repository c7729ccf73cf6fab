#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var INTRO = `## Skills

Skills are instructions for particular tasks. When a request matches a skill's description, load the skill with the \`skill\` tool ({"name": ...}) before acting, and follow it. Read a file of its folder with {"name": ..., "path": "references/x.md"}; run its scripts with exec_shell from its folder (read-only).`;
function escapeXml(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
function entry(skill) {
  return `<skill>
<name>${skill.name}</name>
<description>${escapeXml(skill.manifest.description)}</description>
<location>${escapeXml(skill.file)}</location>
</skill>`;
}
function skillCatalog(skills, maxChars) {
  const offered = skills
    .filter((skill) => skill.status.type === "ready" && skill.manifest?.modelInvocable)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (offered.length === 0) return "";
  let entries = [],
    chars = 0;
  for (const skill of offered) {
    const text = entry(skill);
    if (chars + text.length + 1 > maxChars) break;
    entries.push(text), (chars += text.length + 1);
  }
  const left = offered.length - entries.length,
    note = left
      ? `
(${left} more skill${left === 1 ? " is" : "s are"} installed but not listed here: the catalog is capped by skills.max_prompt_chars.)`
      : "",
    always = offered
      .filter((skill) => skill.manifest.always)
      .map(
        (skill) => `### Skill ${skill.name} (always loaded; folder ${skill.dir})

${skill.body}`,
      );
  return [
    `${INTRO}

<available_skills>
${entries.join(`
`)}
</available_skills>${note}`,
    ...always,
  ].join(`

`);
}
export { skillCatalog };
//# sourceMappingURL=chunk-U372KKDR.js.map
