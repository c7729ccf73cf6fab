import { approvePairing, listPairings, revokePairing } from "../access/pairing-operations.js";
import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import { PairingFiles, type PairingStore } from "../access/pairing-store.js";
import type { StatusReport } from "../health/health-server.js";
import type { AdminHandler, AdminRoute } from "./admin-endpoint.js";

export interface AdminRoutesOptions {
  home: string;
  /** The daemon's pairings (Redis in a cluster); default: the files under `home`. */
  pairings?: PairingStore;
  /** The daemon's pairing reply limit, started afresh for a sender approved or revoked. */
  pairingReplies?: PairingReplyLimit;
  /** The daemon's status report now. */
  status: () => StatusReport;
  /** Stops the daemon as SIGTERM does (`skein stop`); returns its pid. Without it `POST /stop` is refused. */
  stop?: () => number;
  /** The dashboard, when it runs: `skein dashboard` asks it for a login link, or to end every session. */
  dashboard?: {
    /** A URL with a new one-time login token. */
    loginUrl(): Promise<string>;
    /** Ends every session; resolves with how many there were. */
    revokeAll(): Promise<number>;
  };
}

/** What the running daemon answers on its admin endpoint: its status, and the pairing commands done by the daemon itself. */
export function adminRoutes(options: AdminRoutesOptions): Record<AdminRoute, AdminHandler> {
  const store = options.pairings ?? new PairingFiles({ home: options.home });
  return {
    "GET /status": async () => options.status(),
    "GET /pairing": () => listPairings(store),
    "POST /pairing/approve": (body) =>
      approvePairing(store, field(body, "channel"), field(body, "code"), options.pairingReplies),
    "POST /pairing/revoke": (body) =>
      revokePairing(store, field(body, "channel"), field(body, "sender"), options.pairingReplies),
    "POST /stop": async () => {
      if (!options.stop) throw new Error("this daemon cannot be stopped through its admin endpoint: send it SIGTERM");
      return { stopping: true, pid: options.stop() };
    },
    "POST /dashboard/login": async () => ({ url: await dashboardOf(options).loginUrl() }),
    "POST /dashboard/revoke-all": async () => ({ revoked: await dashboardOf(options).revokeAll() }),
  };
}

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== "string" || value === "") throw new Error(`"${name}" must be a non-empty string`);
  return value;
}

function dashboardOf(options: AdminRoutesOptions): NonNullable<AdminRoutesOptions["dashboard"]> {
  if (!options.dashboard)
    throw new Error(
      "the dashboard is off in the running daemon (dashboard.enabled is false, or its port could not be bound; see its log)",
    );
  return options.dashboard;
}
