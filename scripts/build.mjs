// Bundles the CLI into dist/ with esbuild: one entry (dist/cli.js), node_modules kept external,
// and every dynamic import (channels, commands, MCP) split into its own chunk so that
// `skein --version` loads almost nothing.

import { chmod, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm(new URL("../dist", import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: "src/cli.ts" },
  outdir: "dist",
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
await chmod(new URL("../dist/cli.js", import.meta.url), 0o755);
