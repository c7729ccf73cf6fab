import type { InboundMessage } from "../../bus/messages.js";
import type { ChatMessage, LlmProvider, UserContentPart } from "../../providers/provider.js";
import type { ToolContext } from "../../tools/tool.js";
import type { InvokedSkill } from "../commands/skill-commands.js";
import type { CompactionRequest, Compactor } from "../compaction/compactor.js";
import type { HistoryView } from "../sessions/stored-history.js";
import { buildToolContext } from "./tool-context.js";
import type { TurnRunnerOptions } from "./turn-contract.js";
import { withImages } from "./user-message.js";

/** One turn about to run: the message, the session it belongs to and what the model is asked. */
export interface TurnPlan {
  sessionKey: string;
  message: InboundMessage;
  /** The new user message, as stored in the session. */
  userMessage: ChatMessage;
  /** The system prompt, then (after `history`) the user message and a called skill's messages. */
  messages: ChatMessage[];
  /** The history since the summary (or the fallback window), kept encoded: it goes after the system prompt. */
  history: HistoryView;
  model: string;
  provider: LlmProvider;
  /** The skill a person called (`/<skill>`): loaded before the model is first asked. */
  skill?: InvokedSkill;
  toolContext: ToolContext;
  /** The chats a tool of this turn already sent to. */
  deliveredTo: Set<string>;
}

/** What a turn needs of the runner's options to know what the model is asked. */
export type PlanOptions = Pick<
  TurnRunnerOptions,
  "agent" | "sessions" | "context" | "registry" | "log" | "bus" | "modelFor" | "provider" | "delegation"
>;

/** What the conversation holds and who answers it: the stored context, the system prompt, the model and its provider. */
async function conversationOf(options: PlanOptions, sessionKey: string, message: InboundMessage) {
  const [stored, system, choice] = await Promise.all([
    options.sessions.context(sessionKey),
    options.context.systemPrompt(message),
    options.modelFor?.(sessionKey, message),
  ]);
  const { model, provider } = choice ?? { model: options.agent.model, provider: options.provider };
  return { stored, system, model, provider };
}

/**
 * What the conversation's next turn would send, without a new message: for `/compact` and
 * `/usage`. The memory flush of a `/compact` runs in the context of `message`.
 */
export async function conversationRequest(
  options: PlanOptions,
  sessionKey: string,
  message: InboundMessage,
  signal: AbortSignal,
): Promise<CompactionRequest> {
  const { stored, system, model, provider } = await conversationOf(options, sessionKey, message);
  const { registry, log, bus } = options;
  const toolContext = buildToolContext({ sessionKey, message, signal, log, bus, deliveredTo: new Set() });
  return { sessionKey, system, tools: registry.schemas(), context: stored, model, provider, signal, toolContext };
}

/** The turn's new message and what goes with it. */
export interface TurnRequest {
  sessionKey: string;
  message: InboundMessage;
  userMessage: ChatMessage;
  images: UserContentPart[];
  signal: AbortSignal;
  skill?: InvokedSkill | undefined;
}

/** The request of the turn: the system prompt, the history (compacted first when it grew too long), the new message. */
export async function planTurn(options: PlanOptions, compactor: Compactor, request: TurnRequest): Promise<TurnPlan> {
  const { sessionKey, message, userMessage, images, signal, skill } = request;
  const { stored, system, model, provider } = await conversationOf(options, sessionKey, message);
  const { registry, log, bus } = options;
  const deliveredTo = new Set<string>();
  const toolContext = buildToolContext({
    sessionKey,
    message,
    signal,
    log,
    bus,
    deliveredTo,
    turn: { skills: new Set(skill ? [skill.name] : []), commandEnv: { ...skill?.env } },
    delegation: options.delegation?.(message, sessionKey),
  });
  const tools = registry.schemas();
  const { history } = await compactor.prepare({
    sessionKey,
    system,
    tools,
    context: stored,
    incoming: userMessage,
    model,
    provider,
    signal,
    toolContext,
  });
  const messages = [
    { role: "system", content: system } as const,
    withImages(userMessage, images),
    ...(skill?.messages ?? []),
  ];
  const plan = { sessionKey, message, userMessage, messages, history, model, provider, toolContext, deliveredTo };
  return skill ? { ...plan, skill } : plan;
}
