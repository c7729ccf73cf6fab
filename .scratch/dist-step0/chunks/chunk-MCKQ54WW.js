#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function apiError(status, error) {
  return { status, body: { error } };
}
function ok(body = { ok: !0 }) {
  return { status: 200, body };
}
function matchPath(pattern, path) {
  const wanted = pattern.split("/"),
    given = path.split("/");
  if (wanted.length !== given.length) return;
  const params = {};
  for (const [index, segment] of wanted.entries()) {
    const actual = given[index];
    if (segment.startsWith(":")) {
      if (actual === "") return;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return;
      }
    } else if (segment !== actual) return;
  }
  return params;
}
export { apiError, matchPath, ok };
//# sourceMappingURL=chunk-MCKQ54WW.js.map
