// Bundles the CLI into dist/ with esbuild: one entry (dist/cli.js), node_modules kept external but for `bundled`,
// and every dynamic import (channels, commands, MCP) split into its own chunk so that
// `skein --version` loads almost nothing. With --bench it also bundles bench/idle-start.ts
// (`skein start` with an idle channel) the same way into bench/dist/. The dashboard's browser UI goes into
// dist/ui/ (scripts/build-ui.mjs). With --if-changed it builds only when a file it read last time changed
// (scripts/build-inputs.mjs).

import { readFileSync } from "node:fs";
import { chmod, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inputsUnchanged, recordInputs } from "./build-inputs.mjs";

if (process.argv.includes("--if-changed") && inputsUnchanged()) {
  console.log("dist/ is up to date");
  process.exit(0);
}
const { build } = await import("esbuild");
const { buildUi } = await import("./build-ui.mjs");

/**
 * Dependencies bundled (and so tree-shaken) instead of loaded from node_modules, because
 * loading them whole costs the idle daemon memory: zod's package entry evaluates every
 * locale and both JSON Schema converters' helpers, grammY requires node-fetch (whatwg-url,
 * tr46's 260 KB mapping table) although skein hands it its own HTTP client. commander is bundled
 * because every command loads it first: one file instead of seven resolved and read (`skein --version` ~14 ms faster).
 * openai and @anthropic-ai/sdk are bundled to give them stand-ins for the globals of Node's fetch (see
 * `sdkWithoutFetchGlobals`).
 * discord.js (with @discordjs/* and their undici) is bundled because it is ~300 CommonJS files each resolved,
 * read and compiled apart: one chunk makes a Discord daemon's start ~1/3 cheaper in CPU and ~15 MB smaller.
 * @slack/bolt likewise (with @slack/web-api, socket-mode and axios): ~10% less CPU to ready, ~10 MB smaller.
 * pino is bundled to leave out what loads worker threads and node:assert at start (see `pinoWithoutWorkers`).
 */
const bundled = ["zod", "grammy", "commander", "openai", "@anthropic-ai/sdk", "discord.js", "@slack/bolt", "pino"];
const { dependencies } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const external = Object.keys(dependencies).filter((name) => !bundled.includes(name));
/**
 * zod's namespace exports every locale; skein's messages are English, so only `en` is bundled. And
 * the bundled zod is jitless: by default it writes and compiles a parser (`new Function`) for each
 * object schema on its first parse, which pays only for schemas parsed many times; skein parses its
 * configuration once, and the generated code would stay in the daemon's heap.
 */
const leanZod = {
  name: "lean-zod",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ }, ({ path }) => {
      const source = readFileSync(path, "utf8");
      const defaults = "(_a.__zod_globalConfig = {})";
      if (!source.includes(defaults))
        throw new Error(`${path}: zod's global configuration changed; update leanZod in scripts/build.mjs`);
      return { contents: source.replace(defaults, "(_a.__zod_globalConfig = { jitless: true })"), loader: "js" };
    });
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      importer.includes("/node_modules/zod/")
        ? { path: join(dirname(importer), "../locales/en.js"), namespace: "zod-en" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-en" }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: dirname(path),
    }));
  },
};
/**
 * Node >= 22 gives `node:http` lazy `WebSocket`, `CloseEvent` and `MessageEvent` exports. Importing
 * it as an ES module builds a facade that reads every export, and so loads Node's bundled undici
 * (~14 MB resident on Node 24) into a daemon that never uses fetch. Bundled code requires it instead.
 * (`node:util` is worse: on Node 24 even listing its exports loads its lazy ones, worker threads
 * among them, so the code takes what it needs from `process.getBuiltinModule("node:util")`.)
 */
const httpWithoutEsmFacade = {
  name: "http-without-esm-facade",
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, ({ kind }) =>
      kind === "import-statement" || kind === "dynamic-import"
        ? { path: "node:http", namespace: "http-cjs" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "http-cjs" }, () => ({
      contents: 'module.exports = require("node:http");',
    }));
  },
};
/**
 * The openai and Anthropic SDKs use the globals `Headers`, `FormData` and `ReadableStream` on every
 * request: the first model call would load Node's fetch (undici) and web streams although skein
 * hands the SDK its own HTTP client. Their files that use them get scripts/shims/openai-globals.mjs's.
 */
