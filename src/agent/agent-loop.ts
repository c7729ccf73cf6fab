import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { MessageBus } from "../bus/message-bus.js";
import { type InboundMessage, type OutboundMessage, sessionKeyOf } from "../bus/messages.js";
import type { WorkingIndicator } from "../channel-kit/channel.js";
import type { SkeinConfig } from "../config/schema.js";
import type { Admission, InboundGate } from "../gates/gate.js";
import { type ChatMessage, type LlmProvider, ProviderError } from "../providers/provider.js";
import type { ToolRegistry } from "../tools/registry.js";
import { isToolResult, type ToolContext } from "../tools/tool.js";
import { truncateForLlm } from "../tools/truncate.js";
import { settleWithin } from "../util/settle-within.js";
import { HELP_TEXT, NEW_SESSION_TEXT, parseChatCommand } from "./chat-commands.js";
import { type ContextBuilder, historyWindow } from "./context.js";
import { sanitizeText } from "./sanitize.js";
import { validateSessionKey } from "./session-id.js";
import { SessionScheduler } from "./session-scheduler.js";
import type { SessionStore } from "./sessions.js";
import { runToolLoop } from "./tool-loop.js";

export interface AgentLoopOptions {
  bus: MessageBus;
  provider: LlmProvider;
  registry: ToolRegistry;
  sessions: SessionStore;
  context: ContextBuilder;
  /** Checks every platform message passes, in order (dedup, then access). */
  gates?: InboundGate[];
  /** `agents.defaults`. */
  agent: SkeinConfig["agents"]["defaults"];
  log: Logger;
  /** The channel's "working on it" indicator for a message, when it has one. */
  indicateWorking?: (message: InboundMessage) => WorkingIndicator | undefined;
}

/** How one inbound message was handled (for the CLI and tests). */
export interface TurnOutcome {
  message: InboundMessage;
  sessionKey: string;
  status: "answered" | "failed" | "command" | "gated";
  /** The reply text sent (or suppressed because a tool already delivered to the chat). */
  reply?: string;
  /** Why the turn failed. */
  error?: string;
}

class TurnTimeout extends Error {}
class ShuttingDown extends Error {}

/**
 * Consumes inbound messages and answers them: gates, chat commands, then one turn of
 * the tool loop per message, strictly in order per session and concurrently across
 * sessions up to `max_concurrent_turns`.
 */
export class AgentLoop {
  readonly #options: AgentLoopOptions;
  readonly #log: Logger;
  readonly #scheduler: SessionScheduler<InboundMessage>;
  readonly #root = new AbortController();
  readonly #knownSessions = new Set<string>();
  readonly #outcomeListeners = new Set<(outcome: TurnOutcome) => void>();
  #unsubscribe: (() => void) | undefined;
  /** Restart notices being sent to messages that arrived while stopping. */
  readonly #lateReplies = new Set<Promise<void>>();
  #turnsServed = 0;
  #ready: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | undefined;

