import { approvalRoutes } from "./api/approval-routes.js";
import { browserRoutes } from "./api/browser-routes.js";
import { configRoute } from "./api/config-route.js";
import { conversationRoutes } from "./api/conversation-routes.js";
import { logRoute } from "./api/log-route.js";
import { overviewRoute } from "./api/overview-route.js";
import { pairingRoutes } from "./api/pairing-routes.js";
import { scheduleRoutes } from "./api/schedule-routes.js";
import { usageRoute } from "./api/usage-route.js";
import type { ConversationStore } from "./conversation-store.js";
import type { DashboardEvents } from "./dashboard-events.js";
import type { ApiRoute } from "./dashboard-routes.js";
import type { DashboardSources } from "./dashboard-sources.js";
import { parseLine } from "./log-ring.js";

/** The dashboard's JSON API over the daemon's sources, and the events that tell the browsers what changed. */
export interface DashboardApi {
  routes: ApiRoute[];
  /** Stops listening to the sources. */
  stop(): void;
}

/**
 * The API routes of every page, and the sources' change listeners feeding `events` (each only
 * publishes while a browser listens). Turn outcomes (`overview`, `conversation`) come from the daemon.
 */
export function dashboardApi(
  sources: DashboardSources,
  events: DashboardEvents,
  conversations: ConversationStore,
): DashboardApi {
  const stops = [
    sources.approvals.decisions.onChange(() => events.publish("approvals")),
    sources.scheduler.onChange(() => events.publish("schedules")),
    sources.ledger.onRecord(() => events.publish("usage")),
    ...(sources.browsers ? [sources.browsers.onChange(() => events.publish("browsers"))] : []),
    sources.logs.onLine((line) => {
      if (!events.listening) return;
      const parsed = parseLine(line);
      if (parsed) events.publish("log", parsed);
      // A stranger was given a pairing code: the pairing page has a new pending entry.
      if (parsed?.msg.startsWith("pairing")) events.publish("pairing");
    }),
  ];
  return {
    routes: [
      overviewRoute(sources),
      ...conversationRoutes(sources, conversations),
      ...browserRoutes(sources),
      ...approvalRoutes(sources),
      ...pairingRoutes(sources, () => events.publish("pairing")),
      ...scheduleRoutes(sources),
      usageRoute(sources),
      logRoute(sources),
      configRoute(sources),
    ],
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}
