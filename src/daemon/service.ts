import { mkdir } from "node:fs/promises";
import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { AdminServer } from "../admin/admin-server.js";
import type { Cluster } from "../cluster/open-cluster.js";
import type { LoadedConfig } from "../config/load.js";
import { defaultHealthPort } from "../config/schema.js";
import type { DashboardSources } from "../dashboard/dashboard-sources.js";
import type { DaemonStatus } from "../health/daemon-status.js";
import type { HealthServer, HealthServerOptions } from "../health/health-server.js";
import type { Logger } from "../log.js";
import {
  type HookEndpointOptions,
  type HookRequestHandler,
  hookRequestHandler,
  startHookServer,
} from "../scheduler/hook-endpoint.js";
import { acquireInstanceLock, type InstanceLock, InstanceLockError } from "../util/instance-lock.js";
import { DaemonError } from "./daemon-error.js";
import { dashboardOrigin } from "./dashboard-origin.js";
import type { OpenedDashboard } from "./open-dashboard.js";

/** The instance lock of `home`: a second daemon on the same `$SKEIN_HOME` says who runs and stops. */
export async function takeInstanceLock(home: string): Promise<InstanceLock> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  try {
    return acquireInstanceLock(home);
  } catch (error) {
    if (error instanceof InstanceLockError)
      throw new DaemonError(
        "already-running",
        `${error.message}; stop it first (\`skein stop\`), or give this one another SKEIN_HOME`,
      );
    throw error;
  }
}

export interface ServiceEndpointsOptions {
  loaded: LoadedConfig;
  log: Logger;
  pairings: PairingStore;
  /** The pairing reply limit the access gate counts with, started afresh on approve and revoke. */
  pairingReplies: PairingReplyLimit;
  status: () => DaemonStatus;
  /** Records a webhook delivery on the bus, like a platform message. */
  record: HookEndpointOptions["record"];
  /** Cluster mode: the dashboard's sessions are shared through Redis. */
  cluster?: Cluster;
  /** What the dashboard's API reads and steers (when `dashboard.enabled`). */
  dashboard?: DashboardSources;
  /** What `skein stop` (the admin endpoint's `POST /stop`) does. */
  requestStop?: () => void;
}

/** The served dashboard: its address, and a new login link to it (what `skein dashboard` prints). */
export interface DashboardAccess {
  /** `http://127.0.0.1:17870`. */
  origin: string;
  /** `<origin>/login?token=<one-time token>`. */
  loginUrl(): Promise<string>;
}

/**
 * What the service of `$SKEIN_HOME` (`skein start`) serves besides the channels: the health
 * endpoints, the webhooks (on the health port or their own) and the admin endpoint.
 */
export class ServiceEndpoints {
  readonly #options: ServiceEndpointsOptions;
  #health: HealthServer | undefined;
  #hookServer: { close(): Promise<void> } | undefined;
  #admin: AdminServer | undefined;
  #dashboard: OpenedDashboard | undefined;

  constructor(options: ServiceEndpointsOptions) {
    this.#options = options;
  }

