import { AgentLoop } from "../agent/agent-loop.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { BrowserPool } from "../browser/index.js";
import type { MessageBus } from "../bus/message-bus.js";
import type { ChannelSupervisor } from "../channel-kit/channel-supervisor.js";
import type { SkeinConfig } from "../config/schema.js";
import { createAccessGate } from "../gates/access-gate.js";
import { createSenderPermission } from "../gates/sender-permission.js";
import type { Logger } from "../log.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { OpenedAgents } from "./open-agents.js";
import type { Stores } from "./open-stores.js";

/** What the agent loop is wired to. */
export interface AgentLoopWiring {
  config: SkeinConfig;
  home: string;
  log: Logger;
  bus: MessageBus;
  stores: Pick<Stores, "pairings" | "pairingReplies" | "sessions" | "sessionSettings">;
  agents: OpenedAgents;
  ledger: UsageLedger;
  /** `/new` makes it forget the conversation's approvals. */
  broker: ApprovalBroker;
  /** The running channels: their working indicators and streamed replies. */
  channels: ChannelSupervisor;
  /** `/new` closes the conversation's browser. */
  browsers?: BrowserPool;
}

/**
 * The daemon's agent loop: the default agent's provider, tools, context, skills and budgets (with
 * `agents.list`, the directory of every agent), the access gate in front, each conversation's
 * settings, who may change them, usage, and the channels' indicators and streams.
 */
export function openAgentLoop(wiring: AgentLoopWiring): AgentLoop {
  const { config, home, log, stores, agents, broker, channels } = wiring;
  const { pairings } = stores;
  const { runtime: main } = agents.main;
  return new AgentLoop({
    bus: wiring.bus,
    provider: main.provider,
    ...(main.contextWindow && { contextWindow: main.contextWindow }),
    registry: main.registry,
    sessions: stores.sessions,
    context: main.context,
    ...(main.skills && { skills: main.skills }),
    ...(agents.directory && { agents: agents.directory }),
    // De-duplication is the journal's: a message seen in any state is never handed out twice.
    gates: [createAccessGate({ config, home, log, pairings, replyLimit: stores.pairingReplies })],
    agent: config.agents.defaults,
    log,
    settings: stores.sessionSettings,
    mayConfigure: createSenderPermission({ config, pairings }),
    ledger: wiring.ledger,
    ...(main.budgets && { budgets: main.budgets }),
    indicateWorking: (message) => channels.channel(message.channel)?.indicateWorking?.(message),
    openStream: (target, resume) => channels.channel(target.channel)?.openStream?.(target, resume),
    voiceNotes: (channel) => channels.channel(channel)?.voiceNotes === true,
    onConversationReset: (sessionKey) => {
      broker.forgetConversation(sessionKey);
      void wiring.browsers?.close(sessionKey, "/new");
    },
    ...(main.attachments && { attachments: main.attachments }),
    ...(main.speech && { speech: main.speech }),
  });
}
