#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var ChannelError = class extends Error {
  constructor(kind, channel, message, options = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.channel = channel;
    this.options = options;
  }
  kind;
  channel;
  options;
  name = "ChannelError";
  get retryable() {
    return this.options.retryable ?? (this.kind === "network" || this.kind === "rate-limit");
  }
};
export { ChannelError };
//# sourceMappingURL=chunk-FDN6ANKK.js.map
