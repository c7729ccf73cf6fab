#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { RedisUsage, USAGE_RETENTION_DAYS } from "./chunk-N3K3JU5T.js";
import "./chunk-3FEPCLF6.js";
import "./chunk-ZHRPOCJR.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-GZ7VATWC.js";
export { RedisUsage, USAGE_RETENTION_DAYS };
//# sourceMappingURL=redis-usage-AMYLNLCK.js.map
