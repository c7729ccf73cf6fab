import type { Logger } from "pino";
import { type ChatMessage, ProviderError } from "../../providers/provider.js";
import type { DelegatePort } from "../../tools/delegate-port.js";
import { meteredProvider } from "../../usage/metered-provider.js";
import { callerOf, type UsageLedger } from "../../usage/usage-ledger.js";
import type { AgentRuntime } from "../agent-runtime.js";
import type { SessionStore } from "../sessions/sessions.js";
import { ShuttingDown } from "../turn/apology.js";
import { errorText } from "../turn/chat-replies.js";
import { buildToolContext, type ToolContextOptions } from "../turn/tool-context.js";
import { runToolLoop, type ToolCatalog } from "../turn/tool-loop.js";
import {
  type ChildOutcome,
  childSessionKey,
  type DelegationMessage,
  decodeOutcome,
  encodeOutcome,
  SubagentStopped,
  SubagentTimeout,
} from "./delegation.js";

/** What running a child uses of the daemon. */
export interface ChildRunDeps {
  sessions: Pick<SessionStore, "append" | "recordedTurn">;
  /** What the child's tools' ports use (the chat it works for). */
  bus: ToolContextOptions["bus"];
  /** Where the child's model calls are counted, as the chat's (default: not counted). */
  ledger?: UsageLedger | undefined;
  log: Logger;
}

/** One child to run. */
export interface ChildJob {
  message: DelegationMessage;
  /** The agent that runs it. */
  runtime: AgentRuntime;
  /** Aborted by `/subagents stop`, the time limit or a shutdown (the reason says which). */
  signal: AbortSignal;
  /** Its own delegations, while it is above `max_depth` (else it is not offered `delegate`). */
  delegate?: DelegatePort | undefined;
}

/**
 * Runs a child as a conversation of its own: the agent's system prompt and the task as the user
 * message, nothing of the chat's history; the agent's tools (less `delegate` at the deepest level),
 * each call in the chat's context (approvals are asked there, naming the child). Its messages and
 * outcome are stored in its own session under the delegation's id, so a child that ended before a
 * crash is not run again. Never throws.
 */
export async function runChild(deps: ChildRunDeps, job: ChildJob): Promise<ChildOutcome> {
  const { message, runtime, signal } = job;
  const { delegation } = message;
  const sessionKey = childSessionKey(message);
  const recorded = await deps.sessions.recordedTurn(sessionKey, message.id).catch(() => undefined);
  const earlier = recorded && decodeOutcome(recorded);
  if (earlier) return earlier;
  const log = deps.log.child({ subagent: delegation.id });
  const userMessage: ChatMessage = { role: "user", content: delegation.task };
  let outcome: ChildOutcome;
  let added: ChatMessage[] = [];
  try {
    const system = await runtime.context.systemPrompt(message);
    const provider = deps.ledger ? meteredProvider(runtime.provider, callerOf(message), deps.ledger) : runtime.provider;
    const toolContext = buildToolContext({
      sessionKey,
      message,
      signal,
      log,
      bus: deps.bus,
      deliveredTo: new Set(),
      delegation: job.delegate,
      subagent: { id: delegation.id, label: delegation.label },
    });
    const { defaults } = runtime;
    const result = await runToolLoop(
      {
        provider,
        registry: job.delegate ? runtime.registry : withoutDelegate(runtime.registry),
        model: delegation.model,
        maxIterations: defaults.max_tool_iterations,
        ...(defaults.max_tokens !== undefined && { maxTokens: defaults.max_tokens }),
        ...(defaults.temperature !== undefined && { temperature: defaults.temperature }),
        log,
      },
      { messages: [{ role: "system", content: system }, userMessage], toolContext, signal },
    );
    added = result.added;
    outcome = { status: "finished", answer: result.text.trim() ? result.text : "(it sent an empty answer)" };
  } catch (error) {
    outcome = failure(signal.aborted ? signal.reason : error);
    if (outcome.status === "stopped" || outcome.status === "interrupted") return outcome;
    log.warn({ status: outcome.status, err: error }, "sub-agent failed");
  }
  const records = added.length
    ? [userMessage, ...added]
    : [userMessage, { role: "assistant", content: `(${outcome.status})` }];
  await deps.sessions
    .append(sessionKey, records as ChatMessage[], { id: message.id, replies: encodeOutcome(outcome) })
    .catch((error: unknown) => log.error({ err: error, session: sessionKey }, "cannot store the sub-agent's session"));
  return outcome;
}

/** Why a child ended without an answer. */
function failure(reason: unknown): ChildOutcome {
  if (reason instanceof SubagentStopped) return { status: "stopped" };
  if (reason instanceof ShuttingDown) return { status: "interrupted" };
  if (reason instanceof SubagentTimeout) return { status: "timed out", error: reason.message };
  if (reason instanceof ProviderError) return { status: "failed", error: `its model request failed (${reason.kind})` };
  return { status: "failed", error: errorText(reason) };
}

/** The agent's tools less `delegate`: what a child at the deepest level is offered. */
function withoutDelegate(registry: ToolCatalog): ToolCatalog {
  const schemas = registry.schemas().filter((schema) => schema.function.name !== "delegate");
  return {
    schemas: () => schemas,
    isReadOnly: (name) => registry.isReadOnly(name),
    execute: (name, rawArguments, ctx) =>
      name === "delegate"
        ? Promise.resolve({ type: "tool-error", kind: "NotFound", message: 'no tool named "delegate"' })
        : registry.execute(name, rawArguments, ctx),
  };
}
