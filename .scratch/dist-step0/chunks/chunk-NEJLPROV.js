#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
async function openDashboard(options) {
  const { loaded, log, cluster } = options,
    [{ createDashboard }, { DashboardLogins }] = await Promise.all([
      import("./dashboard-server-RUH3J7F7.js"),
      import("./dashboard-sessions-I72BKFR6.js"),
    ]),
    store = cluster
      ? new (await import("./redis-dashboard-sessions-XTANULKN.js")).RedisDashboardSessions(cluster)
      : new (await import("./session-files-CDGA7PA5.js")).DashboardSessionFiles(loaded.home),
    logins = new DashboardLogins({ store, sessionTtlSeconds: loaded.config.dashboard.session_ttl }),
    dashboard = createDashboard({ logins, log, ...(options.routes && { routes: options.routes }) });
  if (cluster) {
    const { RedisDashboardEvents } = await import("./redis-dashboard-events-6G6WOTFL.js"),
      subscriber = cluster.redis.duplicate();
    subscriber.on("error", () => {});
    const relay = new RedisDashboardEvents({
      redis: cluster.redis,
      subscriber,
      prefix: cluster.prefix,
      deliver: (event, data) => dashboard.events.deliver(event, data),
    });
    dashboard.events.relayTo(relay);
    const close = dashboard.close;
    dashboard.close = () => {
      relay.close(), close();
    };
  }
  if (options.sources) {
    const api = (await import("./dashboard-api-NH2HHZDZ.js")).dashboardApi(
      options.sources,
      dashboard.events,
      await openConversations(options.sources, cluster),
    );
    dashboard.addRoutes(api.routes);
    const close = dashboard.close;
    dashboard.close = () => {
      api.stop(), close();
    };
  }
  return { dashboard, logins };
}
async function openConversations(sources, cluster) {
  const { sessions } = sources;
  if (cluster) {
    const { RedisConversations } = await import("./redis-conversations-NRBLRKDS.js");
    return new RedisConversations({ redis: cluster.redis, prefix: cluster.prefix, sessions });
  }
  const { ConversationFiles } = await import("./conversation-files-HR2NEN6Z.js");
  return new ConversationFiles({ dir: sources.sessionsDir ?? "", sessions });
}
function dashboardOrigin(host, port) {
  return `http://${["", "0.0.0.0", "::", "[::]"].includes(host) ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
}
export { dashboardOrigin, openDashboard };
//# sourceMappingURL=chunk-NEJLPROV.js.map
