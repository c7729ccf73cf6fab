// What a build of dist/ read: every file esbuild bundled (from its metafiles), the build scripts and the package
// files, each with its modification time and size, and what it wrote (dist/cli.js), in
// node_modules/.cache/skein/build-inputs.json (not in dist/, which npm publishes). `node scripts/build.mjs --if-changed`
// (the test suite's global setup) builds only when one of them changed, was removed, or there is no record: .ci/run
// and `npm ci` have just built, and a test run then costs no second build (nor removes dist/ under another run).

import { readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = new URL("../node_modules/.cache/skein/", import.meta.url);
const record = new URL("build-inputs.json", cache);
/** What the build wrote: a dist/ removed or built otherwise since is built again. */
const output = resolve(root, "dist/cli.js");

/** What every build reads besides the bundles' inputs. */
export const buildFiles = [
  "scripts/build.mjs",
  "scripts/build-ui.mjs",
  "scripts/build-inputs.mjs",
  "ui/index.html",
  "package.json",
  "package-lock.json",
  // esbuild reads the settings of TypeScript's that change its output from these.
  "tsconfig.json",
  "ui/tsconfig.json",
];

/** `[mtimeMs, size]` of the file at `path` (absolute), or undefined when there is none. */
function fingerprint(path) {
  try {
    const stats = statSync(path);
    return stats.isFile() ? [stats.mtimeMs, stats.size] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records `paths` (relative to the working directory, as esbuild names them; its virtual modules, which are no
 * files, left out) and {@link buildFiles} as dist/'s inputs.
 */
export async function recordInputs(paths) {
  const inputs = {};
  const absolute = [...paths.map((path) => resolve(path)), ...buildFiles.map((path) => resolve(root, path))];
  for (const path of new Set([...absolute, output])) {
    const seen = fingerprint(path);
    if (seen) inputs[path] = seen;
  }
  await mkdir(cache, { recursive: true });
  await writeFile(record, `${JSON.stringify({ inputs })}\n`);
}

/** Whether dist/ was built from the files as they are now. */
export function inputsUnchanged() {
  let inputs;
  try {
    ({ inputs } = JSON.parse(readFileSync(record, "utf8")));
  } catch {
    return false;
  }
  if (!inputs[output]) return false;
  return Object.entries(inputs).every(([path, [mtimeMs, size]]) => {
    const seen = fingerprint(path);
    return seen !== undefined && seen[0] === mtimeMs && seen[1] === size;
  });
}
