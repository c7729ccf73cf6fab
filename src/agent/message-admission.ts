import type { Logger } from "pino";
import type { JournalEntry } from "../bus/journal.js";
import type { InboundMessage } from "../bus/messages.js";
import type { GateChain } from "../gates/gate-chain.js";
import { callerOf } from "../usage/usage-ledger.js";
import type { AgentParts } from "./agent-parts.js";
import { agentText } from "./commands/agent-command.js";
import { chatCommandOf, parseCommandLine, runChatCommand } from "./commands/chat-commands.js";
import { conversationCommands } from "./commands/conversation-commands.js";
import { sessionModel } from "./commands/model-commands.js";
import { type InvokedSkill, parseSkillCommand, skillListText } from "./commands/skill-commands.js";
import { sanitizeText } from "./sanitize.js";
import { validateSessionKey } from "./sessions/session-id.js";
import type { SessionStore } from "./sessions/sessions.js";
import type { Subagents } from "./subagents/subagents.js";
import { subagentsCommand } from "./subagents/subagents-command.js";
import { type ChatReplies, errorText } from "./turn/chat-replies.js";
import type { TurnOutcome } from "./turn/turn-contract.js";

/** Whether an entry's message gets a turn (with the text and skill it runs with), or was answered already. */
export type Admission =
  | { type: "handled"; outcome: TurnOutcome }
  | { type: "turn"; message: InboundMessage; text: string; skill?: InvokedSkill };

/** What admitting a message uses of the agent loop. */
export interface AdmissionDeps {
  log: Logger;
  gates: GateChain;
  replies: ChatReplies;
  sessions: SessionStore;
  /** `agents.defaults.max_message_age`, in seconds. */
  maxMessageAge: number;
  /** Whether the daemon runs several agents (`/agent` and chat commands then name the conversation's). */
  severalAgents: boolean;
  /** Called after `/new` started a fresh conversation in a session. */
  onConversationReset?: ((sessionKey: string) => void) | undefined;
  /** Cancels what a command starts (the loop's root signal). */
  signal: AbortSignal;
  /** Counts a session an agent saw, and with `turn` a turn it runs. */
  count: (agent: string, key: string, turn: boolean) => void;
  /** The running sub-agents, for `/subagents`. */
  subagents: Pick<Subagents, "list" | "stop">;
}

/**
 * Decides whether the entry's message gets a turn, and answers it here when not: a message too old
 * when it arrived, one the gates refuse, an unusable session id, a chat command (`/agent`, `/subagents`,
 * `/new`, `/model`, ...), a skill listing, a reached budget. A `/<skill> request` gets a turn with the skill.
 */
export async function admitMessage(
  deps: AdmissionDeps,
  key: string,
  entry: JournalEntry,
  inbound: InboundMessage,
  parts: AgentParts,
): Promise<Admission> {
  const { log, replies } = deps;
  const handled = (outcome: Omit<TurnOutcome, "sessionKey">) =>
    ({ type: "handled", outcome: { ...outcome, sessionKey: key } }) as const;
  if (isTooOld(entry, deps.maxMessageAge)) {
    log.info(
      { channel: inbound.channel, chatId: inbound.chatId, sentAt: new Date(inbound.receivedAt).toISOString() },
      "not answering a message that was older than max_message_age when it arrived",
    );
    return handled({ message: inbound, status: "gated" });
  }
  const admission = await deps.gates.admit(inbound);
  if (admission.type === "reply") {
    await replies.send(inbound, admission.text);
    return handled({ message: inbound, status: "gated", reply: admission.text });
  }
  if (admission.type === "ignore") return handled({ message: inbound, status: "gated" });
  const message = admission.message;
  try {
    validateSessionKey(key);
  } catch (error) {
    log.warn({ session: key, error: errorText(error) }, "message refused: invalid session id");
    await replies.send(message, "Sorry — I can't keep a conversation for this chat (its id is not usable).");
    return handled({ message, status: "failed", error: errorText(error) });
  }
  const text = sanitizeText(message.text);
  const line = message.internal ? undefined : parseCommandLine(text);
  const { runtime, turns } = parts;
  if (line?.name === "agent" || line?.name === "subagents") {
    deps.count(runtime.id, key, false);
    const reply =
      line.name === "agent"
        ? agentText(runtime, await sessionModel(key, parts.models))
        : await subagentsCommand(line.argument, message, deps.subagents);
    await replies.send(message, reply);
    return handled({ message, status: "command", reply });
  }
  const command = line && chatCommandOf(line);
  if (command) {
    deps.count(runtime.id, key, false);
    const settings = runtime.defaults.compaction;
    const reply = await runChatCommand(command, key, message, {
      sessions: deps.sessions,
      replies,
      models: parts.models,
      ...(deps.severalAgents && { agent: runtime }),
      voice: parts.voice,
      conversation: conversationCommands(
        turns.compactor,
        () => turns.conversationRequest(key, message, deps.signal),
        settings ?? { threshold: 0.6, keep_recent: 10 },
      ),
    });
    if (command.name === "new") deps.onConversationReset?.(key);
    return handled({ message, status: "command", reply });
  }
  const skills = runtime.skills;
  const snapshot = skills && !message.internal && text.startsWith("/") ? await skills.skills() : undefined;
  const skillCommand = snapshot && parseSkillCommand(text, snapshot, skills!.commandEnv);
  if (skillCommand && skillCommand.type !== "invoke") {
    deps.count(runtime.id, key, false);
    const reply = skillCommand.type === "list" ? skillListText(snapshot!, message) : skillCommand.text;
    await replies.send(message, reply);
    return handled({ message, status: "command", reply });
  }
  const budget = await runtime.budgets?.check(callerOf(message));
  if (budget?.type === "reached") {
    await replies.send(message, budget.text);
    return handled({ message, status: "gated", reply: budget.text });
  }
  if (skillCommand?.type === "invoke") {
    const request = skillCommand.request || `Use the ${skillCommand.invoked.name} skill.`;
    return { type: "turn", message, text: request, skill: skillCommand.invoked };
  }
  return { type: "turn", message, text };
}

/** A platform message that was older than `max_message_age` seconds when it was first recorded. */
function isTooOld(entry: JournalEntry, maxAgeSeconds: number): boolean {
  return !entry.message.internal && entry.recordedAt - entry.message.receivedAt > maxAgeSeconds * 1000;
}
