import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The repository root. */
export const root = fileURLToPath(new URL("../..", import.meta.url));

/** What `node scripts/build.mjs` reads. */
export const buildSources = ["package.json", "tsconfig.json", "scripts", "src", "channels", "ui"];

export interface BuiltCli {
  /** The private copy of the repository the CLI was built in. */
  dir: string;
  /** Its dist/cli.js (package.json's bin). */
  cli: string;
  dispose(): Promise<void>;
}

/**
 * Runs the real build (`node scripts/build.mjs`) in a private copy of `sources` (with the
 * shared node_modules linked in) and returns the built CLI. Other test files rebuild the
 * shared dist/ while tests run, and the build starts by deleting it; a private copy
 * cannot vanish under a running CLI. The build takes a fraction of a second.
 */
export async function buildCli(sources: readonly string[] = buildSources): Promise<BuiltCli> {
  const dir = await mkdtemp(join(tmpdir(), "skein-built-"));
  try {
    await Promise.all(sources.map((source) => cp(join(root, source), join(dir, source), { recursive: true })));
    await symlink(join(root, "node_modules"), join(dir, "node_modules"));
    await promisify(execFile)(process.execPath, ["scripts/build.mjs"], { cwd: dir });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, cli: join(dir, "dist", "cli.js"), dispose: () => rm(dir, { recursive: true, force: true }) };
}
