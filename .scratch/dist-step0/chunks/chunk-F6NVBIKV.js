#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var ProviderError = class extends Error {
  constructor(kind, message, options = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.options = options;
  }
  kind;
  options;
  name = "ProviderError";
  get status() {
    return this.options.status;
  }
  get retryable() {
    return this.options.retryable ?? ["rate-limit", "server", "network", "timeout"].includes(this.kind);
  }
};
export { ProviderError };
//# sourceMappingURL=chunk-F6NVBIKV.js.map
