import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

/** `skein skills list`: every skill folder found, where it is and whether the model and people get it (and why not). */
export async function run(options: GlobalOptions & { json?: boolean }): Promise<number> {
  const [{ loadConfig }, { configuredSkills }, { describeStatus }, { silentLogger }] = await Promise.all([
    import("../config/load.js"),
    import("../skills/configured-skills.js"),
    import("../skills/skill-status.js"),
    import("../log.js"),
  ]);
  try {
    const { config, workspace, home, env } = await loadConfig({ configPath: options.config });
    const { library } = configuredSkills({ config, workspace, home, env, log: silentLogger(), watch: false });
    const { skills } = await library.current();
    library.close();
    if (options.json) {
      const listing = skills.map((skill) => ({
        name: skill.name,
        folder: skill.dir,
        source: skill.source,
        status: describeStatus(skill.status),
        ready: skill.status.type === "ready",
        ...(skill.manifest && { description: skill.manifest.description }),
        ...(skill.manifest && {
          model: skill.manifest.modelInvocable,
          people: skill.manifest.userInvocable,
        }),
      }));
      await writeOut(`${JSON.stringify(listing, null, 2)}\n`);
      return 0;
    }
    const rows = skills.map((skill) => [skill.name, describeStatus(skill.status), skill.dir]);
    const widths = [0, 1].map((column) => Math.max(0, ...rows.map((row) => row[column]!.length)));
    const lines = rows.map((row) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell)));
    await writeOut(lines.length ? `${lines.map((line) => line.join("  ")).join("\n")}\n` : "");
    const ready = skills.filter((skill) => skill.status.type === "ready").length;
    process.stderr.write(
      skills.length
        ? `${skills.length} skill${skills.length === 1 ? "" : "s"}, ${ready} ready\n`
        : `no skills: put a folder with a SKILL.md in ${workspace}/skills (see docs/skills.md)\n`,
    );
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}
