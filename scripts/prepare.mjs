// npm's `prepare` step: builds dist/ so that `npm install -g .` on a fresh clone installs a
// working `skein`, and `npm ci` leaves a runnable checkout. npm links a global install of a
// folder without installing the folder's own dependencies, so when they are missing this
// installs them first (from the lock file, scripts off so this step does not run again).
// Without src/ (a Docker layer that copies the sources later) there is nothing to build yet.
// A production install (`npm ci --omit=dev`, or NODE_ENV=production) has no esbuild to build
// with: it skips the build and says how to make one (the README's production install).

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("..", import.meta.url);
const inRoot = (path) => new URL(path, root);

if (!existsSync(inRoot("src/cli.ts"))) {
  console.log("prepare: no src/ yet; `npm run build` builds dist/ once the sources are there");
  process.exit(0);
}

/** Whether npm was told to leave the dev dependencies out (`--omit=dev`, `--production`, NODE_ENV=production). */
function devOmitted(env) {
  const listed = (value) => (value ?? "").split(/[\s,]+/).includes("dev");
  if (listed(env.npm_config_include)) return false;
  return listed(env.npm_config_omit) || env.npm_config_production === "true" || env.NODE_ENV === "production";
}

const hasEsbuild = existsSync(inRoot("node_modules/esbuild/package.json"));
if (!hasEsbuild && devOmitted(process.env)) {
  console.log(
    existsSync(inRoot("dist/cli.js"))
      ? "prepare: production install; dist/ is there already"
      : "prepare: production install (dev dependencies omitted), so dist/ is not built: esbuild is a dev dependency. " +
          "To build a production install: npm ci && npm run build && npm prune --omit=dev",
  );
  process.exit(0);
}

if (!hasEsbuild) {
  console.log("prepare: installing skein's dependencies in its folder (npm ci) to build it");
  const npm = process.env.npm_execpath;
  const [command, args] = npm
    ? [process.execPath, [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"]]
    : ["npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"]];
  // Not the global install's settings: this installs into the folder itself. npm hands its own
  // settings down as npm_config_* variables, allow-scripts among them when the install was told
  // `--allow-scripts=skein` (npm 11's advice) or has it in its user config; a project install refuses
  // that variable (EALLOWSCRIPTS), and needs it not: scripts are off here, and npm reads .npmrc itself.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_config_(global|prefix|location|allow[-_]scripts)$/i.test(name),
    ),
  );
  const installed = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (installed.status !== 0) process.exit(installed.status ?? 1);
}

const built = spawnSync(process.execPath, [fileURLToPath(new URL("build.mjs", import.meta.url))], { stdio: "inherit" });
process.exit(built.status ?? 1);