  /** Starts them one after the other; what started is closed by {@link close} even when a later one failed. */
  async start(): Promise<void> {
    const { loaded, log, pairings, pairingReplies, status, record } = this.#options;
    const { config, home } = loaded;
    const hooks = Object.keys(config.hooks).length
      ? hookRequestHandler({ hooks: config.hooks, record, log })
      : undefined;
    const hookPort = config.gateway.port ?? config.gateway.health_port;
    // Imported only when enabled: a daemon without the dashboard pays nothing for it.
    const dashboard = config.dashboard.enabled
      ? await (await import("./open-dashboard.js")).openDashboard({
          loaded,
          log,
          ...(this.#options.cluster && { cluster: this.#options.cluster }),
          ...(this.#options.dashboard && { sources: this.#options.dashboard }),
        })
      : undefined;
    this.#health = await startHealth(
      loaded,
      status,
      log,
      hookPort === config.gateway.health_port ? hooks : undefined,
      dashboard?.dashboard.handle,
    );
    if (dashboard && this.#health) this.#dashboard = dashboard;
    const dashboardOn = this.#dashboard && { ...this.#dashboard, port: this.#health!.port };
    if (hooks && hookPort !== config.gateway.health_port) {
      this.#hookServer = await startHookServer({
        host: config.gateway.health_host,
        port: hookPort,
        handler: hooks,
        hosts: servedHosts(config.gateway),
      });
      log.info({ port: hookPort }, "webhooks listening");
    }
    const [{ startAdminServer }, { adminRoutes }, { statusReport }] = await Promise.all([
      import("../admin/admin-server.js"),
      import("../admin/admin-routes.js"),
      import("../health/health-server.js"),
    ]);
    const unreadyAfterSeconds = config.gateway.unready_after;
    const { requestStop } = this.#options;
    this.#admin = await startAdminServer({
      home,
      log,
      routes: adminRoutes({
        home,
        pairings,
        pairingReplies,
        status: () => statusReport(status(), { now: Date.now(), unreadyAfterSeconds }),
        ...(requestStop && {
          stop: () => {
            log.info("stop requested through the admin endpoint (skein stop)");
            requestStop();
            return process.pid;
          },
        }),
        ...(dashboardOn && {
          dashboard: {
            loginUrl: () => this.dashboardAccess!.loginUrl(),
            revokeAll: async () => {
              const revoked = await dashboardOn.logins.revokeAll();
              dashboardOn.dashboard.events.closeAll();
              return revoked;
            },
          },
        }),
      }),
    });
  }

  /** Where the dashboard is served (its origin), and a link with a new one-time login token to it; undefined when it is not. */
  get dashboardAccess(): DashboardAccess | undefined {
    const dashboard = this.#dashboard;
    if (!dashboard || !this.#health) return undefined;
    const origin = dashboardOrigin(this.#options.loaded.config.gateway.health_host, this.#health.port);
    return { origin, loginUrl: async () => `${origin}/login?token=${await dashboard.logins.issueLoginToken()}` };
  }

  /** The running dashboard (its events, its API routes), when enabled and served. */
  get dashboard(): OpenedDashboard | undefined {
    return this.#dashboard;
  }

  /** Closes what started, ignoring failures. */
  async close(): Promise<void> {
    this.#dashboard?.dashboard.close();
    await this.#health?.close().catch(() => undefined);
    await this.#hookServer?.close().catch(() => undefined);
    await this.#admin?.close().catch(() => undefined);
  }
}

/**
 * The health endpoints. The default port taken (by a skein of another `$SKEIN_HOME`) costs only a
 * warning: `skein status` also works through the admin endpoint. A port set on purpose must be free.
 */
async function startHealth(
  loaded: LoadedConfig,
  status: () => DaemonStatus,
  log: Logger,
  hooks?: HookRequestHandler,
  dashboard?: HealthServerOptions["fallback"],
): Promise<HealthServer | undefined> {
  const { health_host: host, health_port: port, unready_after: unreadyAfterSeconds } = loaded.config.gateway;
  const hosts = servedHosts(loaded.config.gateway);
  const { startHealthServer } = await import("../health/health-server.js");
  try {
    const server = await startHealthServer({
      host,
      port,
      hosts,
      unreadyAfterSeconds,
      status,
      log,
      ...(hooks && { hooks }),
      ...(dashboard && { fallback: dashboard }),
    });
    log.info({ host, port: server.port }, "health endpoint listening");
    if (dashboard) log.info({ host, port: server.port }, "dashboard listening");
    return server;
  } catch (error) {
    const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === "EADDRINUSE" && port === defaultHealthPort) {
      log.warn(
        { host, port },
        `health endpoint${hooks ? " and webhooks" : ""}${dashboard ? " and dashboard" : ""} off: port ${port} is in use (another skein?); set SKEIN_HEALTH_PORT to a free port`,
      );
      return undefined;
    }
    throw new DaemonError(
      "port-in-use",
      `${(error as Error).message}; set SKEIN_HEALTH_PORT (gateway.health_port) to a free port`,
    );
  }
}

/** The host names the endpoints answer besides IP literals and localhost: `gateway.hosts` and the interface's own name. */
function servedHosts(gateway: LoadedConfig["config"]["gateway"]): string[] {
  return [gateway.health_host, ...gateway.hosts];
}
