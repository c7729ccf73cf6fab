import type { Logger } from "pino";
import type { InboundMessage } from "../bus/messages.js";
import type { WorkingIndicator } from "../channel-kit/channel.js";
import type { ReplyStream, ReplyTarget } from "../channel-kit/reply-stream.js";
import type { SkeinConfig } from "../config/schema.js";
import { type ChatMessage, type LlmProvider, ProviderError } from "../providers/provider.js";
import type { ToolRegistry } from "../tools/registry.js";
import { apologyFor, TurnTimeout } from "./apology.js";
import { type ChatReplies, errorText, replyTargetOf } from "./chat-replies.js";
import { type ContextBuilder, capMessageText, historyWindow } from "./context.js";
import type { SessionStore } from "./sessions.js";
import { StreamedTurn } from "./streamed-turn.js";
import { buildToolContext, chatAddress, type ToolContextOptions } from "./tool-context.js";
import { runToolLoop, type TokenUsage } from "./tool-loop.js";

/** How one inbound message was handled (for the CLI and tests). */
export interface TurnOutcome {
  message: InboundMessage;
  sessionKey: string;
  status: "answered" | "failed" | "command" | "gated";
  /** The reply text sent (or suppressed because a tool already delivered to the chat). */
  reply?: string;
  /** Why the turn failed. */
  error?: string;
  /** Tool calls and tokens of an answered turn. */
  toolCalls?: number;
  usage?: TokenUsage;
}

export { ShuttingDown, TurnTimeout } from "./apology.js";

export interface TurnRunnerOptions {
  provider: LlmProvider;
  registry: ToolRegistry;
  sessions: Pick<SessionStore, "load">;
  context: Pick<ContextBuilder, "systemPrompt">;
  /** `agents.defaults`. */
  agent: SkeinConfig["agents"]["defaults"];
  /** Where replies go and turns are recorded. */
  replies: ChatReplies;
  /** What the tools' ports use. */
  bus: ToolContextOptions["bus"];
  log: Logger;
  /** The channel's "working on it" indicator for a message, when it has one. */
  indicateWorking?: (message: InboundMessage) => WorkingIndicator | undefined;
  /** The conversation's model and the provider to ask (default: `agent.model` on `provider`). */
  modelFor?: (sessionKey: string, message: InboundMessage) => Promise<{ model: string; provider: LlmProvider }>;
  /** A reply that appears as it is written, when the chat's channel can stream and streaming is on. */
  openStream?: (target: ReplyTarget) => ReplyStream | undefined;
}

/** One turn about to run: the message, the session it belongs to and what the model is asked. */
interface TurnPlan {
  sessionKey: string;
  message: InboundMessage;
  /** The new user message, as stored in the session. */
  userMessage: ChatMessage;
  /** System prompt, history window and the user message. */
  messages: ChatMessage[];
  model: string;
  provider: LlmProvider;
}

/**
 * Runs one turn: the tool loop over the session's history, bounded by `turn_timeout` and
 * the shutdown signal. The turn is recorded in the session and its reply delivered; a
 * failed turn gets a short apology, recorded and delivered the same way. Never throws.
 */
export class TurnRunner {
  readonly #options: TurnRunnerOptions;
  /** Causes the operator was already told how to fix (once each, not once per message). */
  readonly #advised = new Set<string>();

  constructor(options: TurnRunnerOptions) {
    this.#options = options;
  }

  /** Answers `message` (its text already sanitised) in session `sessionKey`; `shutdown` cancels it. */
  async run(sessionKey: string, message: InboundMessage, text: string, shutdown: AbortSignal): Promise<TurnOutcome> {
    const { agent, log } = this.#options;
    const indicator = this.#startIndicator(message);
    const streamed = this.#openStream(message);
    // The typing indicator has done its job once text is visible.
    void streamed?.stream.shown.then(() => this.#endIndicator(indicator));
    const controller = new AbortController();
    const onShutdown = () => controller.abort(shutdown.reason);
    if (shutdown.aborted) onShutdown();
    else shutdown.addEventListener("abort", onShutdown, { once: true });
    const timer = setTimeout(() => controller.abort(new TurnTimeout()), agent.turn_timeout * 1000);
    const userMessage = userMessageOf(message, capMessageText(text, agent.max_message_chars));
    try {
      const plan = await this.#plan(sessionKey, message, userMessage);
      return await this.#answer(plan, controller.signal, streamed);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      log.warn(
        { session: sessionKey, error: errorText(reason), kind: (reason as { kind?: string }).kind },
        "turn failed",
      );
      return await this.#apologise(sessionKey, message, userMessage, reason, streamed);
    } finally {
      clearTimeout(timer);
      shutdown.removeEventListener("abort", onShutdown);
      this.#endIndicator(indicator);
    }
  }

