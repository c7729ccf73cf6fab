import { lstat, rm } from "node:fs/promises";
import { join } from "node:path";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

/** `skein skills remove <name>`: deletes `<workspace>/skills/<name>` (the folder `skills add` installs into). */
export async function run(options: GlobalOptions & { args: string[] }): Promise<number> {
  const name = options.args[0] ?? "";
  const { loadConfig } = await import("../config/load.js");
  try {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) {
      fail(`"${name}" is not a skill name (lowercase letters, digits and hyphens)`);
      return 1;
    }
    const { workspace } = await loadConfig({ configPath: options.config });
    const dir = join(workspace, "skills", name);
    const found = await lstat(dir).then(
      (info) => info.isDirectory() || info.isSymbolicLink(),
      () => false,
    );
    if (!found) {
      fail(`no skill "${name}" in ${join(workspace, "skills")} (skein skills list shows where each skill is)`);
      return 1;
    }
    await rm(dir, { recursive: true, force: true });
    await writeOut(`removed ${name} (${dir})\n`);
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}
