import type { Logger } from "pino";
import type { ChatMessage, LlmProvider } from "../../providers/provider.js";
import type { ToolContext, ToolFailure, ToolSchema } from "../../tools/tool.js";
import { runToolLoop, type ToolCatalog } from "../turn/tool-loop.js";

/** What the silent turn before a compaction tells the model. */
export const FLUSH_PROMPT =
  "[system note, not written by the user: the older part of this conversation is about to be replaced by a summary. " +
  "If it holds durable facts worth keeping beyond this conversation (the user's preferences, decisions, names, " +
  "commitments), store them now with the memory tools; only new ones, not what memory already holds. " +
  "Nobody sees your answer: when done (or if there is nothing to store) answer exactly NOTHING_TO_REPORT.]";

/** Rounds of memory tool calls the silent turn may make. */
const FLUSH_ROUNDS = 3;

const onlyMemoryTools: ToolFailure = {
  type: "tool-error",
  kind: "PermissionDenied",
  message: "only the memory tools may be used now",
};

/** The registry with only its memory tools (`memory_*`): the only ones the silent turn may call. */
export function memoryToolsOf(registry: ToolCatalog): ToolCatalog {
  let schemas: ToolSchema[] | undefined;
  let from: ToolSchema[] | undefined;
  return {
    schemas() {
      const all = registry.schemas();
      if (from !== all) {
        from = all;
        schemas = all.filter((schema) => schema.function.name.startsWith("memory_"));
      }
      return schemas ?? [];
    },
    isReadOnly: (name) => registry.isReadOnly(name),
    execute: (name, args, ctx) =>
      name.startsWith("memory_") ? registry.execute(name, args, ctx) : Promise.resolve(onlyMemoryTools),
  };
}

/**
 * The silent turn before a compaction: the model sees the whole context and may store durable
 * facts with the memory tools (only those). Nothing of it is stored in the session or sent to the
 * chat; what it writes is logged at debug level.
 */
export async function flushMemory(options: {
  provider: LlmProvider;
  model: string;
  registry: ToolCatalog;
  messages: readonly ChatMessage[];
  toolContext: ToolContext;
  log: Logger;
  signal: AbortSignal;
}): Promise<number> {
  const tools = memoryToolsOf(options.registry);
  if (tools.schemas().length === 0) return 0;
  const result = await runToolLoop(
    {
      provider: options.provider,
      registry: tools,
      model: options.model,
      maxIterations: FLUSH_ROUNDS,
      log: options.log,
    },
    {
      messages: [...options.messages, { role: "user", content: FLUSH_PROMPT }],
      toolContext: { ...options.toolContext, signal: options.signal },
      signal: options.signal,
      onToolsRunning: (_names, calls) => {
        for (const call of calls)
          options.log.debug(
            { tool: call.function.name, arguments: call.function.arguments },
            "memory flush before compaction: the model stores a fact",
          );
      },
    },
  );
  return result.toolCalls;
}
