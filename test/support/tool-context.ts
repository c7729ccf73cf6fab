import { Writable } from "node:stream";
import { type Logger, pino } from "pino";
import type { Tool, ToolContext } from "../../src/tools/tool.js";

/** A logger at debug level whose lines are kept in `lines` (parsed JSON). */
export function recordingLogger(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

/** A tool context for calling the registry directly. */
export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    channel: "test",
    chatId: "chat-1",
    senderId: "user-1",
    sessionKey: "test:chat-1",
    signal: new AbortController().signal,
    log: pino({ level: "silent" }),
    outbound: { send: async () => undefined, channels: () => [] },
    reportBack: () => undefined,
    ...overrides,
  };
}

/** A tool built from the parts a test cares about. */
export function fakeTool(name: string, execute: Tool["execute"], extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: "object", properties: {}, additionalProperties: true },
    safety: "side-effecting",
    execute,
    ...extra,
  };
}
