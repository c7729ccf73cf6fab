import type { ClusterStatus } from "../bus/redis-cluster-view.js";
import type { ChannelStatus } from "../channel-kit/channel.js";
import type { ModelRouterStatus } from "../providers/model-router.js";
import type { WriteFailure } from "../util/write-health.js";

/** A snapshot of the running daemon, served by the health endpoint and printed by `skein status`. */
export interface DaemonStatus {
  version: string;
  /** Epoch milliseconds. */
  startedAt: number;
  channels: Record<string, ChannelStatus>;
  /** Sessions with a turn running or queued. */
  activeSessions: number;
  /** Sessions known since start. */
  sessions: number;
  turnsServed: number;
  /** With `agents.list`: each agent's sessions known since start and turns served. */
  agents?: Record<string, { sessions: number; turnsServed: number }>;
  /** Providers cooling down after a failure, and failovers to fallback models. */
  models?: ModelRouterStatus;
  /** In cluster mode (`bus.redis_url`): this member, its Redis connection and its partitions. */
  cluster?: ClusterStatus;
  /**
   * Present while a store cannot write to disk (full, read-only, over quota, hung): the daemon
   * answers from memory, and what those stores hold is not durable until their writes succeed.
   */
  storage?: { failing: WriteFailure[] };
  /** Sub-agents (the `delegate` tool) running now. */
  subagents?: { running: number };
}