  async #plan(sessionKey: string, message: InboundMessage, userMessage: ChatMessage): Promise<TurnPlan> {
    const { agent, sessions, context } = this.#options;
    const [history, system, choice] = await Promise.all([
      sessions.load(sessionKey),
      context.systemPrompt(message),
      this.#options.modelFor?.(sessionKey, message),
    ]);
    const messages = [
      { role: "system", content: system } as const,
      ...historyWindow(history, agent.memory_window, agent.max_history_chars),
      userMessage,
    ];
    const { model, provider } = choice ?? { model: agent.model, provider: this.#options.provider };
    return { sessionKey, message, userMessage, messages, model, provider };
  }

  /** Runs the tool loop, records the turn and delivers the reply (unless a tool already sent to this chat). */
  async #answer(plan: TurnPlan, signal: AbortSignal, streamed: StreamedTurn | undefined): Promise<TurnOutcome> {
    const { agent, replies, log } = this.#options;
    const { sessionKey, message } = plan;
    const deliveredTo = new Set<string>();
    const result = await runToolLoop(
      {
        provider: plan.provider,
        registry: this.#options.registry,
        model: plan.model,
        maxIterations: agent.max_tool_iterations,
        maxTokens: agent.max_tokens,
        temperature: agent.temperature,
        log,
      },
      {
        messages: plan.messages,
        toolContext: buildToolContext({ sessionKey, message, signal, log, bus: this.#options.bus, deliveredTo }),
        signal,
        showToUser: (forUser) => replies.send(message, forUser).then(() => undefined),
        ...streamed?.hooks(),
      },
    );
    replies.record(sessionKey, [plan.userMessage, ...result.added]);
    const reply = result.text.trim() ? result.text : "(The model sent an empty answer.)";
    const suppressed = deliveredTo.has(chatAddress(message.channel, message.chatId));
    if (streamed && (!suppressed || streamed.fed))
      await replies.finishStream(streamed.stream, message, reply, sessionKey);
    else if (streamed) await streamed.stream.fail("");
    else if (!suppressed) await replies.send(message, reply, sessionKey);
    return { message, sessionKey, status: "answered", reply, toolCalls: result.toolCalls, usage: result.usage };
  }

  async #apologise(
    sessionKey: string,
    message: InboundMessage,
    userMessage: ChatMessage,
    reason: unknown,
    streamed: StreamedTurn | undefined,
  ): Promise<TurnOutcome> {
    const { replies, agent, log } = this.#options;
    const { text: reply, advice } = apologyFor(reason, agent.turn_timeout);
    if (advice && !this.#advised.has(advice.cause)) {
      this.#advised.add(advice.cause);
      log.error({ setting: advice.setting, error: errorText(reason) }, `the bot is misconfigured: ${advice.message}`);
    }
    replies.record(sessionKey, [storedAfterFailure(userMessage, reason), { role: "assistant", content: reply }]);
    // A preview already showing keeps its text and gets the apology below it: never a second copy.
    const noted = (await streamed?.stream.fail(reply)) ?? false;
    if (!noted) await replies.send(message, reply, sessionKey);
    return { message, sessionKey, status: "failed", reply, error: errorText(reason) };
  }

  #openStream(message: InboundMessage): StreamedTurn | undefined {
    try {
      const stream = this.#options.openStream?.(replyTargetOf(message));
      return stream && new StreamedTurn(stream);
    } catch (error) {
      this.#options.log.debug({ err: error, channel: message.channel }, "could not open a streamed reply");
      return undefined;
    }
  }

  #startIndicator(message: InboundMessage): WorkingIndicator | undefined {
    try {
      return this.#options.indicateWorking?.(message);
    } catch (error) {
      this.#options.log.debug({ err: error, channel: message.channel }, "the working indicator failed");
      return undefined;
    }
  }

  #endIndicator(indicator: WorkingIndicator | undefined): void {
    try {
      indicator?.end();
    } catch (error) {
      this.#options.log.debug({ err: error }, "ending the working indicator failed");
    }
  }
}

/**
 * The user message for the model. In a group, the sender goes into the Chat Completions
 * `name` field (so the model can tell group members apart) and the text stays as written.
 */
export function userMessageOf(message: InboundMessage, text: string): ChatMessage {
  if (message.internal) return { role: "user", content: `[system note, not written by the user] ${text}` };
  if (message.isDirect) return { role: "user", content: text };
  const name = participantName(message.senderName ?? message.senderId);
  return name ? { role: "user", content: text, name } : { role: "user", content: text };
}

/** A sender name in the form the API accepts for `name`: `^[a-zA-Z0-9_-]{1,64}$`. */
function participantName(sender: string): string {
  return sender
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
}

/**
 * The user message as a failed turn stores it. A message the model refused outright (a 400:
 * too long for its context, or content it cannot take) would fail again in every later
 * request of the chat, so a short stand-in is stored instead of it.
 */
function storedAfterFailure(userMessage: ChatMessage, reason: unknown): ChatMessage {
  if (!(reason instanceof ProviderError) || reason.kind !== "bad-request" || userMessage.role !== "user")
    return userMessage;
  const length = userMessage.content.length;
  return { ...userMessage, content: `[a message of ${length} characters that the model refused; it is not kept]` };
}
