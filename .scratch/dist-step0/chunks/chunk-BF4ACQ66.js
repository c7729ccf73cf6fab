#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var forbiddenCharacters = /[\u0000-\u001F\u007F/\\]/,
  SessionIdError = class extends Error {
    name = "SessionIdError";
  };
function validateSessionKey(key) {
  if (key === "") throw new SessionIdError("session id is empty");
  if (Buffer.byteLength(key, "utf8") > 256) throw new SessionIdError("session id is longer than 256 bytes");
  if (key.includes("..")) throw new SessionIdError("session id contains '..'");
  const forbidden = forbiddenCharacters.exec(key);
  if (forbidden) {
    const what = forbidden[0] === "/" || forbidden[0] === "\\" ? `'${forbidden[0]}'` : "a control character";
    throw new SessionIdError(`session id contains ${what}`);
  }
}
function encodeSessionKey(key) {
  return validateSessionKey(key), encodeURIComponent(key).replace(/\./g, "%2E").replace(/\*/g, "%2A");
}
function decodeSessionFileName(stem) {
  return decodeURIComponent(stem);
}
export { decodeSessionFileName, encodeSessionKey, SessionIdError, validateSessionKey };
//# sourceMappingURL=chunk-BF4ACQ66.js.map
