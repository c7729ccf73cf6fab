import type { Cluster } from "../cluster/open-cluster.js";
import type { LoadedConfig } from "../config/load.js";
import type { ConversationStore } from "../dashboard/conversation-store.js";
import type { ApiRoute } from "../dashboard/dashboard-routes.js";
import type { Dashboard } from "../dashboard/dashboard-server.js";
import type { DashboardLogins } from "../dashboard/dashboard-sessions.js";
import type { DashboardSources } from "../dashboard/dashboard-sources.js";
import type { Logger } from "../log.js";

export interface OpenDashboardOptions {
  loaded: LoadedConfig;
  log: Logger;
  /** Cluster mode: sessions are kept in Redis, so every process accepts them. */
  cluster?: Cluster;
  routes?: readonly ApiRoute[];
  /** The daemon's stores and services the API reads and steers (without them only login and session answer). */
  sources?: DashboardSources;
}

/** The dashboard and its logins, imported only when `dashboard.enabled`. */
export interface OpenedDashboard {
  dashboard: Dashboard;
  logins: DashboardLogins;
}

/** Opens the dashboard's session store (files under `$SKEIN_HOME/dashboard/`, Redis in a cluster) and the dashboard. */
export async function openDashboard(options: OpenDashboardOptions): Promise<OpenedDashboard> {
  const { loaded, log, cluster } = options;
  const [{ createDashboard }, { DashboardLogins }] = await Promise.all([
    import("../dashboard/dashboard-server.js"),
    import("../dashboard/dashboard-sessions.js"),
  ]);
  const store = cluster
    ? new (await import("../cluster/redis-dashboard-sessions.js")).RedisDashboardSessions(cluster)
    : new (await import("../dashboard/session-files.js")).DashboardSessionFiles(loaded.home);
  const logins = new DashboardLogins({ store, sessionTtlSeconds: loaded.config.dashboard.session_ttl });
  const dashboard = createDashboard({ logins, log, ...(options.routes && { routes: options.routes }) });
  if (cluster) {
    // Clustered, a browser of this process sees what the others do: their turns, waiting calls, pairing codes.
    const { RedisDashboardEvents } = await import("../cluster/redis-dashboard-events.js");
    const subscriber = cluster.redis.duplicate();
    subscriber.on("error", () => undefined);
    const relay = new RedisDashboardEvents({
      redis: cluster.redis,
      subscriber,
      prefix: cluster.prefix,
      deliver: (event, data) => dashboard.events.deliver(event, data),
    });
    dashboard.events.relayTo(relay);
    const close = dashboard.close;
    dashboard.close = () => {
      void relay.close();
      close();
    };
  }
  if (options.sources) {
    const api = (await import("../dashboard/dashboard-api.js")).dashboardApi(
      options.sources,
      dashboard.events,
      await openConversations(options.sources, cluster),
    );
    dashboard.addRoutes(api.routes);
    const close = dashboard.close;
    dashboard.close = () => {
      api.stop();
      close();
    };
  }
  return { dashboard, logins };
}

/** The conversations the dashboard lists: the session files on one machine, the sessions in Redis in a cluster. */
async function openConversations(sources: DashboardSources, cluster: Cluster | undefined): Promise<ConversationStore> {
  const { sessions } = sources;
  if (cluster) {
    const { RedisConversations } = await import("../cluster/redis-conversations.js");
    return new RedisConversations({ redis: cluster.redis, prefix: cluster.prefix, sessions });
  }
  const { ConversationFiles } = await import("../dashboard/conversation-files.js");
  return new ConversationFiles({ dir: sources.sessionsDir ?? "", sessions });
}
