import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { MessageBus } from "../../bus/message-bus.js";
import { chatKeyOf, type InboundMessage } from "../../bus/messages.js";
import type { DelegatePort } from "../../tools/delegate-port.js";
import { isToolResult, type OutboundPort, type ToolContext, type TurnState } from "../../tools/tool.js";
import { truncateForLlm } from "../../tools/truncate.js";

export interface ToolContextOptions {
  sessionKey: string;
  /** The message the turn answers: its chat is where tools run for and report back to. */
  message: InboundMessage;
  /** The turn's signal (timeout, shutdown). */
  signal: AbortSignal;
  log: Logger;
  /** The parts of the bus the ports use: sending out, listing channels, injecting a report. */
  bus: Pick<MessageBus, "publishOutbound" | "runningChannels" | "publishInternal">;
  /** Collects the `channel:chatId`s a tool sent to, so the turn's reply is not sent there twice. */
  deliveredTo: Set<string>;
  /** What the turn's tool calls share (default: nothing loaded yet). */
  turn?: TurnState;
  /** Starts sub-agents for this turn (the `delegate` tool); absent: none can be started. */
  delegation?: DelegatePort | undefined;
  /** The turn is a sub-agent's: its id and label. */
  subagent?: ToolContext["subagent"];
}

/**
 * The context every tool call of one turn runs in: who and where, the turn's signal, an
 * outbound port to chats, and a report-back port that injects a background result into
 * the originating session as an internal message (a new turn).
 */
export function buildToolContext(options: ToolContextOptions): ToolContext {
  const { message, bus, deliveredTo } = options;
  const thread = message.threadId ? { threadId: message.threadId } : {};
  const unattended = message.trigger !== undefined || message.unattended === true;
  const createdIn = message.trigger?.type === "schedule" ? message.trigger.createdIn : undefined;
  return Object.freeze({
    channel: message.channel,
    chatId: message.chatId,
    ...thread,
    senderId: message.senderId,
    ...(unattended && { unattended }),
    ...(message.admittedVia === "group" && { confinedTo: { channel: message.channel, chatId: message.chatId } }),
    ...(createdIn && { actsAs: { channel: createdIn.channel, chatId: createdIn.chatId } }),
    ...(options.delegation && { delegation: options.delegation }),
    ...(options.subagent && { subagent: options.subagent }),
    sessionKey: options.sessionKey,
    signal: options.signal,
    log: options.log,
    turn: options.turn ?? { skills: new Set(), commandEnv: {} },
    outbound: Object.freeze({
      send: (outbound, progress) => {
        deliveredTo.add(chatKeyOf(outbound));
        return bus.publishOutbound(outbound, progress);
      },
      channels: () => bus.runningChannels(),
    } satisfies OutboundPort),
    reportBack: (result: unknown) => {
      const forLlm = isToolResult(result) ? result.forLlm : result;
      bus.publishInternal({
        id: `internal:${randomUUID()}`,
        channel: message.channel,
        chatId: message.chatId,
        ...thread,
        senderId: message.senderId,
        isDirect: message.isDirect,
        receivedAt: Date.now(),
        internal: true,
        ...(message.admittedVia && { admittedVia: message.admittedVia }),
        ...(message.agentId && { agentId: message.agentId }),
        ...(unattended && { unattended }),
        text: `A background task you started has finished. Tell the user what came of it. Its result:\n${truncateForLlm(forLlm ?? "")}`,
      });
    },
  } satisfies ToolContext);
}
