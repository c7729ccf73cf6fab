// Bundles the CLI into dist/ with esbuild: one entry (dist/cli.js), node_modules kept external,
// and every dynamic import (channels, commands, MCP) split into its own chunk so that
// `skein --version` loads almost nothing. With --bench it also bundles bench/idle-start.ts
// (`skein start` with an idle channel) the same way into bench/dist/. The dashboard's browser UI goes into
// dist/ui/ (scripts/build-ui.mjs).

import { chmod, rm } from "node:fs/promises";
import { build } from "esbuild";
import { buildUi } from "./build-ui.mjs";

/** Bundles `entry` as `<outdir>/<name>.js` with its chunks, the way the published CLI is built. */
async function bundle(name, entry, outdir) {
  await rm(new URL(`../${outdir}`, import.meta.url), { recursive: true, force: true });
  await build({
    entryPoints: { [name]: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    chunkNames: "chunks/[name]-[hash]",
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "warning",
  });
}

await bundle("cli", "src/cli.ts", "dist");
await chmod(new URL("../dist/cli.js", import.meta.url), 0o755);
if (process.argv.includes("--bench")) await bundle("idle-start", "bench/idle-start.ts", "bench/dist");
const uiBytes = await buildUi();
console.log(`dashboard UI: dist/ui, ${(uiBytes / 1024).toFixed(1)} KB gzipped`);