  constructor(options: AgentLoopOptions) {
    this.#options = options;
    this.#log = options.log;
    this.#scheduler = new SessionScheduler(options.agent.max_concurrent_turns, (key, message) =>
      this.#handle(key, message),
    );
  }

  /**
   * Starts consuming inbound messages from the bus. Messages that arrive before `ready`
   * settles (e.g. while MCP servers connect) are queued and handled after it.
   */
  start(ready?: Promise<unknown>): void {
    if (ready)
      this.#ready = ready.then(
        () => undefined,
        () => undefined,
      );
    this.#unsubscribe ??= this.#options.bus.onInbound((message) => this.accept(message));
  }

  /**
   * Queues a message for its session (what the bus subscription does). While stopping,
   * a new message runs no turn but still passes the gates and gets a restart notice:
   * the platform already counts it as delivered, so silence would lose it.
   */
  accept(message: InboundMessage): void {
    if (this.#root.signal.aborted) return;
    if (this.#stopping) {
      const reply: Promise<void> = this.#answerLate(message).finally(() => this.#lateReplies.delete(reply));
      this.#lateReplies.add(reply);
      return;
    }
    this.#scheduler.enqueue(sessionKeyOf(message), message);
  }

  /** Stops taking new messages from the bus; queued and running turns go on. */
  stopAccepting(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /**
   * Stops taking messages, lets queued and running turns finish for up to `graceMs`,
   * then cancels the rest (their users are told) and waits for them to wind down; the
   * sessions are flushed to disk. Idempotent.
   */
  stop(graceMs = 10_000): Promise<void> {
    this.#stopping ??= this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    if (!(await settleWithin(this.#scheduler.idle(), graceMs))) {
      this.#log.warn(
        { active: this.#scheduler.activeSessions },
        "turns still running after the grace period; cancelling them",
      );
      this.#root.abort(new ShuttingDown("shutting down"));
      // Cancelled turns end quickly; a channel whose delivery hangs must not hold shutdown forever.
      if (!(await settleWithin(this.#scheduler.idle(), graceMs)))
        this.#log.error("turns did not end after cancellation; giving up on them");
    }
    this.stopAccepting();
    await settleWithin(Promise.all(this.#lateReplies), graceMs);
    await this.#options.sessions.flush();
  }

  /** Resolves once no turn is running or queued. */
  idle(): Promise<void> {
    return this.#scheduler.idle();
  }

  /** Calls `listener` after each inbound message has been handled. Returns the unsubscribe function. */
  onOutcome(listener: (outcome: TurnOutcome) => void): () => void {
    this.#outcomeListeners.add(listener);
    return () => this.#outcomeListeners.delete(listener);
  }

  /** Counters for the daemon status: sessions seen since start, sessions busy now, turns run. */
  get stats(): { sessions: number; activeSessions: number; turnsServed: number } {
    return {
      sessions: this.#knownSessions.size,
      activeSessions: this.#scheduler.activeSessions,
      turnsServed: this.#turnsServed,
    };
  }

  async #handle(key: string, inbound: InboundMessage): Promise<void> {
    let outcome: TurnOutcome;
    try {
      await this.#ready;
      outcome = await this.#handleMessage(key, inbound);
    } catch (error) {
      this.#log.error({ err: error, session: key }, "handling a message failed");
      outcome = { message: inbound, sessionKey: key, status: "failed", error: errorText(error) };
    }
    for (const listener of this.#outcomeListeners) listener(outcome);
  }

  async #handleMessage(key: string, inbound: InboundMessage): Promise<TurnOutcome> {
    const admission = await this.#admit(inbound);
    if (admission.type !== "admit")
      return {
        message: inbound,
        sessionKey: key,
        status: "gated",
        ...(admission.type === "reply" ? { reply: admission.text } : {}),
      };
    const message = admission.message;
    try {
      validateSessionKey(key);
    } catch (error) {
      this.#log.warn({ session: key, error: errorText(error) }, "message refused: invalid session id");
      await this.#deliver(message, "Sorry — I can't keep a conversation for this chat (its id is not usable).");
      return { message, sessionKey: key, status: "failed", error: errorText(error) };
    }
    this.#knownSessions.add(key);
    const text = sanitizeText(message.text);
    const command = message.internal ? undefined : parseChatCommand(text);
    if (command === "new") {
      await this.#options.sessions.archive(key);
      await this.#deliver(message, NEW_SESSION_TEXT);
      return { message, sessionKey: key, status: "command", reply: NEW_SESSION_TEXT };
    }
    if (command === "help") {
      await this.#deliver(message, HELP_TEXT);
      return { message, sessionKey: key, status: "command", reply: HELP_TEXT };
    }
    return this.#turn(key, message, text);
  }

  /** Runs the gates (internal messages skip them); a gate's reply is delivered here. */
  async #admit(inbound: InboundMessage): Promise<Admission> {
    let message = inbound;
    if (message.internal) return { type: "admit", message };
    for (const gate of this.#options.gates ?? []) {
      const admission = await gate.admit(message);
      if (admission.type === "admit") {
        message = admission.message;
        continue;
      }
      if (admission.type === "reply") await this.#deliver(message, admission.text);
      else
        this.#log.debug(
          { gate: gate.name, reason: admission.reason, channel: message.channel, chatId: message.chatId },
          "message ignored",
        );
      return admission;
    }
    return { type: "admit", message };
  }

  async #answerLate(message: InboundMessage): Promise<void> {
    if (message.internal) {
      this.#log.warn(
        { channel: message.channel, chatId: message.chatId },
        "a background result arrived while shutting down and was not passed on",
      );
      return;
    }
    try {
      const admission = await this.#admit(message);
      if (admission.type === "admit") await this.#deliver(admission.message, RESTARTING_TEXT);
    } catch (error) {
      this.#log.warn(
        { err: error, channel: message.channel, chatId: message.chatId },
        "could not answer a message that arrived while shutting down",
      );
    }
  }

  async #turn(key: string, message: InboundMessage, text: string): Promise<TurnOutcome> {
    const { agent, sessions, context } = this.#options;
    const indicator = this.#startIndicator(message);
    const controller = new AbortController();
    const onRootAbort = () => controller.abort(this.#root.signal.reason);
    if (this.#root.signal.aborted) onRootAbort();
    else this.#root.signal.addEventListener("abort", onRootAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new TurnTimeout()), agent.turn_timeout * 1000);
    const userMessage = userMessageOf(message, text);
    const deliveredTo = new Set<string>();
    try {
      const [history, system] = await Promise.all([sessions.load(key), context.systemPrompt(message)]);
      const result = await runToolLoop(
        {
          provider: this.#options.provider,
          registry: this.#options.registry,
          model: agent.model,
          maxIterations: agent.max_tool_iterations,
          maxTokens: agent.max_tokens,
          temperature: agent.temperature,
          log: this.#log,
        },
        {
          messages: [{ role: "system", content: system }, ...historyWindow(history, agent.memory_window), userMessage],
          toolContext: this.#toolContext(key, message, controller.signal, deliveredTo),
          signal: controller.signal,
          showToUser: (forUser) => this.#deliver(message, forUser).then(() => undefined),
        },
      );
      // Stored in memory now; written and fsynced in the background (the daemon flushes at shutdown).
      this.#persist(key, [userMessage, ...result.added]);
      const reply = result.text.trim() ? result.text : "(The model sent an empty answer.)";
      if (!deliveredTo.has(`${message.channel}:${message.chatId}`)) await this.#deliver(message, reply, key);
      return { message, sessionKey: key, status: "answered", reply };
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      const reply = apology(reason, agent.turn_timeout);
      this.#log.warn(
        { session: key, error: errorText(reason), kind: (reason as { kind?: string }).kind },
        "turn failed",
      );
      this.#persist(key, [userMessage, { role: "assistant", content: reply }]);
      await this.#deliver(message, reply, key);
      return { message, sessionKey: key, status: "failed", reply, error: errorText(reason) };
    } finally {
      clearTimeout(timer);
      this.#root.signal.removeEventListener("abort", onRootAbort);
      this.#turnsServed++;
      try {
        indicator?.end();
      } catch (error) {
        this.#log.debug({ err: error }, "ending the working indicator failed");
      }
    }
  }

  #persist(key: string, messages: ChatMessage[]): void {
    this.#options.sessions.append(key, messages).catch((error: unknown) => {
      this.#log.error({ session: key, err: error }, "cannot store the session");
    });
  }

  #startIndicator(message: InboundMessage): WorkingIndicator | undefined {
    try {
      return this.#options.indicateWorking?.(message);
    } catch (error) {
      this.#log.debug({ err: error, channel: message.channel }, "the working indicator failed");
      return undefined;
    }
  }

  #toolContext(key: string, message: InboundMessage, signal: AbortSignal, deliveredTo: Set<string>): ToolContext {
    const { bus } = this.#options;
    return Object.freeze({
      channel: message.channel,
      chatId: message.chatId,
      ...(message.threadId ? { threadId: message.threadId } : {}),
      senderId: message.senderId,
      sessionKey: key,
      signal,
      log: this.#log,
      bus,
      notify: (result: unknown) => {
        const forLlm = isToolResult(result) ? result.forLlm : result;
        bus.publishInbound({
          id: `internal:${randomUUID()}`,
          channel: message.channel,
          chatId: message.chatId,
          ...(message.threadId ? { threadId: message.threadId } : {}),
          senderId: message.senderId,
          isDirect: message.isDirect,
          receivedAt: Date.now(),
          internal: true,
          text: `A background task you started has finished. Tell the user what came of it. Its result:\n${truncateForLlm(forLlm ?? "")}`,
        });
      },
      noteDelivery: (channel: string, chatId: string) => deliveredTo.add(`${channel}:${chatId}`),
    });
  }

  /** Sends text to the message's chat; a failure is logged and, for a turn, noted in its session. */
  async #deliver(message: InboundMessage, text: string, sessionKey?: string): Promise<boolean> {
    const outbound: OutboundMessage = {
      channel: message.channel,
      chatId: message.chatId,
      text,
      ...(message.threadId ? { threadId: message.threadId } : {}),
      ...(message.replyToId ? { replyToId: message.replyToId } : {}),
    };
    try {
      await this.#options.bus.publishOutbound(outbound);
      return true;
    } catch (error) {
      this.#log.warn({ channel: message.channel, chatId: message.chatId, err: error }, "reply could not be delivered");
      if (sessionKey) {
        const note: ChatMessage = {
          role: "system",
          content: `Note: your previous reply could not be delivered (${errorText(error)}).`,
        };
        this.#persist(sessionKey, [note]);
      }
      return false;
    }
  }
}

/**
 * The user message for the model. In a group, the sender goes into the Chat Completions
 * `name` field (so the model can tell group members apart) and the text stays as written.
 */
function userMessageOf(message: InboundMessage, text: string): ChatMessage {
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The answer to a message that arrives while skein is shutting down. */
const RESTARTING_TEXT = "I'm restarting right now and can't work on this. Please send it again in a moment.";

/** The short reply a user gets when a turn fails. */
function apology(reason: unknown, turnTimeoutSeconds: number): string {
  if (reason instanceof TurnTimeout) {
    return `Sorry — this took longer than ${turnTimeoutSeconds} s, so I stopped. Please try again, perhaps with a smaller request.`;
  }
  if (reason instanceof ShuttingDown)
    return "Sorry — I'm restarting and had to stop working on this. Please send it again in a moment.";
  if (reason instanceof ProviderError)
    return `Sorry — I couldn't reach the model (${reason.message}). Please try again.`;
  return `Sorry — something went wrong on my side (${errorText(reason)}). Please try again.`;
}
