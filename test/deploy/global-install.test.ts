import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
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
});
