#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function replyLimitKey(channel, senderId) {
  return `${channel}\0${senderId}`;
}
var MAX_REMEMBERED_STRANGERS = 1e4,
  LocalReplyLimit = class {
    #lastReplyAt = new Map();
    #now;
    constructor(now = Date.now) {
      this.#now = now;
    }
    async claim(sender, intervalMs) {
      const last = this.#lastReplyAt.get(sender);
      return last !== void 0 && this.#now() - last < intervalMs
        ? !1
        : (this.#lastReplyAt.delete(sender),
          this.#lastReplyAt.set(sender, this.#now()),
          this.#lastReplyAt.size > MAX_REMEMBERED_STRANGERS &&
            this.#lastReplyAt.delete(this.#lastReplyAt.keys().next().value),
          !0);
    }
    async forget(sender) {
      this.#lastReplyAt.delete(sender);
    }
  };
export { LocalReplyLimit, replyLimitKey };
//# sourceMappingURL=chunk-YOR6E77O.js.map
