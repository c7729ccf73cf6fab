import type { Logger } from "pino";
import type { SessionSettingsStore } from "../agent/sessions/session-settings.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { Cluster } from "./open-cluster.js";
import { RedisSessionSettings } from "./redis-session-settings.js";
import { RedisSessions } from "./redis-sessions.js";

/** The session stores of a clustered daemon: histories and per-session settings in Redis. */
export function clusterSessions(
  cluster: Pick<Cluster, "redis" | "prefix">,
  log: Logger,
): { sessions: SessionStore; settings: SessionSettingsStore } {
  const { redis, prefix } = cluster;
  return {
    sessions: new RedisSessions({ redis, prefix, log }),
    settings: new RedisSessionSettings({ redis, prefix }),
  };
}
