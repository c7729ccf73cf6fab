#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function chatKeyOf(chat) {
  return `${chat.channel}:${chat.chatId}`;
}
function sessionKeyOf(message) {
  const base = chatKeyOf(message);
  return message.threadId ? `${base}:${message.threadId}` : base;
}
export { chatKeyOf, sessionKeyOf };
//# sourceMappingURL=chunk-XSPF2MYQ.js.map
