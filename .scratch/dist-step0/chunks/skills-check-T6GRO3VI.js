#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
async function run(options) {
  const folder = resolve(options.args[0] ?? "."),
    [{ scanSkillFolder }, { skillCatalog }, { skillHeader }] = await Promise.all([
      import("./scan-skills-A5WRK25M.js"),
      import("./skill-catalog-2XSQYSEY.js"),
      import("./skill-tool-VIW3W4YK.js"),
    ]);
  try {
    if (
      !(await stat(folder).then(
        (info) => info.isDirectory(),
        () => !1,
      ))
    )
      return fail(`${folder} is not a folder`), 1;
    const parse = await scanSkillFolder(folder, basename(folder));
    if (parse.type === "invalid") return fail(`${folder}/SKILL.md is invalid: ${parse.field}: ${parse.reason}`), 1;
    const { manifest, body } = parse,
      skill = {
        name: manifest.name,
        dir: folder,
        file: resolve(folder, "SKILL.md"),
        source: "check",
        status: { type: "ready" },
        manifest,
        body,
      },
      needs = [
        manifest.requires.bins.length ? `bins ${manifest.requires.bins.join(", ")}` : "",
        manifest.requires.anyBins.length ? `one of ${manifest.requires.anyBins.join(", ")}` : "",
        manifest.requires.env.length ? `env ${manifest.requires.env.join(", ")}` : "",
        manifest.os.length ? `os ${manifest.os.join(" or ")}` : "",
      ].filter(Boolean),
      lines = [
        `${manifest.name}: valid`,
        `requires: ${needs.length ? needs.join("; ") : "nothing"}`,
        `people call it: ${manifest.userInvocable ? `/${manifest.name}` : "no (user-invocable: false)"}`,
        `in the model's catalog: ${manifest.modelInvocable ? "yes" : "no (disable-model-invocation: true)"}${manifest.always ? ", in full (always)" : ""}`,
        "",
        "The catalog entry:",
        manifest.modelInvocable ? /<skill>[\s\S]*<\/skill>/.exec(skillCatalog([skill], 1e5))[0] : "(none)",
        "",
        "What the skill tool returns:",
        `${skillHeader(skill)}

${body}`,
      ];
    return (
      await writeOut(`${lines.join(`
`)}
`),
      0
    );
  } catch (error) {
    return reportFatal(error);
  }
}
export { run };
//# sourceMappingURL=skills-check-T6GRO3VI.js.map
