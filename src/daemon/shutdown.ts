import type { AgentLoop } from "../agent/agent-loop.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { BrowserPool } from "../browser/index.js";
import type { MessageBus } from "../bus/message-bus.js";
import type { ChannelSupervisor } from "../channel-kit/channel-supervisor.js";
import type { Cluster } from "../cluster/open-cluster.js";
import type { Logger } from "../log.js";
import type { McpHub } from "../tools/mcp/hub.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { InstanceLock } from "../util/instance-lock.js";
import { settleWithin } from "../util/settle-within.js";
import type { OpenedAgents } from "./open-agents.js";
import type { ServiceEndpoints } from "./service.js";
import type { DaemonWebChat } from "./web-chat.js";

/** What a daemon has opened so far: each part is set once start-up reaches it (a stop during start-up finds some). */
export interface RunningParts {
  log?: Logger;
  bus?: MessageBus;
  /** Cluster mode (`bus.redis_url`): the Redis journal, leases and shared state. */
  cluster?: Cluster;
  approvals?: ApprovalBroker;
  agent?: AgentLoop;
  /** The conversations' browsers. */
  browsers?: BrowserPool;
  sessions?: SessionStore;
  ledger?: UsageLedger;
  supervisor?: ChannelSupervisor;
  mcpReady?: Promise<McpHub | undefined>;
  /** The health, webhook and admin endpoints of `skein start`. */
  service?: ServiceEndpoints;
  /** The dashboard's chat, when `skein start` serves the dashboard. */
  webChat?: DaemonWebChat;
  stopMenus?: () => void;
  opened?: OpenedAgents;
  lock?: InstanceLock;
}

/**
 * The daemon's graceful shutdown, in order: no new messages from the channels; clustered, the
 * receiving connections, the scheduler and every idle partition handed to the other processes at
 * once (busy partitions follow as their turns end); pending approvals denied, turns given
 * `graceMs` to finish (what is cut short stays journaled, and clustered goes to another process),
 * the browsers closed, `root` aborted, replies drained, sessions and usage flushed, channels stopped,
 * journal, Redis, MCP servers, endpoints and the web chat closed, the instance lock released. Each
 * part is read when its step comes, so a part start-up opened meanwhile is closed too.
 */
export async function shutDown(parts: RunningParts, root: AbortController, graceMs: number): Promise<void> {
  parts.bus?.closeIntake();
  parts.cluster?.handOver();
  const handedOver = parts.supervisor?.handOverLeases() ?? Promise.resolve();
  // A decision given now could not be kept: waiting calls are denied (their prompts say so) and their turns end.
  const approvalsClosed = parts.approvals?.close();
  await parts.agent?.stop(graceMs);
  await settleWithin(handedOver, graceMs);
  await settleWithin(approvalsClosed ?? Promise.resolve(), graceMs);
  // No turn uses them any more: every browser's processes end now, not with the daemon's exit.
  await parts.browsers?.closeAll();
  root.abort();
  if (parts.bus && !(await settleWithin(parts.bus.drain(), graceMs)))
    parts.log?.warn("some replies were still being delivered at shutdown");
  await parts.sessions?.flush();
  await parts.ledger?.flush();
  await parts.supervisor?.stopAll();
  await parts.bus?.close().catch((error: unknown) => parts.log?.error({ err: error }, "closing the journal failed"));
  await parts.cluster
    ?.close()
    .catch((error: unknown) => parts.log?.warn({ err: error }, "closing the Redis connections failed"));
  const mcp = await parts.mcpReady;
  await mcp?.close().catch((error: unknown) => parts.log?.warn({ err: error }, "closing MCP servers failed"));
  await parts.service?.close();
  await parts.webChat?.close();
  parts.stopMenus?.();
  await parts.opened?.close();
  parts.lock?.release();
  if (parts.agent) parts.log?.info("skein stopped");
}
