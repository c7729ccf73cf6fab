import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

/** `skein skills check <folder>`: validates one skill folder and prints what the model would see. */
export async function run(options: GlobalOptions & { args: string[] }): Promise<number> {
  const folder = resolve(options.args[0] ?? ".");
  const [{ scanSkillFolder }, { skillCatalog }, { skillHeader }] = await Promise.all([
    import("../skills/scan-skills.js"),
    import("../skills/skill-catalog.js"),
    import("../skills/skill-tool.js"),
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
    const skill = {
      name: manifest.name,
      dir: folder,
      file: resolve(folder, "SKILL.md"),
      source: "check",
      status: { type: "ready" as const },
      manifest,
      body,
    };
    const needs = [
      manifest.requires.bins.length ? `bins ${manifest.requires.bins.join(", ")}` : "",
      manifest.requires.anyBins.length ? `one of ${manifest.requires.anyBins.join(", ")}` : "",
      manifest.requires.env.length ? `env ${manifest.requires.env.join(", ")}` : "",
      manifest.os.length ? `os ${manifest.os.join(" or ")}` : "",
    ].filter(Boolean);
    const lines = [
      `${manifest.name}: valid`,
      `requires: ${needs.length ? needs.join("; ") : "nothing"}`,
      `people call it: ${manifest.userInvocable ? `/${manifest.name}` : "no (user-invocable: false)"}`,
      `in the model's catalog: ${manifest.modelInvocable ? "yes" : "no (disable-model-invocation: true)"}${manifest.always ? ", in full (always)" : ""}`,
      "",
      "The catalog entry:",
      manifest.modelInvocable ? /<skill>[\s\S]*<\/skill>/.exec(skillCatalog([skill], 100_000))![0] : "(none)",
      "",
      "What the skill tool returns:",
      `${skillHeader(skill)}\n\n${body}`,
    ];
    await writeOut(`${lines.join("\n")}\n`);
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}
