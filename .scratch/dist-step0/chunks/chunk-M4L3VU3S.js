#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function resolveModel(name, providers) {
  const slash = name.indexOf("/"),
    prefix = name.slice(0, slash);
  return slash > 0 && providers.includes(prefix)
    ? { provider: prefix, model: name.slice(slash + 1) }
    : { provider: providers[0] ?? "openai", model: name };
}
export { resolveModel };
//# sourceMappingURL=chunk-M4L3VU3S.js.map