const openaiGlobals = fileURLToPath(new URL("shims/openai-globals.mjs", import.meta.url));
const sdkWithoutFetchGlobals = {
  name: "sdk-without-fetch-globals",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/](openai|@anthropic-ai[\\/]sdk)[\\/].*\.mjs$/ }, ({ path }) => {
      let source = readFileSync(path, "utf8");
      const used = ["Headers", "FormData"].filter((name) =>
        new RegExp(`\\b(new|instanceof)\\s+${name}\\b`).test(source),
      );
      // Only the client's tests of a request body: the SDK's shims make real streams from the global.
      if (/[\\/](openai|sdk)[\\/]client\.mjs$/.test(path)) {
        source = source.replaceAll("globalThis.ReadableStream", "ReadableStream");
        used.push("ReadableStream");
      }
      if (!used.length) return undefined;
      return {
        contents: `import { ${used.join(", ")} } from ${JSON.stringify(openaiGlobals)};\n${source}`,
        loader: "js",
        resolveDir: dirname(path),
      };
    });
  },
};
/**
 * pino requires its transports (thread-stream, which loads worker threads) and `worker_threads` for
 * `isMainThread` when it loads, and sonic-boom requires node:assert (with its diff and colour
 * modules): ~2 MB resident on Node 24 in a daemon that logs synchronously to a file descriptor.
 * The bundled pino gets a transport that refuses (skein uses none), reads `isMainThread` only
 * for an asynchronous destination (skein's are synchronous), and sonic-boom an assert that loads
 * node:assert only to report a failure.
 */
const pinoTransport = fileURLToPath(new URL("shims/pino-transport.cjs", import.meta.url));
const lazyAssert = fileURLToPath(new URL("shims/assert.cjs", import.meta.url));
const pinoWithoutWorkers = {
  name: "pino-without-workers",
  setup(build) {
    build.onResolve({ filter: /^\.\/(lib\/)?transport$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]pino[\\/]/.test(importer) ? { path: pinoTransport } : undefined,
    );
    build.onResolve({ filter: /^(node:)?assert$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]sonic-boom[\\/]/.test(importer) ? { path: lazyAssert } : undefined,
    );
    build.onLoad({ filter: /[\\/]node_modules[\\/]pino[\\/]lib[\\/]tools\.js$/ }, ({ path }) => {
      const source = readFileSync(path, "utf8");
      const eager = "const { isMainThread } = require('worker_threads')";
      if (!source.includes(eager) || !source.includes("!opts.sync && isMainThread"))
        throw new Error(
          `${path}: pino's use of worker_threads changed; update pinoWithoutWorkers in scripts/build.mjs`,
        );
      return {
        contents: source
          .replace(eager, "")
          .replace("!opts.sync && isMainThread", "!opts.sync && require('worker_threads').isMainThread"),
        loader: "js",
      };
    });
  },
};
const shims = {
  "node-fetch": fileURLToPath(new URL("shims/node-fetch.cjs", import.meta.url)),
  "abort-controller": fileURLToPath(new URL("shims/abort-controller.cjs", import.meta.url)),
};

/** Bundles `entry` as `<outdir>/<name>.js` with its chunks, the way the published CLI is built; resolves with the files it read. */
async function bundle(name, entry, outdir) {
  await rm(new URL(`../${outdir}`, import.meta.url), { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: { [name]: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: [...external, "@grammyjs/types"],
    alias: shims,
    plugins: [leanZod, httpWithoutEsmFacade, sdkWithoutFetchGlobals, pinoWithoutWorkers],
    sourcemap: true,
    minifyWhitespace: true,
    minifySyntax: true,
    chunkNames: "chunks/[name]-[hash]",
    // The bundled CommonJS packages (grammY) require Node's built-in modules.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __skeinCreateRequire } from "node:module";\nconst require = __skeinCreateRequire(import.meta.url);',
    },
    metafile: true,
    logLevel: "warning",
  });
  return Object.keys(metafile.inputs);
}

const cliInputs = await bundle("cli", "src/cli-entry.ts", "dist");
await chmod(new URL("../dist/cli.js", import.meta.url), 0o755);
if (process.argv.includes("--bench")) await bundle("idle-start", "bench/idle-start.ts", "bench/dist");
const ui = await buildUi();
await recordInputs([...cliInputs, ...ui.inputs]);
console.log(`dashboard UI: dist/ui, ${(ui.bytes / 1024).toFixed(1)} KB gzipped`);
