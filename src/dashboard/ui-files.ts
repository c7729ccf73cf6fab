import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { securityHeaders } from "./dashboard-http.js";

/**
 * The built browser UI, `dist/ui/` (`index.html` and hashed `assets/<file>`), served as it is.
 * Without a build (a checkout that never ran it), a tiny page says how to build it.
 */

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skein</title></head>
<body><h1>skein</h1><p>The dashboard's UI is not built: run <code>npm run build</code>.</p>
<p>Log in with the link <code>skein dashboard</code> prints on the host.</p></body></html>
`;

/** `dist/ui/` seen from this module: `dist/chunks/*.js` and `dist/cli.js` when built, `src/dashboard/` in tests. */
export function defaultUiDir(): string | undefined {
  const candidates = ["../ui/", "./ui/", "../../dist/ui/"].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(join(dir, "index.html")));
}

/** Serves `path` (`/`, `/index.html`, `/assets/<file>`, `/<file>`) from `dir`; resolves false when there is no such file. */
export async function serveUiFile(
  response: ServerResponse,
  dir: string | undefined,
  path: string,
  head: boolean,
): Promise<boolean> {
  const relative = path === "/" ? "index.html" : path.slice(1);
  // Only plain names, one level under assets/ at most: no traversal, no dot files.
  if (!/^(assets\/)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(relative)) return false;
  let body: Buffer;
  if (dir === undefined) {
    if (relative !== "index.html") return false;
    body = Buffer.from(placeholder);
  } else {
    try {
      body = await readFile(join(dir, relative));
    } catch {
      return false;
    }
  }
  const hashed = relative.startsWith("assets/");
  response.writeHead(200, {
    ...securityHeaders,
    "content-type": contentTypes[extname(relative)] ?? "application/octet-stream",
    "content-length": body.length,
    "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
  });
  response.end(head ? undefined : body);
  return true;
}
