// Bundles the dashboard's browser UI (ui/, Preact + htm + uPlot) into dist/ui/: index.html and hashed assets
// under dist/ui/assets/ (no inline script or style, so the dashboard's strict CSP holds; nothing from a CDN).
// Prints the whole UI's gzipped size, which test/ui/ui-build.test.ts keeps under its budget.

import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Builds ui/ into `outdir`; resolves with the gzipped size in bytes of every file there and the files it read. */
export async function buildUi(outdir = "dist/ui") {
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { app: "ui/main.ts" },
    outdir,
    entryNames: "assets/[name]-[hash]",
    assetNames: "assets/[name]-[hash]",
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome115", "firefox115", "safari16"],
    minify: true,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const js = outputs.find((file) => file.endsWith(".js"));
  const css = outputs.find((file) => file.endsWith(".css"));
  if (!js || !css) throw new Error(`the UI build made no script or stylesheet: ${outputs.join(", ")}`);
  const page = (await readFile("ui/index.html", "utf8")).replace("__JS__", js).replace("__CSS__", css);
  await writeFile(join(outdir, "index.html"), page);
  return { bytes: await gzippedSize(outdir), inputs: Object.keys(result.metafile.inputs) };
}

/** The sum of every file's gzipped size under `folder`. */
export async function gzippedSize(folder) {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size) total += gzipSync(await readFile(path), { level: 9 }).length;
  }
  return total;
}
