#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function toolResult(forLlm, extra = {}) {
  return { type: "tool-result", forLlm, ...extra };
}
function isToolResult(value) {
  return typeof value == "object" && value !== null && value.type === "tool-result";
}
var ToolError = class extends Error {
    constructor(kind, message, data, options) {
      super(message, options);
      this.kind = kind;
      this.data = data;
    }
    kind;
    data;
    name = "ToolError";
  },
  kindPrefix = {
    NotFound: "not found",
    InvalidArgs: "invalid arguments",
    ExecutionFailed: "execution failed",
    PermissionDenied: "permission denied",
    FileNotFound: "file not found",
    InvalidPath: "invalid path",
    Timeout: "timeout",
  };
function failureForLlm(failure) {
  return { error: `${kindPrefix[failure.kind]}: ${failure.message}`, ...failure.data };
}
export { failureForLlm, isToolResult, ToolError, toolResult };
//# sourceMappingURL=chunk-6FK2TDNU.js.map
