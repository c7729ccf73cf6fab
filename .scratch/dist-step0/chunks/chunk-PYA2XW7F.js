#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { adminPaths } from "./chunk-5XM3NNSM.js";
import { __toESM } from "./chunk-GZ7VATWC.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
var import_node_http = __toESM(require_node_http(), 1);
import { readFile } from "node:fs/promises";
async function askDaemon(home, route, options = {}) {
  let paths = adminPaths(home),
    token;
  try {
    token = (await readFile(paths.token, "utf8")).trim();
  } catch (error) {
    const code = error.code;
    return code === "ENOENT"
      ? { type: "not-running" }
      : {
          type: "failed",
          reason: `cannot read ${paths.token} (${code}): run this as the user the daemon runs as, or as root (e.g. \`sudo -u skein \u2026\`)`,
        };
  }
  const [method, path] = route.split(" "),
    payload = options.body ? JSON.stringify(options.body) : void 0;
  return new Promise((resolve) => {
    const outgoing = (0, import_node_http.request)(
      {
        socketPath: paths.socket,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 1e4),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8"),
          response.on("data", (chunk) => (text += chunk)),
          response.on("end", () => {
            try {
              const body = JSON.parse(text);
              response.statusCode === 200
                ? resolve({ type: "answer", body })
                : resolve({ type: "failed", reason: body.error ?? `HTTP ${response.statusCode}` });
            } catch {
              resolve({ type: "failed", reason: `the admin endpoint answered HTTP ${response.statusCode}: ${text}` });
            }
          }),
          response.on("error", (error) => resolve({ type: "failed", reason: error.message }));
      },
    );
    outgoing.on("error", (error) => {
      error.code === "ENOENT" || error.code === "ECONNREFUSED"
        ? resolve({ type: "not-running" })
        : error.code === "EACCES"
          ? resolve({
              type: "failed",
              reason: `cannot connect to ${paths.socket} (EACCES): run this as the user the daemon runs as, or as root`,
            })
          : resolve({ type: "failed", reason: `the admin endpoint did not answer: ${error.message}` });
    }),
      outgoing.end(payload);
  });
}
export { askDaemon };
//# sourceMappingURL=chunk-PYA2XW7F.js.map
