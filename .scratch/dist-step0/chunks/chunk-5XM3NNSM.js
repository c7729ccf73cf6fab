#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { join } from "node:path";
function adminPaths(home) {
  return { socket: join(home, "admin.sock"), token: join(home, "admin.token") };
}
var maxSocketPathLength = 107;
export { adminPaths, maxSocketPathLength };
//# sourceMappingURL=chunk-5XM3NNSM.js.map
