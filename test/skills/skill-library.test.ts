import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { configSecrets, redactSecrets } from "../../src/config/secrets.js";
import type { SkillLibrary, SkillSnapshot } from "../../src/skills/skill-library.js";
import { describeStatus } from "../../src/skills/skill-status.js";
import { captureLog, library, publicSkills, skillDirs, writeSkill } from "./helpers.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type LibraryOptions = Parameters<typeof library>[1];

async function setUp(options: LibraryOptions | ((dirs: Awaited<ReturnType<typeof skillDirs>>) => LibraryOptions) = {}) {
  const dirs = await skillDirs();
  const skills = library(dirs, typeof options === "function" ? options(dirs) : options);
  cleanups.push(
    () => skills.close(),
    () => rm(dirs.base, { recursive: true, force: true }),
  );
  return { dirs, skills };
}

/** The snapshot once `condition` holds (a change is seen through the folder watches). */
async function eventually(skills: SkillLibrary, condition: (snapshot: SkillSnapshot) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const snapshot = await skills.current();
    if (condition(snapshot)) return snapshot;
    if (Date.now() > deadline) throw new Error("the skill library did not see the change");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const statuses = (snapshot: SkillSnapshot) =>
  Object.fromEntries(snapshot.skills.map((skill) => [skill.dir, describeStatus(skill.status)]));

describe("where skills come from", () => {
  it("reads the workspace, its .agents, $SKEIN_HOME, ~/.agents and skills.dirs, the first skill of a name winning", async () => {
    const log = captureLog();
    const { dirs, skills } = await setUp({ log: log.log, extra: ["extra"] });
    const workspace = await writeSkill(join(dirs.workspace, "skills"), "alpha");
    const agents = await writeSkill(join(dirs.workspace, ".agents", "skills"), "alpha");
    await writeSkill(join(dirs.workspace, ".agents", "skills"), "beta");
    const home = await writeSkill(join(dirs.home, "skills"), "beta");
    await writeSkill(join(dirs.home, "skills"), "gamma");
    await writeSkill(join(dirs.userHome, ".agents", "skills"), "delta");
    const extra = await writeSkill(join(dirs.home, "extra"), "epsilon");
    await mkdir(join(dirs.workspace, "skills", "not-a-skill"), { recursive: true });

    const snapshot = await skills.current();
    expect(snapshot.get("alpha")?.dir).toBe(workspace);
    expect(snapshot.get("beta")?.source).toBe("workspace .agents");
    expect(snapshot.get("gamma")?.source).toBe("$SKEIN_HOME");
    expect(snapshot.get("delta")?.source).toBe("~/.agents");
    expect(snapshot.get("epsilon")?.dir).toBe(extra);
    expect(snapshot.get("not-a-skill")).toBeUndefined();
    expect(statuses(snapshot)[agents]).toBe(`shadowed by ${workspace}`);
    expect(statuses(snapshot)[home]).toMatch(/^shadowed by /);
    await log.waitFor(/skill "alpha" is shadowed/);
  });

  it("lets a valid skill of a later root stand in for an invalid one of the same name", async () => {
    const { dirs, skills } = await setUp();
    await writeSkill(join(dirs.workspace, "skills"), "alpha", "name: alpha");
    const valid = await writeSkill(join(dirs.home, "skills"), "alpha");
    expect((await skills.current()).get("alpha")?.dir).toBe(valid);
  });
});

describe("the SKILL.md format", () => {
  const broken: Array<[string, string, string, RegExp]> = [
    ["no-frontmatter", "", "frontmatter", /frontmatter/],
    ["bad-yaml", "name: [unclosed\ndescription: x", "frontmatter", /YAML/],
    ["no-name", "description: Something.", "name", /required/],
    ["upper-case", "name: Upper-Case\ndescription: x", "name", /lowercase/],
    ["double--hyphen", "name: double--hyphen\ndescription: x", "name", /hyphen/],
    [`long-${"x".repeat(60)}`, `name: long-${"x".repeat(60)}\ndescription: x`, "name", /at most 64/],
    ["other-folder", "name: another-name\ndescription: x", "name", /folder/],
    ["no-description", "name: no-description", "description", /required/],
    ["long-description", `name: long-description\ndescription: ${"d".repeat(1025)}`, "description", /1024/],
    [
      "long-compatibility",
      `name: long-compatibility\ndescription: x\ncompatibility: ${"c".repeat(501)}`,
      "compatibility",
      /500/,
    ],
    ["bad-metadata", "name: bad-metadata\ndescription: x\nmetadata: [1, 2]", "metadata", /mapping/],
    [
      "bad-bins",
      'name: bad-bins\ndescription: x\nmetadata: {"openclaw": {"requires": {"bins": 3}}}',
      "metadata.requires.bins",
      /list/,
    ],
    ["bad-flag", "name: bad-flag\ndescription: x\nuser-invocable: sometimes", "user-invocable", /true or false/],
  ];

  it("skips each skill that breaks a rule with one warning naming the file and the field, and loads the rest", async () => {
    const log = captureLog();
    const { dirs, skills } = await setUp({ log: log.log });
    const root = join(dirs.workspace, "skills");
    for (const [folder, frontmatter] of broken) {
      if (frontmatter === "") {
        await mkdir(join(root, folder), { recursive: true });
        await writeFile(join(root, folder, "SKILL.md"), "# Just markdown\n");
      } else await writeSkill(root, folder, frontmatter);
    }
    await writeSkill(root, "fine");

    const snapshot = await skills.current();
    expect(snapshot.get("fine")?.status).toEqual({ type: "ready" });
    for (const [folder, , field, reason] of broken) {
      const skill = snapshot.skills.find((candidate) => candidate.name === folder)!;
      expect(skill.status, folder).toMatchObject({ type: "invalid", field });
      expect((skill.status as { reason: string }).reason, folder).toMatch(reason);
      const warnings = log.lines.filter((line) => line.file === join(root, folder, "SKILL.md"));
      expect(warnings, folder).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, field });
    }
    await skills.current();
    expect(log.lines.filter((line) => line.level === 40)).toHaveLength(broken.length);
  });

  it("loads real skills from openclaw's, nanobot's and Anthropic's public folders unchanged", async () => {
    const { skills } = await setUp({
      extra: ["openclaw", "nanobot", "anthropic"].map((peer) => join(publicSkills, peer)),
      binDirs: () => [],
    });
    const snapshot = await skills.current();
    const weather = snapshot.get("weather")!;
    expect(weather.manifest).toMatchObject({
      description: "Get current weather and forecasts (no API key required).",
      requires: { bins: ["curl"] },
    });
    expect(weather.body).toContain("wttr.in");
    expect(snapshot.get("github")?.manifest?.requires.bins).toEqual(["gh"]);
    expect(snapshot.get("brand-guidelines")?.manifest).toMatchObject({ license: "Complete terms in LICENSE.txt" });
    expect(snapshot.get("brand-guidelines")?.status).toEqual({ type: "ready" });
    // Without curl and gh on the PATH the two CLI skills are not offered, and say why.
    expect(describeStatus(weather.status)).toBe("missing bins: curl");
  });
});

