#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
import { lstat, rm } from "node:fs/promises";
import { join } from "node:path";
async function run(options) {
  const name = options.args[0] ?? "",
    { loadConfig } = await import("./load-FF7I6U4A.js");
  try {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name))
      return fail(`"${name}" is not a skill name (lowercase letters, digits and hyphens)`), 1;
    const { workspace } = await loadConfig({ configPath: options.config }),
      dir = join(workspace, "skills", name);
    return (await lstat(dir).then(
      (info) => info.isDirectory() || info.isSymbolicLink(),
      () => !1,
    ))
      ? (await rm(dir, { recursive: !0, force: !0 }),
        await writeOut(`removed ${name} (${dir})
`),
        0)
      : (fail(`no skill "${name}" in ${join(workspace, "skills")} (skein skills list shows where each skill is)`), 1);
  } catch (error) {
    return reportFatal(error);
  }
}
export { run };
//# sourceMappingURL=skills-remove-LX2AHD33.js.map
