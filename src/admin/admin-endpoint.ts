/**
 * The daemon's local admin endpoint: HTTP over a unix socket under `$SKEIN_HOME`,
 * each request carrying the token the daemon writes at start to a file only its own
 * user (and root) can read. Operator commands (`skein status`, `skein pairing …`) go
 * through it while the daemon runs, so whoever runs them, the daemon writes its own files.
 * This file: where the socket and token are, and the routes' names; `admin-server.ts` serves them,
 * `admin-routes.ts` answers them, `admin-client.ts` is what the commands ask with.
 */

import { join } from "node:path";

/** Where the admin endpoint's socket and token live. */
export interface AdminPaths {
  socket: string;
  token: string;
}

export function adminPaths(home: string): AdminPaths {
  return { socket: join(home, "admin.sock"), token: join(home, "admin.token") };
}

/** The requests the admin endpoint answers, as `METHOD /path`. */
export type AdminRoute =
  | "GET /status"
  | "POST /stop"
  | "GET /pairing"
  | "POST /pairing/approve"
  | "POST /pairing/revoke"
  | "POST /dashboard/login"
  | "POST /dashboard/revoke-all";

/** A route's handler: the parsed JSON body in, a JSON-serialisable answer out. */
export type AdminHandler = (body: Record<string, unknown>) => Promise<unknown>;

/** A unix socket path longer than this cannot be bound on Linux (sun_path is 108 bytes). */
export const maxSocketPathLength = 107;