describe("requirements", () => {
  it("offers a skill only when its bins are on the PATH, its env is set and its os matches", async () => {
    const { dirs, skills } = await setUp((dirs) => ({
      env: { PRESENT_KEY: "x" },
      entries: { "from-entry": { enabled: true, env: { ENTRY_KEY: "secret" } }, off: { enabled: false, env: {} } },
      platform: "linux",
      binDirs: () => [join(dirs.base, "bin")],
    }));
    const bins = join(dirs.base, "bin");
    await mkdir(bins);
    await writeFile(join(bins, "mytool"), "#!/bin/sh\n");
    await chmod(join(bins, "mytool"), 0o755);
    const root = join(dirs.workspace, "skills");
    const meta = (extension: string) => `metadata: {"openclaw": ${extension}}`;
    await writeSkill(root, "has-bin", `name: has-bin\ndescription: x\n${meta('{"requires": {"bins": ["mytool"]}}')}`);
    await writeSkill(root, "no-bin", `name: no-bin\ndescription: x\n${meta('{"requires": {"bins": ["nosuchtool"]}}')}`);
    await writeSkill(
      root,
      "has-env",
      `name: has-env\ndescription: x\n${meta('{"requires": {"env": ["PRESENT_KEY"]}}')}`,
    );
    await writeSkill(root, "no-env", `name: no-env\ndescription: x\n${meta('{"requires": {"env": ["ABSENT_KEY"]}}')}`);
    await writeSkill(
      root,
      "from-entry",
      `name: from-entry\ndescription: x\nmetadata: {"nanobot": {"requires": {"env": ["ENTRY_KEY"]}}}`,
    );
    await writeSkill(root, "mac-only", `name: mac-only\ndescription: x\n${meta('{"os": ["darwin"]}')}`);
    await writeSkill(root, "off");

    const snapshot = await skills.current();
    const status = (name: string) => describeStatus(snapshot.get(name)!.status);
    expect(status("has-bin")).toBe("ready");
    expect(status("no-bin")).toBe("missing bins: nosuchtool");
    expect(status("has-env")).toBe("ready");
    expect(status("no-env")).toBe("missing env: ABSENT_KEY");
    expect(status("from-entry")).toBe("ready");
    expect(status("mac-only")).toBe("wrong os: needs darwin");
    expect(status("off")).toBe("disabled");
    expect(snapshot.catalog).toContain("<name>has-bin</name>");
    for (const name of ["no-bin", "no-env", "mac-only", "off"])
      expect(snapshot.catalog).not.toContain(`<name>${name}<`);
  });
});

