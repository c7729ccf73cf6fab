#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var BusError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
  kind;
  name = "BusError";
};
export { BusError };
//# sourceMappingURL=chunk-G76UX4CE.js.map
