#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var wrapperPattern = /^\[[^\]\n]*\] ?/;
function describeMessages(messages, q) {
  let messageCount = 0,
    title,
    match;
  for (const message of messages) {
    if (!message.role || message.role === "system") continue;
    messageCount++;
    const words = typeof message.content == "string" ? message.content : "";
    if (
      (title === void 0 && message.role === "user" && words && (title = words.replace(wrapperPattern, "").slice(0, 80)),
      q && match === void 0)
    ) {
      const at = words.toLowerCase().indexOf(q);
      at >= 0 && (match = words.slice(Math.max(0, at - 40), at + q.length + 40));
    }
  }
  return { messageCount, ...(title && { title }), ...(match !== void 0 && { match }) };
}
export { describeMessages };
//# sourceMappingURL=chunk-6KSNBT4H.js.map
