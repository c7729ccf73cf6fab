#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { adminPaths, maxSocketPathLength } from "./chunk-5XM3NNSM.js";
import { __toESM } from "./chunk-GZ7VATWC.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
var import_node_http = __toESM(require_node_http(), 1);
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, rm } from "node:fs/promises";
var maxBodyBytes = 64 * 1024;
async function startAdminServer(options) {
  const paths = adminPaths(options.home),
    { log } = options;
  if (paths.socket.length > maxSocketPathLength) {
    log.warn(
      { socket: paths.socket },
      "admin endpoint off: the path of its socket is too long; operator commands will use the files",
    );
    return;
  }
  const token = randomBytes(32).toString("hex");
  await writeFileAtomic(
    paths.token,
    `${token}
`,
  ),
    await rm(paths.socket, { force: !0 });
  const server = (0, import_node_http.createServer)((request, response) => {
    answer(request, options.routes, token).then(({ code, body }) => {
      const text = JSON.stringify(body);
      response.writeHead(code, { "content-type": "application/json; charset=utf-8" }), response.end(text);
    });
  });
  (server.requestTimeout = 1e4), (server.headersTimeout = 5e3);
  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject),
        server.listen(paths.socket, () => {
          server.off("error", reject), resolve();
        });
    }),
      await chmod(paths.socket, 384);
  } catch (error) {
    log.warn(
      { socket: paths.socket, reason: error.message },
      "admin endpoint off: its socket cannot be bound; operator commands will use the files",
    ),
      server.close(),
      await rm(paths.token, { force: !0 });
    return;
  }
  return (
    server.on("error", (error) => log.warn({ reason: error.message }, "admin endpoint error")),
    {
      socket: paths.socket,
      close: async () => {
        await new Promise((resolve) => {
          server.close(() => resolve()), server.closeAllConnections();
        }),
          await Promise.all([rm(paths.token, { force: !0 }), rm(paths.socket, { force: !0 })]);
      },
    }
  );
}
async function answer(request, routes, token) {
  const given = Buffer.from((request.headers.authorization ?? "").replace(/^Bearer /, "")),
    expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { code: 401, body: { error: "a valid admin token is required" } };
  const route = `${request.method} ${new URL(request.url ?? "/", "http://admin").pathname}`,
    handler = routes[route];
  if (!handler) return { code: 404, body: { error: `no such admin route: ${route}` } };
  try {
    return { code: 200, body: await handler(await readJson(request)) };
  } catch (error) {
    return { code: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}
async function readJson(request) {
  let text = "";
  for await (const chunk of request)
    if (((text += chunk), text.length > maxBodyBytes)) throw new Error("request body too large");
  if (text.trim() === "") return {};
  const body = JSON.parse(text);
  if (typeof body != "object" || body === null || Array.isArray(body)) throw new Error("the body must be an object");
  return body;
}
export { startAdminServer };
//# sourceMappingURL=admin-server-VAKNLMXM.js.map
