import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

/**
 * `skein skills add <folder | .zip | .tar.gz | git URL>`: validates the skill, shows its files
 * and every script it ships, asks on a terminal (`--yes` skips it), and copies it into
 * `<workspace>/skills/<name>/` (an existing skill only with `--force`). Runs nothing from it.
 */
export async function run(
  options: GlobalOptions & { args: string[]; yes?: boolean; force?: boolean },
): Promise<number> {
  const input = options.args[0] ?? "";
  const [{ loadConfig }, install] = await Promise.all([
    import("../config/load.js"),
    import("../skills/skill-install.js"),
  ]);
  try {
    const { workspace } = await loadConfig({ configPath: options.config });
    const staged = await install.stageSkill(await install.sourceOf(input));
    try {
      const { manifest } = staged;
      const target = join(workspace, "skills", manifest.name);
      const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
      const lines = [
        `${manifest.name}: ${manifest.description}`,
        ...(manifest.license ? [`license: ${manifest.license}`] : []),
        `files (${staged.files.length}):`,
        ...staged.files.map((file) => `  ${file.path}  ${kb(file.bytes)}`),
        staged.scripts.length
          ? `scripts it ships, which the agent may run (read them first):\n${staged.scripts.map((script) => `  ${script}`).join("\n")}`
          : "scripts: none",
        "A skill is instructions the agent will follow and code it may run: install only skills from sources you trust.",
        `installs into ${target}`,
      ];
      await writeOut(`${lines.join("\n")}\n`);
      if (!options.yes) {
        if (!process.stdin.isTTY) {
          fail("not installed: stdin is not a terminal to confirm on; pass --yes to install without asking");
          return 1;
        }
        const prompt = createInterface({ input: process.stdin, output: process.stdout });
        const answer = await prompt.question(`Install ${manifest.name}? [y/N] `).finally(() => prompt.close());
        if (!/^y(es)?$/i.test(answer.trim())) {
          await writeOut("not installed\n");
          return 1;
        }
      }
      await install.installStaged(staged, target, options.force === true);
      await writeOut(`installed ${manifest.name} into ${target}; a running daemon sees it at the next message\n`);
      return 0;
    } finally {
      await staged.discard();
    }
  } catch (error) {
    if (error instanceof install.SkillInstallError) {
      fail(error.message);
      return 1;
    }
    return reportFatal(error);
  }
}
