import type { InboundMessage } from "../bus/messages.js";
import { meteredProvider } from "../usage/metered-provider.js";
import { callerOf, type UsageLedger } from "../usage/usage-ledger.js";
import type { AgentRuntime } from "./agent-runtime.js";
import { allowedModels, type ModelCommandDeps, sessionModel } from "./commands/model-commands.js";
import type { VoiceCommandDeps } from "./commands/voice-command.js";
import type { SessionSettings, SessionSettingsStore } from "./sessions/session-settings.js";
import type { ChatReplies } from "./turn/chat-replies.js";
import { scheduledModel } from "./turn/triggered-turn.js";
import { TurnRunner } from "./turn/turn.js";
import type { TurnRunnerOptions, TurnSpeech } from "./turn/turn-contract.js";

/** One agent as the loop runs it: its runtime, its turns, its `/model` choices and its `/voice`. */
export interface AgentParts {
  readonly runtime: AgentRuntime;
  readonly turns: TurnRunner;
  readonly models: ModelCommandDeps;
  readonly voice: VoiceCommandDeps;
}

/** What every agent shares: the loop's turn options less what is each agent's own. */
export interface SharedTurnOptions
  extends Omit<
    TurnRunnerOptions,
    | "provider"
    | "registry"
    | "context"
    | "agent"
    | "attachments"
    | "contextWindow"
    | "modelFor"
    | "namePrefix"
    | "speech"
  > {
  replies: ChatReplies;
  settings: SessionSettingsStore;
  mayConfigure: ModelCommandDeps["mayConfigure"];
  ledger?: UsageLedger;
  /** Whether a channel sends voice notes (default: none does). */
  voiceNotes?: (channel: string) => boolean;
}

/** Builds an agent's turn runner, `/model` and `/voice` deps over the shared parts. */
export function agentParts(runtime: AgentRuntime, shared: SharedTurnOptions): AgentParts {
  const { settings, mayConfigure, ledger, voiceNotes = () => false, ...turnOptions } = shared;
  const models: ModelCommandDeps = {
    agent: runtime.defaults,
    settings,
    mayConfigure,
    ...(ledger ? { ledger } : {}),
  };
  const voice: VoiceCommandDeps = {
    settings,
    mayConfigure,
    voiceNotes,
    ...(runtime.speech && { mode: runtime.speech.mode }),
  };
  // The settings a turn read for its model give its `/voice` choice too: one read of the store a turn (a Redis
  // round trip in a cluster). One session's turns and commands run one at a time, so none changes them in between.
  const readForTurn = new Map<string, { messageId: string; read: Promise<SessionSettings> }>();
  const modelOf = (key: string, message: InboundMessage): Promise<string> => {
    if (!runtime.speech) return sessionModel(key, models);
    const read = settings.get(key);
    readForTurn.set(key, { messageId: message.id, read });
    return sessionModel(key, {
      agent: runtime.defaults,
      settings: { get: () => read, set: (...set) => settings.set(...set) },
    });
  };
  const speech: TurnSpeech | undefined = runtime.speech && {
    speech: runtime.speech,
    choiceOf: async (key, message) => {
      const kept = readForTurn.get(key);
      readForTurn.delete(key);
      return (await (kept?.messageId === message.id ? kept.read : settings.get(key))).voice;
    },
    voiceNotes,
    ...(ledger && { onSpoken: (message, usage) => void ledger.recordSpeech(callerOf(message), usage) }),
  };
  const turns = new TurnRunner({
    ...turnOptions,
    provider: runtime.provider,
    registry: runtime.registry,
    context: runtime.context,
    agent: runtime.defaults,
    ...(runtime.attachments && { attachments: runtime.attachments }),
    ...(runtime.contextWindow && { contextWindow: runtime.contextWindow }),
    ...(runtime.namePrefix && { namePrefix: runtime.namePrefix }),
    ...(speech && { speech }),
    modelFor: async (key, message) => ({
      model: scheduledModel(message, allowedModels(runtime.defaults)) ?? (await modelOf(key, message)),
      provider: ledger ? meteredProvider(runtime.provider, callerOf(message), ledger) : runtime.provider,
    }),
  });
  return { runtime, turns, models, voice };
}

/** The message as the agent `agent` handles it: named, so that what it starts (a background result) comes back to it. */
export function addressedTo(message: InboundMessage, agent: string): InboundMessage {
  return message.agentId === agent ? message : { ...message, agentId: agent };
}
