#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { isIP } from "node:net";
function hostCheck(publicNames = []) {
  const names = new Set(publicNames.map(normalName));
  return (host) => {
    const name = hostnameOf(host);
    return name === void 0 ? !1 : name === "localhost" || isIP(name) !== 0 || names.has(name);
  };
}
function withHostCheck(check, listener) {
  return (request, response) => {
    if (check(request.headers.host)) return listener(request, response);
    const body = JSON.stringify({ error: "this host name is not served here; add it to gateway.hosts" });
    request.complete || response.setHeader("connection", "close"),
      response.writeHead(421, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
      }),
      response.end(request.method === "HEAD" ? void 0 : body);
  };
}
function hostnameOf(host) {
  if (!host) return;
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed) return isIP(bracketed[1]) === 6 ? bracketed[1].toLowerCase() : void 0;
  const plain = /^([^:\s[\]/@]+)(?::\d{1,5})?$/.exec(host);
  return plain ? normalName(plain[1]) : void 0;
}
function normalName(name) {
  return name.trim().toLowerCase().replace(/\.$/, "");
}
export { hostCheck, withHostCheck };
//# sourceMappingURL=chunk-QB3FFHRC.js.map
