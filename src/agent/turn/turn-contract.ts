import type { Logger } from "pino";
import type { InboundMessage } from "../../bus/messages.js";
import type { WorkingIndicator } from "../../channel-kit/channel.js";
import type { ReplyStream, ReplyTarget, StreamDelivery, StreamResume } from "../../channel-kit/reply-stream.js";
import type { SkeinConfig } from "../../config/schema.js";
import type { ChatMessage, LlmProvider } from "../../providers/provider.js";
import type { Speech, SpokenUsage, VoiceChoice } from "../../speech/index.js";
import type { DelegatePort } from "../../tools/delegate-port.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { ResolvedAttachments } from "../context/attachments.js";
import type { ContextBuilder } from "../context/context.js";
import type { SessionStore } from "../sessions/sessions.js";
import type { ChatReplies } from "./chat-replies.js";
import type { ToolContextOptions } from "./tool-context.js";
import type { TokenUsage } from "./tool-loop.js";

/** How one inbound message was handled (for the CLI and tests). */
export interface TurnOutcome {
  message: InboundMessage;
  sessionKey: string;
  /** `deferred`: left in the journal (stopped by a shutdown, or its channel not running), resumed after the next start. */
  status: "answered" | "failed" | "command" | "gated" | "deferred";
  /** The reply text sent (or suppressed because a tool already delivered to the chat). */
  reply?: string;
  /** Why the turn failed. */
  error?: string;
  /** When the failure is the operator's to fix (a refused API key, an unreachable model server): what to do. */
  remedy?: string;
  /** Tool calls and tokens of an answered turn. */
  toolCalls?: number;
  usage?: TokenUsage;
}

/** What a turn runner is built from: one agent's provider, tools, sessions and settings. */
export interface TurnRunnerOptions {
  provider: LlmProvider;
  registry: ToolRegistry;
  sessions: Pick<SessionStore, "context" | "append" | "recordedTurn" | "summarise">;
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
  /**
   * A reply that appears as it is written, when the chat's channel can stream and streaming is on;
   * with `resume`, written in the preview an earlier attempt of the turn showed.
   */
  openStream?: (target: ReplyTarget, resume?: StreamResume) => ReplyStream | undefined;
  /** Saves a message's attachments to the workspace and says what the model gets of them (see attachments.ts). */
  attachments?: (message: InboundMessage, signal: AbortSignal) => Promise<ResolvedAttachments>;
  /** Epoch milliseconds now (injectable for tests). */
  now?: () => number;
  /** A model's context window in tokens, when configured (`providers.<name>.context_windows`; default 128,000). */
  contextWindow?: (model: string) => number | undefined;
  /** Put before each answer (an agent's `name_prefix`), with a space; the session keeps the answer without it. */
  namePrefix?: string;
  /** Spoken replies (`tts`, `/voice`); absent, no reply is spoken. */
  speech?: TurnSpeech;
  /** Starts sub-agents for a turn answering `message` in `sessionKey` (the `delegate` tool; default: none). */
  delegation?: (message: InboundMessage, sessionKey: string) => DelegatePort;
}

/** What a turn needs to speak its reply (see spoken-reply.ts). */
export interface TurnSpeech {
  /** The agent's speech. */
  speech: Speech;
  /** The chat's `/voice` choice when answering `message` in session `sessionKey`. */
  choiceOf(sessionKey: string, message: InboundMessage): Promise<VoiceChoice | undefined>;
  /** Whether a channel sends voice notes. */
  voiceNotes(channel: string): boolean;
  /** Counts a speech call in the usage of the message's sender, chat and agent. */
  onSpoken?(message: InboundMessage, usage: SpokenUsage): void;
}

/** What a turn computed: the records to store in the session and the replies to send to its chat. */
export interface ComputedTurn {
  outcome: TurnOutcome;
  records: ChatMessage[];
  replies: string[];
  /** For a streamed reply: ends the stream, which delivers the replies instead of a send (each chunk reported to `delivery`). */
  finish?: (delivery: StreamDelivery) => Promise<void>;
}
