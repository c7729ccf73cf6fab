import type { Logger } from "pino";
import type {
  ChatMessage,
  ChatResponse,
  EncodedMessages,
  LlmProvider,
  ThinkingLevel,
  ToolCall,
  UserContentPart,
} from "../../providers/provider.js";
import type { ToolRegistry } from "../../tools/registry.js";
import { failureForLlm, type ToolContext, type ToolOutcome } from "../../tools/tool.js";
import { truncateForLlm, truncateJsonText } from "../../tools/truncate.js";
import { wellFormed } from "../../util/well-formed.js";

/** What the tool loop needs of the registry (a narrower view, e.g. only the memory tools, works too). */
export type ToolCatalog = Pick<ToolRegistry, "schemas" | "execute" | "isReadOnly">;

export interface ToolLoopOptions {
  provider: LlmProvider;
  registry: ToolCatalog;
  model: string;
  /** Rounds of tool calls allowed per turn (clamped to >= 1). */
  maxIterations: number;
  maxTokens?: number;
  temperature?: number;
  /** `agents.defaults.thinking`: passed to the model calls (default `off`). */
  thinking?: ThinkingLevel;
  /** `agents.defaults.vision`: images tools return go to the model (default true); off, a note says they were left out. */
  vision?: boolean;
  log: Logger;
}

export interface ToolLoopTurn {
  /** The system prompt, then (after `history`) the new user message. */
  messages: ChatMessage[];
  /** The conversation so far, kept encoded: sent after the system prompt. */
  history?: EncodedMessages;
  /** The context every tool call of this turn runs in. */
  toolContext: ToolContext;
  signal: AbortSignal;
  /** Shows a tool's `forUser` text to the user at once. */
  showToUser?: (text: string) => Promise<void> | void;
  /** Gets the answer text as the model writes it (the model call then streams). */
  onTextDelta?: (text: string) => void;
  /** Told the names of the tools about to run (and the calls themselves), before each round of tool calls. */
  onToolsRunning?: (names: string[], calls: readonly ToolCall[]) => void;
}

export interface ToolLoopResult {
  /** The text to reply with. */
  text: string;
  /** Assistant and tool messages produced by the turn, to store in the session. */
  added: ChatMessage[];
  /** Model calls made. */
  iterations: number;
  limitReached: boolean;
  /** Tool calls the model made. */
  toolCalls: number;
  /** Tokens the model calls reported (zero when the server reports none). */
  usage: TokenUsage;
}

/** Tokens of the model calls of one turn. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * The tool loop: ask the model, run the tools it calls, give it their results, and
 * repeat until it answers in text or the iteration limit is reached. At the limit,
 * one last call without tools gets an answer, and the reply says the limit was hit.
 */
export async function runToolLoop(options: ToolLoopOptions, turn: ToolLoopTurn): Promise<ToolLoopResult> {
  const maxIterations = Math.max(1, Math.floor(options.maxIterations) || 1);
  const messages = [...turn.messages];
  const added: ChatMessage[] = [];
  const tools = options.registry.schemas();
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let toolCalls = 0;
  const ask = async (withTools: boolean): Promise<ChatResponse> => {
    const response = await options.provider.chat(
      {
        model: options.model,
        messages,
        ...(turn.history ? { history: turn.history } : {}),
        ...(withTools && tools.length ? { tools } : {}),
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.thinking && options.thinking !== "off" ? { thinking: options.thinking } : {}),
        ...(turn.onTextDelta ? { onTextDelta: turn.onTextDelta } : {}),
      },
      turn.signal,
    );
    usage.promptTokens += response.usage?.promptTokens ?? 0;
    usage.completionTokens += response.usage?.completionTokens ?? 0;
    return response;
  };
  const append = (message: ChatMessage) => {
    messages.push(message);
    added.push(message);
  };

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const response = await ask(true);
    if (response.toolCalls.length === 0) {
      const text = withLengthNote(response);
      append({ role: "assistant", content: text, ...response.carry });
      options.log.debug({ iterations: iteration }, "tool loop complete, returning text response");
      return { text, added, iterations: iteration, limitReached: false, toolCalls, usage };
    }
    const asked = { messageAt: messages.length, addedAt: added.length };
    // What the API carries across the loop (thinking blocks, reasoning items) goes with the message.
    append({ role: "assistant", content: response.content ?? null, tool_calls: response.toolCalls, ...response.carry });
    toolCalls += response.toolCalls.length;
    options.log.debug({ iteration, count: response.toolCalls.length }, "executing tool calls");
    turn.onToolsRunning?.([...new Set(response.toolCalls.map((call) => call.function.name))], response.toolCalls);
    const outcomes = await executeCalls(options.registry, response.toolCalls, turn.toolContext);
    const kept = keptCalls(response.toolCalls, outcomes);
    if (kept !== response.toolCalls) {
      const message: ChatMessage = {
        role: "assistant",
        content: response.content ?? null,
        tool_calls: kept,
        ...response.carry,
      };
      messages[asked.messageAt] = message;
      added[asked.addedAt] = message;
    }
    const images: UserContentPart[] = [];
    for (let index = 0; index < outcomes.length; index++) {
      const outcome = outcomes[index]!;
      const call = response.toolCalls[index]!;
      const carried = outcome.type === "tool-result" ? (outcome.images ?? []) : [];
      const left = carried.length && options.vision === false ? `\n${IMAGES_LEFT_OUT}` : "";
      append({ role: "tool", tool_call_id: call.id, content: contentFor(outcome) + left });
      if (!left)
        for (const image of carried)
          images.push({ type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
      if (outcome.type === "tool-result" && outcome.forUser && !outcome.silent && turn.showToUser) {
        await turn.showToUser(outcome.forUser);
      }
    }
    // Tool messages carry text only: the images follow as a user message of this turn's requests (not stored).
    if (images.length) messages.push({ role: "user", content: [{ type: "text", text: IMAGES_FOLLOW }, ...images] });
    turn.signal.throwIfAborted();
  }

  const final = await ask(false);
  const finalText = withLengthNote(final);
  const answer = finalText.trim() ? finalText : "";
  const rounds = maxIterations === 1 ? "1 round" : `${maxIterations} rounds`;
  const note = `(I stopped after ${rounds} of tool calls: that is the limit for one message.)`;
  const text = answer ? `${answer}\n\n${note}` : note;
  append({ role: "assistant", content: text, ...final.carry });
  options.log.debug({ iterations: maxIterations + 1 }, "tool loop complete, returning text response");
  return { text, added, iterations: maxIterations + 1, limitReached: true, toolCalls, usage };
}

