import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { buildSources, root } from "./built-cli.js";

const run = promisify(execFile);

/**
 * `npm install -g .` in a clone that was never built: npm links the folder and runs its
 * `prepare` step, which must leave a working `skein` on the PATH. The clone's node_modules
 * is linked from this checkout (a fresh clone's is installed by prepare itself: slower, same code).
 */
describe("npm install -g . on a clone without dist/", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-global-"));
    await Promise.all(
      [...buildSources, "package-lock.json"].map((source) =>
        cp(join(root, source), join(dir, "clone", source), { recursive: true }),
      ),
    );
    await symlink(join(root, "node_modules"), join(dir, "clone", "node_modules"), "dir");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("installs a skein command that runs", async () => {
    const prefix = join(dir, "global");
    await run("npm", ["install", "-g", ".", "--prefix", prefix, "--no-audit", "--no-fund"], {
      cwd: join(dir, "clone"),
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    const { stdout } = await run(join(prefix, "bin", "skein"), ["--version"]);
    expect(stdout.trim()).toBe(packageJson.version);
  });

  // npm 11 advises `npm install -g --allow-scripts=skein .` (or `npm config set allow-scripts=skein`); npm then hands
  // prepare npm_config_allow_scripts, which a project install refuses (EALLOWSCRIPTS). Prepare's inner `npm ci` runs
  // here as the real npm with --dry-run (the whole install from a fresh clone runs in .ci/global-install).
  it("runs prepare's inner npm ci as npm accepts it when the global install was told --allow-scripts", async () => {
    const clone = join(dir, "fresh clone"); // a space in the path, as in ~/My projects
    await Promise.all(
      ["package.json", "package-lock.json", "scripts", "src"].map((source) =>
        cp(join(root, source), join(clone, source), { recursive: true }),
      ),
    );
    const npm = join(dir, "npm-dry-run.mjs");
    const verdict = join(dir, "inner-npm.json");
    await writeFile(
      npm,
      `import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
const ran = spawnSync("npm", [...process.argv.slice(2), "--dry-run"], { encoding: "utf8" });
writeFileSync(${JSON.stringify(verdict)}, JSON.stringify({ args: process.argv.slice(2), status: ran.status, stderr: ran.stderr }));
process.exit(3); // nothing installed: prepare stops here instead of building
`,
    );
    const prepared = await run(process.execPath, ["scripts/prepare.mjs"], {
      cwd: clone,
      env: {
        ...process.env,
        npm_execpath: npm,
        npm_config_global: "true",
        npm_config_prefix: join(dir, "global"),
        npm_config_allow_scripts: "skein",
        npm_config_update_notifier: "false",
      },
    }).then(
      () => 0,
      (error: { code: number }) => error.code,
    );
    expect(prepared).toBe(3);
    const inner = JSON.parse(await readFile(verdict, "utf8")) as { args: string[]; status: number; stderr: string };
    expect(inner.args.slice(0, 2)).toEqual(["ci", "--ignore-scripts"]);
    expect(inner.stderr).not.toContain("EALLOWSCRIPTS");
    expect(inner.status).toBe(0);
  });
});
