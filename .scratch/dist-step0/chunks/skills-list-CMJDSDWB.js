#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
async function run(options) {
  const [{ loadConfig }, { configuredSkills }, { describeStatus }, { silentLogger }] = await Promise.all([
    import("./load-FF7I6U4A.js"),
    import("./configured-skills-4N2JK2XR.js"),
    import("./skill-status-B57KG3B2.js"),
    import("./log-OCSMXS2Z.js"),
  ]);
  try {
    const { config, workspace, home, env } = await loadConfig({ configPath: options.config }),
      { library } = configuredSkills({ config, workspace, home, env, log: silentLogger(), watch: !1 }),
      { skills } = await library.current();
    if ((library.close(), options.json)) {
      const listing = skills.map((skill) => ({
        name: skill.name,
        folder: skill.dir,
        source: skill.source,
        status: describeStatus(skill.status),
        ready: skill.status.type === "ready",
        ...(skill.manifest && { description: skill.manifest.description }),
        ...(skill.manifest && { model: skill.manifest.modelInvocable, people: skill.manifest.userInvocable }),
      }));
      return (
        await writeOut(`${JSON.stringify(listing, null, 2)}
`),
        0
      );
    }
    const rows = skills.map((skill) => [skill.name, describeStatus(skill.status), skill.dir]),
      widths = [0, 1].map((column) => Math.max(0, ...rows.map((row) => row[column].length))),
      lines = rows.map((row) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell)));
    await writeOut(
      lines.length
        ? `${lines
            .map((line) => line.join("  "))
            .join(`
`)}
`
        : "",
    );
    const ready = skills.filter((skill) => skill.status.type === "ready").length;
    return (
      process.stderr.write(
        skills.length
          ? `${skills.length} skill${skills.length === 1 ? "" : "s"}, ${ready} ready
`
          : `no skills: put a folder with a SKILL.md in ${workspace}/skills (see docs/skills.md)
`,
      ),
      0
    );
  } catch (error) {
    return reportFatal(error);
  }
}
export { run };
//# sourceMappingURL=skills-list-CMJDSDWB.js.map