describe("skills.entries.<name>.env", () => {
  it("counts as secrets, redacted like every other", () => {
    const config = configSchema.parse({ skills: { entries: { hello: { env: { HELLO_TOKEN: "tok-77aa55" } } } } });
    expect(redactSecrets("the token is tok-77aa55", configSecrets(config))).toBe("the token is [redacted]");
  });
});

describe("the catalog in the system prompt", () => {
  it("lists ready skills by name with description and location, the same text while nothing changes", async () => {
    const { dirs, skills } = await setUp();
    const root = join(dirs.workspace, "skills");
    await writeSkill(root, "zeta", "name: zeta\ndescription: Last <one> & only.");
    await writeSkill(root, "alpha");
    await writeSkill(root, "hidden", "name: hidden\ndescription: x\ndisable-model-invocation: true");
    await writeSkill(
      root,
      "always-on",
      'name: always-on\ndescription: Always.\nmetadata: {"openclaw": {"always": true}}',
      "ALWAYS FOLLOW THIS.",
    );
    const first = (await skills.current()).catalog;
    expect(first).toContain("<available_skills>");
    const names = [...first.matchAll(/<name>([^<]+)<\/name>/g)].map((match) => match[1]);
    expect(names).toEqual(["alpha", "always-on", "zeta"]);
    expect(first).toContain("<description>Last &lt;one&gt; &amp; only.</description>");
    expect(first).toContain(`<location>${join(root, "alpha", "SKILL.md")}</location>`);
    expect(first).toContain("ALWAYS FOLLOW THIS.");
    expect((await skills.current()).catalog).toBe(first);
  });

  it("stays within skills.max_prompt_chars and says how many skills it left out", async () => {
    const { dirs, skills } = await setUp({ maxPromptChars: 1000 });
    for (let index = 0; index < 30; index++)
      await writeSkill(join(dirs.workspace, "skills"), `skill-${String(index).padStart(2, "0")}`);
    const { catalog } = await skills.current();
    const listed = [...catalog.matchAll(/<skill>[\s\S]*?<\/skill>/g)].map((match) => match[0]);
    expect(listed.join("\n").length).toBeLessThanOrEqual(1000);
    expect(listed.length).toBeGreaterThan(0);
    expect(catalog).toContain(`${30 - listed.length} more skills are installed but not listed`);
  });
});

describe("hot reload", () => {
  it("sees a new, an edited and a deleted skill without a restart", async () => {
    const { dirs, skills } = await setUp();
    expect((await skills.current()).catalog).toBe("");
    const root = join(dirs.workspace, "skills");
    const dir = await writeSkill(root, "fresh");
    await eventually(skills, (snapshot) => snapshot.catalog.includes("<name>fresh</name>"));
    await writeSkill(root, "fresh", "name: fresh\ndescription: Edited description.");
    await eventually(skills, (snapshot) => snapshot.catalog.includes("Edited description."));
    await rm(dir, { recursive: true });
    await eventually(skills, (snapshot) => snapshot.get("fresh") === undefined);
  });

  it("sees skills in a root that appears after start, even one whose parent folders did not exist", async () => {
    const { dirs, skills } = await setUp((dirs) => ({ extra: [join(dirs.base, "later", "deeper", "skills")] }));
    expect((await skills.current()).skills).toEqual([]);
    await writeSkill(join(dirs.userHome, ".agents", "skills"), "shared");
    await eventually(skills, (snapshot) => snapshot.get("shared") !== undefined);
    await mkdir(join(dirs.base, "later"));
    await writeSkill(join(dirs.base, "later", "deeper", "skills"), "late");
    await eventually(skills, (snapshot) => snapshot.get("late") !== undefined);
  });
});
