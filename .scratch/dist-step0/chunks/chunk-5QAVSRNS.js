#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var CommandRefused = class extends Error {
  name = "CommandRefused";
  kind = "refused";
};
export { CommandRefused };
//# sourceMappingURL=chunk-5QAVSRNS.js.map
