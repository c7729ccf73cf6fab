// STUB (owned by the built-in tools work, issue 3).
import type { Logger } from "pino";
import type { MessageBus } from "../../bus/message-bus.js";
import type { SkeinConfig } from "../../config/schema.js";
import type { ToolSink } from "../tool-sink.js";

export interface BuiltinToolDeps {
  config: SkeinConfig;
  /** Absolute path of the workspace (the file tools' sandbox); it exists. */
  workspace: string;
  bus: MessageBus;
  log: Logger;
}

/** Registers every built-in tool: files, shell, spawn, web, memory and message. */
export function registerBuiltinTools(_registry: ToolSink, _deps: BuiltinToolDeps): void {}
