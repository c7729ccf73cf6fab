import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSources, root } from "./built-cli.js";

const run = promisify(execFile);

/**
 * `npm ci --omit=dev` on a fresh clone: npm runs `prepare` with the dev dependencies (esbuild)
 * left out and `npm_config_omit=dev` set, so prepare must not try to build (nor install them
 * with an inner npm ci that inherits the omission). The whole clone-and-install, and the
 * README's production steps after it, run in .ci/run (too slow for a test).
 */
describe("prepare in a production install of a clone without dist/", () => {
  let clone: string;
  beforeAll(async () => {
    clone = await mkdtemp(join(tmpdir(), "skein-production-"));
    await Promise.all(
      [...buildSources, "package-lock.json"].map((source) =>
        cp(join(root, source), join(clone, source), { recursive: true }),
      ),
    );
  });
  afterAll(() => rm(clone, { recursive: true, force: true }));

  for (const [how, env] of [
    ["npm ci --omit=dev", { npm_config_omit: "dev", NODE_ENV: "production" }],
    ["NODE_ENV=production npm ci", { NODE_ENV: "production" }],
  ] as const) {
    it(`skips the build and says how to build a production install (${how})`, async () => {
      const { stdout } = await run(process.execPath, ["scripts/prepare.mjs"], {
        cwd: clone,
        env: { PATH: process.env.PATH, ...env },
        timeout: 20_000,
      });
      expect(stdout).toContain("npm ci && npm run build && npm prune --omit=dev");
      await expect(stat(join(clone, "node_modules")), "no inner npm ci").rejects.toThrow(/ENOENT/);
      await expect(stat(join(clone, "dist")), "nothing built").rejects.toThrow(/ENOENT/);
    });
  }
});
