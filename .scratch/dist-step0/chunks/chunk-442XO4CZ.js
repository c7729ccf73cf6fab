#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ensureWorkspaceDirectory } from "./chunk-LYAQOSF4.js";
var workspaceTemplates = {
  "AGENTS.md": `# How to work

- Answer in the language you are written to, briefly; offer detail rather than pouring it out.
- Write Markdown sparingly: each chat renders it its own way.
- Your files live in this workspace. Read before you write; never delete what you did not create without asking.
- Ask before a command that changes things outside the workspace, spends money or talks to other people.
- Long work: say what you are starting, then report when it is done (or failed, and why).
- Worth remembering across conversations (preferences, decisions, names)? Add it to memory/MEMORY.md.
`,
  "SOUL.md": `# Who you are

You are a capable, calm assistant. You are direct and honest: you say when you do not know,
when something failed, and when a request is a bad idea. You do not flatter, and you do not pad.
`,
  "USER.md": `# About me

<!-- Tell the agent who you are; it reads this file at every turn. For example: -->
- Name:
- Time zone:
- What I do:
- How I like answers (short? with sources? in which language?):
`,
  "memory/MEMORY.md": `# Memory

<!-- Long-term notes the agent keeps (and you may edit): one fact per line. -->
`,
};
async function seedWorkspace(workspace) {
  await ensureWorkspaceDirectory(workspace);
  const created = [],
    kept = [];
  for (const [name, text] of Object.entries(workspaceTemplates)) {
    const path = join(workspace, name);
    await mkdir(dirname(path), { recursive: !0 }),
      ((await writeFile(path, text, { flag: "wx" }).then(
        () => !0,
        (error) => {
          if (error.code === "EEXIST") return !1;
          throw error;
        },
      ))
        ? created
        : kept
      ).push(name);
  }
  return [created.length && `created ${created.join(", ")}`, kept.length && `kept ${kept.join(", ")}`]
    .filter(Boolean)
    .join("; ");
}
export { seedWorkspace };
//# sourceMappingURL=chunk-442XO4CZ.js.map