/** What the user is told when the model stopped at its output limit (`finish_reason: "length"`). */
export const LENGTH_NOTE = "(My answer was cut off here: it reached the model's output limit.)";

/** The response's text, with {@link LENGTH_NOTE} after it when the model stopped at its output limit. */
function withLengthNote(response: ChatResponse): string {
  const text = response.content ?? "";
  if (response.finishReason !== "length") return text;
  return text.trim() ? `${text}\n\n${LENGTH_NOTE}` : LENGTH_NOTE;
}

/**
 * The tool message content for an outcome: the result or `{"error": ...}`, truncated to 64 KB,
 * lone surrogates made U+FFFD before it is stored (web pages, files, commands, MCP servers).
 */
export function contentFor(outcome: ToolOutcome): string {
  if (outcome.type === "tool-error") return wellFormed(truncateForLlm(failureForLlm(outcome)));
  return wellFormed(truncateForLlm(outcome.forLlm ?? "", outcome.maxBytes));
}

/** The text before the images tool calls returned, in the user message that carries them. */
export const IMAGES_FOLLOW = "The images the tool calls above returned:";

/** Said in a tool's result when its images are not sent (no vision). */
export const IMAGES_LEFT_OUT = "(The image this tool returned is not shown to you: agents.defaults.vision is off.)";

/** The most of a failed call's arguments the conversation keeps, in UTF-8 bytes. */
export const MAX_KEPT_FAILED_ARGUMENTS_BYTES = 4_096;

/**
 * The calls as the history keeps them: a failed call's arguments cut to their first 4 KB (wrapped as
 * {@link truncateJsonText} wraps a tool result). They did nothing, and at full size (a refused 1 MB
 * command) every later request of the conversation would carry them, encoded again each time, and
 * fill the model's context. The same array when nothing is cut.
 */
function keptCalls(calls: ToolCall[], outcomes: ToolOutcome[]): ToolCall[] {
  const cut = (call: ToolCall, index: number): ToolCall => {
    if (outcomes[index]?.type !== "tool-error") return call;
    const kept = truncateJsonText(call.function.arguments, MAX_KEPT_FAILED_ARGUMENTS_BYTES);
    return kept === call.function.arguments ? call : { ...call, function: { ...call.function, arguments: kept } };
  };
  const kept = calls.map(cut);
  return kept.every((call, index) => call === calls[index]) ? calls : kept;
}

/** Tool calls run from one model answer; the rest get an error result. */
export const MAX_CALLS_PER_ANSWER = 50;

/**
 * Runs one response's tool calls: consecutive read-only calls together, every other
 * call alone, in call order. Outcomes come back in call order.
 */
async function executeCalls(registry: ToolCatalog, allCalls: ToolCall[], ctx: ToolContext): Promise<ToolOutcome[]> {
  // One answer cannot start hundreds of commands: the calls past the cap are refused, each with a result.
  const calls = allCalls.slice(0, MAX_CALLS_PER_ANSWER);
  const outcomes: ToolOutcome[] = new Array(allCalls.length).fill({
    type: "tool-error",
    kind: "PermissionDenied",
    message: `not run: one answer may make at most ${MAX_CALLS_PER_ANSWER} tool calls; ask again for the rest`,
  } satisfies ToolOutcome);
  const run = (index: number) => {
    const call = calls[index]!;
    return registry.execute(call.function.name, call.function.arguments, ctx).then((outcome) => {
      outcomes[index] = outcome;
    });
  };
  let index = 0;
  while (index < calls.length) {
    if (!registry.isReadOnly(calls[index]!.function.name)) {
      await run(index++);
      continue;
    }
    const batch: Promise<void>[] = [];
    while (index < calls.length && registry.isReadOnly(calls[index]!.function.name)) batch.push(run(index++));
    await Promise.all(batch);
  }
  return outcomes;
}
