// STUB (owned by the deploy/health work, issue 8).
import type { DaemonStatus } from "./daemon-status.js";

export interface HealthServerOptions {
  host: string;
  port: number;
  /** Seconds a channel may stay disconnected before /readyz fails. */
  unreadyAfterSeconds: number;
  status: () => DaemonStatus;
  now?: () => number;
}

export interface HealthServer {
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `/healthz` and `/readyz` on host:port. */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  return { port: options.port, close: async () => {} };
}
