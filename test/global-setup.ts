import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Set once dist/ is built: vitest runs this global setup for the root config and again for each project. */
const built = Symbol.for("skein.test.dist-built");

/**
 * Builds dist/ once before any test file runs, so tests that spawn the CLI share one build; not at all when
 * dist/ was built from the files as they are (`--if-changed`: .ci/run and `npm ci` have just built it).
 */
export default function buildOnce(): void {
  const state = globalThis as { [built]?: boolean };
  if (state[built]) return;
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/build.mjs", import.meta.url)), "--if-changed"], {
    stdio: "inherit",
  });
  state[built] = true;
}
