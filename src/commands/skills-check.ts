import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { loadConfig } from "../config/load.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

/**
 * `skein skills check <folder>`: validates one skill folder and prints what the model would see, and
 * whether it is offered here (its requirements checked against this configuration and machine).
 */
export async function run(options: GlobalOptions & { args: string[] }): Promise<number> {
  const folder = resolve(options.args[0] ?? ".");
  const [{ scanSkillFolder }, { skillCatalog }, { skillHeader }, { skillStatuses, describeStatus }, skillsSetUp] =
    await Promise.all([
      import("../skills/scan-skills.js"),
      import("../skills/skill-catalog.js"),
      import("../skills/skill-tool.js"),
      import("../skills/skill-status.js"),
      import("../skills/configured-skills.js"),
    ]);
  try {
    const isFolder = await stat(folder).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!isFolder) {
      fail(`${folder} is not a folder`);
      return 1;
    }
    const parse = await scanSkillFolder(folder, basename(folder));
    if (parse.type === "invalid") {
      fail(`${folder}/SKILL.md is invalid: ${parse.field}: ${parse.reason}`);
      return 1;
    }
    const { manifest, body } = parse;
    const { config, env, workspace } = await loadConfig({ configPath: options.config });
    const [skill] = await skillStatuses(
      [
        {
          folder: basename(folder),
          dir: folder,
          file: resolve(folder, "SKILL.md"),
          root: { dir: folder, source: "check" },
          parse,
        },
      ],
      {
        binDirs: await skillsSetUp.commandBinDirs({ config, env, workspace }),
        env,
        entries: config.skills.entries,
      },
    );
    const gated = skill!.status.type !== "ready";
    const offered = manifest.modelInvocable && !gated;
    const needs = [
      manifest.requires.bins.length ? `bins ${manifest.requires.bins.join(", ")}` : "",
      manifest.requires.anyBins.length ? `one of ${manifest.requires.anyBins.join(", ")}` : "",
      manifest.requires.env.length ? `env ${manifest.requires.env.join(", ")}` : "",
      manifest.os.length ? `os ${manifest.os.join(" or ")}` : "",
    ].filter(Boolean);
    const status = describeStatus(skill!.status);
    const catalog = !manifest.modelInvocable
      ? "no (disable-model-invocation: true)"
      : gated
        ? `no, not here (${status})`
        : `yes${manifest.always ? ", in full (always)" : ""}`;
    const ready = { ...skill!, status: { type: "ready" as const } };
    const lines = [
      `${manifest.name}: valid`,
      `requires: ${needs.length ? needs.join("; ") : "nothing"}`,
      `here: ${status}`,
      `people call it: ${!manifest.userInvocable ? "no (user-invocable: false)" : gated ? `no, not here (${status})` : `/${manifest.name}`}`,
      `in the model's catalog: ${catalog}`,
      "",
      offered ? "The catalog entry:" : "The catalog entry, once offered:",
      manifest.modelInvocable ? /<skill>[\s\S]*<\/skill>/.exec(skillCatalog([ready], 100_000))![0] : "(none)",
      "",
      "What the skill tool returns:",
      `${skillHeader(ready)}\n\n${body}`,
    ];
    await writeOut(`${lines.join("\n")}\n`);
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}
