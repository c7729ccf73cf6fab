#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
async function run(options) {
  const input = options.args[0] ?? "",
    [{ loadConfig }, install] = await Promise.all([
      import("./load-FF7I6U4A.js"),
      import("./skill-install-GPHIPQFP.js"),
    ]);
  try {
    const { workspace } = await loadConfig({ configPath: options.config }),
      staged = await install.stageSkill(await install.sourceOf(input));
    try {
      const { manifest } = staged,
        target = join(workspace, "skills", manifest.name),
        kb = (bytes) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`),
        lines = [
          `${manifest.name}: ${manifest.description}`,
          ...(manifest.license ? [`license: ${manifest.license}`] : []),
          `files (${staged.files.length}):`,
          ...staged.files.map((file) => `  ${file.path}  ${kb(file.bytes)}`),
          staged.scripts.length
            ? `scripts it ships, which the agent may run (read them first):
${staged.scripts
  .map((script) => `  ${script}`)
  .join(`
`)}`
            : "scripts: none",
          "A skill is instructions the agent will follow and code it may run: install only skills from sources you trust.",
          `installs into ${target}`,
        ];
      if (
        (await writeOut(`${lines.join(`
`)}
`),
        !options.yes)
      ) {
        if (!process.stdin.isTTY)
          return fail("not installed: stdin is not a terminal to confirm on; pass --yes to install without asking"), 1;
        const prompt = createInterface({ input: process.stdin, output: process.stdout }),
          answer = await prompt.question(`Install ${manifest.name}? [y/N] `).finally(() => prompt.close());
        if (!/^y(es)?$/i.test(answer.trim()))
          return (
            await writeOut(`not installed
`),
            1
          );
      }
      return (
        await install.installStaged(staged, target, options.force === !0),
        await writeOut(`installed ${manifest.name} into ${target}; a running daemon sees it at the next message
`),
        0
      );
    } finally {
      await staged.discard();
    }
  } catch (error) {
    return error instanceof install.SkillInstallError ? (fail(error.message), 1) : reportFatal(error);
  }
}
export { run };
//# sourceMappingURL=skills-add-PGHZPTFR.js.map
