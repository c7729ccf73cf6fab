import type { Tool } from "./tool.js";

/** The part of the registry that tool providers (built-ins, MCP) need: adding and removing tools. */
export interface ToolSink {
  /** Adds a tool; a tool of the same name is replaced (and the registry logs it). */
  register(tool: Tool<never> | Tool): void;
  /** Removes a tool; returns whether it was there. */
  unregister(name: string): boolean;
}
