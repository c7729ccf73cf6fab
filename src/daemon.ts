import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import type { AdminServer } from "./admin/admin-server.js";
import { AgentLoop, type TurnOutcome } from "./agent/agent-loop.js";
import { attachmentResolver } from "./agent/attachments.js";
import { ContextBuilder } from "./agent/context.js";
import { SessionSettingsFile } from "./agent/session-settings.js";
import { SessionFiles, type SessionStore } from "./agent/sessions.js";
import { ApprovalBroker } from "./approvals/approval-broker.js";
import { openFileJournal } from "./bus/file-journal.js";
import { MessageBus } from "./bus/message-bus.js";
import type { Channel, ChannelDeps } from "./channel-kit/channel.js";
import { type ChannelSpec, ChannelSupervisor } from "./channel-kit/channel-supervisor.js";
import {
  configuredChannels,
  loadChannelFactory,
  noChannelText,
  platformChannel,
  receivingLeaseName,
  settingsOf,
} from "./channel-kit/loader.js";
import type { Cluster } from "./cluster/open-cluster.js";
import { configWarnings } from "./config/config-warnings.js";
import { type LoadedConfig, loadConfig } from "./config/load.js";
import { defaultHealthPort } from "./config/schema.js";
import { configSecrets, redactSecrets } from "./config/secrets.js";
import { ensureWorkspaceDirectory } from "./config/workspace-dir.js";
import { createAccessGate, PairingFiles } from "./gates/access-gate.js";
import { createSenderPermission } from "./gates/sender-permission.js";
import type { DaemonStatus } from "./health/daemon-status.js";
import type { HealthServer } from "./health/health-server.js";
import { createLogger, type Logger } from "./log.js";
import { routerFromConfig } from "./providers/configured-router.js";
import type { ModelRouter } from "./providers/model-router.js";
import type { LlmProvider } from "./providers/provider.js";
import { type HookRequestHandler, hookRequestHandler, startHookServer } from "./scheduler/hook-endpoint.js";
import { JobFiles, jobsFile } from "./scheduler/job-store.js";
import { Scheduler } from "./scheduler/scheduler.js";
import { registerBuiltinTools } from "./tools/builtin/index.js";
import type { McpHub } from "./tools/mcp/hub.js";
import { ToolRegistry } from "./tools/registry.js";
import { BudgetGuard } from "./usage/budgets.js";
import { pricesFrom, UsageLedger } from "./usage/usage-ledger.js";
import { UsageFiles } from "./usage/usage-store.js";
import { acquireInstanceLock, type InstanceLock, InstanceLockError } from "./util/instance-lock.js";
import { settleWithin } from "./util/settle-within.js";

export interface DaemonOptions {
  /** `--config FILE`. */
  configPath?: string;
  /** Environment (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  ignoreDotEnv?: boolean;
  /** An already loaded configuration (skips loading). */
  loaded?: LoadedConfig;
  /** The model (default: every `providers.<name>` behind a router with `agents.defaults.fallbacks`). */
  provider?: LlmProvider;
  /** Epoch milliseconds, for provider cooldowns, usage and budget days (default `Date.now`). */
  now?: () => number;
  log?: Logger;
  /** Log level overriding the config's. */
  logLevel?: string;
  /** Start the platform channels whose credentials are configured (default true). */
  platformChannels?: boolean;
  /** More channels: the terminal for `skein chat`, fakes in tests. */
  channels?: Array<{ name: string; create: (deps: ExtraChannelDeps) => Channel }>;
  /** How long in-flight turns may run on at shutdown (default 10 s). */
  graceMs?: number;
  /** First retry delay of a channel that failed to start transiently (default 1 s). */
  channelRetryBaseMs?: number;
  /**
   * Run as the service of `$SKEIN_HOME` (`skein start`): hold its instance lock, serve the
   * health endpoints and the admin endpoint. Default false: `skein chat` and tests bind no port.
   */
  service?: boolean;
  /**
   * Journal inbound messages durably under `$SKEIN_HOME/state` (default true). `skein chat`
   * turns it off: the terminal needs no redelivery, and a running `skein start` owns the file.
   */
  durable?: boolean;
}

/** What a channel added in code is given: the whole config, as it has no settings of its own. */
export interface ExtraChannelDeps extends Omit<ChannelDeps, "settings"> {
  config: LoadedConfig["config"];
}

export type DaemonErrorKind = "no-channels" | "all-channels-failed" | "already-running" | "port-in-use";

/** Why the daemon cannot run; the message tells the user what to do. */
export class DaemonError extends Error {
  override readonly name = "DaemonError";
  constructor(
    readonly kind: DaemonErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Why `skein start` refuses to run without a channel, naming each plugin's credentials (from the catalog). */
export const NO_CHANNEL_MESSAGE = noChannelText().message;

/** The running daemon: wiring, start-up and graceful shutdown. */
export interface Daemon {
  /** The message bus (throws before `start()` opened its journal). */
  readonly bus: MessageBus;
  /** The logger (available once started). */
  readonly log: Logger | undefined;
  start(): Promise<void>;
  /**
   * Stops taking messages from the channels first (no new acknowledgements), lets turns
   * finish (grace period; what is cut short stays journaled for the next start), drains,
   * flushes, stops the channels and closes the journal. Idempotent.
   */
  stop(): Promise<void>;
  status(): DaemonStatus;
  /** Resolves once no turn is running or queued, every reply was delivered and every usage record stored. */
  idle(): Promise<void>;
  onOutcome(listener: (outcome: TurnOutcome) => void): () => void;
}

export function createDaemon(options: DaemonOptions = {}): Daemon {
  /** The config's secret values, once it is loaded: no outbound text carries them, as no log line does. */
  let secrets: string[] = [];
  let bus: MessageBus | undefined;
  /** Cluster mode (`bus.redis_url`): the Redis journal, leases and shared state. */
  let cluster: Cluster | undefined;
  const root = new AbortController();
  const startedAt = Date.now();
  const outcomeListeners = new Set<(outcome: TurnOutcome) => void>();
  let log: Logger | undefined;
  let agent: AgentLoop | undefined;
  let sessions: SessionStore | undefined;
  let supervisor: ChannelSupervisor | undefined;
  let approvals: ApprovalBroker | undefined;
  let mcpReady: Promise<McpHub | undefined> | undefined;
  let health: HealthServer | undefined;
  let hookServer: { close(): Promise<void> } | undefined;
  let router: ModelRouter | undefined;
  let ledger: UsageLedger | undefined;
  let admin: AdminServer | undefined;
  let lock: InstanceLock | undefined;
  let stopping: Promise<void> | undefined;

  async function start(): Promise<void> {
    const loaded =
      options.loaded ??
      (await loadConfig({
        configPath: options.configPath,
        env: options.env,
        cwd: options.cwd,
        ignoreDotEnv: options.ignoreDotEnv,
      }));
    const { config, home, workspace } = loaded;
    secrets = configSecrets(config);
    log =
      options.log ??
      (await createLogger({
        level: options.logLevel ?? config.log_level,
        secrets,
        file: options.service ? config.log_file : undefined,
      }));
    for (const warning of loaded.warnings) log.warn(warning);
    if (options.service) lock = await takeInstanceLock(home);
    cluster =
      options.durable !== false && config.bus.redis_url
        ? await (await import("./cluster/open-cluster.js")).openCluster({
            url: config.bus.redis_url,
            password: config.bus.redis_password,
            log,
            maxMessageAgeSeconds: config.agents.defaults.max_message_age,
            takeoverAfterSeconds: config.bus.takeover_after,
          })
        : undefined;
    const journal =
      options.durable === false
        ? undefined
        : (cluster?.journal ??
          (await openFileJournal({
            dir: join(home, "state"),
            log,
            maxMessageAgeSeconds: config.agents.defaults.max_message_age,
          })));
    const shared = cluster
      ? await (await import("./cluster/cluster-access.js")).clusterAccess(cluster, options.now)
      : undefined;
    const pairings = shared?.pairings ?? new PairingFiles({ home });
    const messageBus = new MessageBus({ journal, redact: (text) => redactSecrets(text, secrets) });
    bus = messageBus;

    const broker = new ApprovalBroker({
      channel: (name) => supervisor?.channel(name),
      approvers: config.tools.approvers,
      timeoutMs: config.tools.approval_timeout * 1000,
      log,
      redact: (text) => redactSecrets(text, secrets),
      ...(shared ? { relay: shared.approvals } : {}),
    });
    approvals = broker;
    const platform = options.platformChannels === false ? [] : configuredChannels(config);
    // Clustered, a single-consumer connection receives in one process at a time, under its lease.
    const leaseOf = (name: string) => {
      const lease = cluster && receivingLeaseName(name, (config.channels as Record<string, unknown>)[name]);
      return lease ? { lease } : {};
    };
    const specs: ChannelSpec[] = [
      ...platform.map((name) => ({
        name,
        ...leaseOf(name),
        credentialRemedy: platformChannel(name)?.credentialRemedy,
        create: async () =>
          (await loadChannelFactory(name))({
            settings: settingsOf(config, name),
            bus: messageBus,
            log: log!,
            home,
            approvals: broker,
            maxMessageAgeSeconds: config.agents.defaults.max_message_age,
            ...(cluster && { sharedState: cluster.channelState(name) }),
          }),
      })),
      ...(options.channels ?? []).map((extra) => ({
        name: extra.name,
        ...leaseOf(extra.name),
        credentialRemedy: platformChannel(extra.name)?.credentialRemedy,
        create: () =>
          extra.create({
            config,
            bus: messageBus,
            log: log!,
            home,
            approvals: broker,
            ...(cluster && { sharedState: cluster.channelState(extra.name) }),
          }),
      })),
    ];
    if (specs.length === 0) throw new DaemonError("no-channels", NO_CHANNEL_MESSAGE);
    if (options.platformChannels !== false) for (const warning of configWarnings(config, platform)) log.warn(warning);

    await Promise.all([
      ensureWorkspaceDirectory(workspace),
      mkdir(join(home, "sessions"), { recursive: true, mode: 0o700 }),
    ]);
    const registry = new ToolRegistry({
      log,
      approval: config.tools.approval,
      approvalRequired: config.tools.approval_required,
      approvals: broker,
    });
    // Memory holds what the history window can use; the file (or Redis list) keeps everything.
    const retain = config.agents.defaults.memory_window;
    const sharedSessions =
      cluster && (await import("./cluster/cluster-sessions.js")).clusterSessions(cluster, log, retain);
    sessions = sharedSessions?.sessions ?? new SessionFiles({ dir: join(home, "sessions"), log, retain });
    const sessionStore = sessions;
    const now = options.now ?? Date.now;
    // Cluster mode: jobs, MEMORY.md and per-user notes are shared through Redis.
    const sharedMemory = cluster
      ? await (await import("./cluster/redis-notes.js")).openSharedMemory({ ...cluster, workspace, home, log })
      : undefined;
    const scheduler = new Scheduler({
      store: cluster ? new (await import("./cluster/redis-jobs.js")).RedisJobs(cluster) : new JobFiles(jobsFile(home)),
      // Clustered, a job another process adds is seen within a second (one cheap ZRANGE).
      ...(cluster ? { maxSleepMs: 1000 } : {}),
      // Recorded like a platform message: a run's id is the same after a crash, so it fires once.
      record: (message) => messageBus.publishInbound(message),
      catchUpSeconds: config.tools.schedule.catch_up,
      maxJobsPerChat: config.tools.schedule.max_jobs_per_chat,
      defaultTimeZone: config.agents.defaults.timezone,
      log,
      now,
    });
    registerBuiltinTools(registry, {
      config,
      workspace,
      home,
      log,
      env: loaded.env,
      signal: root.signal,
      hasConversation: (channel, chatId) => sessionStore.hasChat(channel, chatId),
      pairings,
      scheduler,
      ...sharedMemory,
    });
    const mcpConnecting = Object.keys(config.tools.mcp_servers).length
      ? import("./tools/mcp/hub.js").then(({ connectMcpServers }) =>
          connectMcpServers({
            servers: config.tools.mcp_servers,
            registry,
            log: log!,
            signal: root.signal,
            env: loaded.env,
          }),
        )
      : undefined;
    router = options.provider ? undefined : routerFromConfig({ config, log, now });
    const provider = options.provider ?? router!;
    ledger = new UsageLedger({
      // Gathered for a tenth of a second: one append for many turns instead of an open, append and close each.
      store: shared?.usage ?? new UsageFiles(join(home, "usage"), { gatherMs: 100 }),
      ...(shared ? { shared: shared.usage } : {}),
      priceOf: pricesFrom(config.providers),
      log,
      now,
    });
    supervisor = new ChannelSupervisor({
      bus: messageBus,
      log,
      signal: root.signal,
      retryBaseMs: options.channelRetryBaseMs,
      ...(cluster && { leases: cluster.connectionLeases }),
    });
    const channels = supervisor;
    agent = new AgentLoop({
      bus: messageBus,
      provider,
      registry,
      sessions,
      context: new ContextBuilder({ workspace, log, ...(sharedMemory && { memory: sharedMemory.memory }) }),
      // De-duplication is the journal's: a message seen in any state is never handed out twice.
      gates: [
        createAccessGate({
          config,
          home,
          log,
          pairings,
          ...(shared ? { replyLimit: shared.pairingReplies } : {}),
        }),
      ],
      agent: config.agents.defaults,
      log,
      settings: sharedSessions?.settings ?? new SessionSettingsFile({ path: join(home, "session-settings.json"), log }),
      mayConfigure: createSenderPermission({ config, pairings }),
      ledger,
      budgets: new BudgetGuard({ limits: config.agents.defaults.budgets, ledger, log }),
      indicateWorking: (message) => channels.channel(message.channel)?.indicateWorking?.(message),
      openStream: (target, resume) => channels.channel(target.channel)?.openStream?.(target, resume),
      onConversationReset: (sessionKey) => broker.forgetConversation(sessionKey),
      attachments: attachmentResolver({
        workspace,
        config,
        log,
        fetchFor: (message) => {
          const channel = channels.channel(message.channel);
          return channel?.fetchAttachment?.bind(channel);
        },
      }),
    });
    agent.onOutcome((outcome) => {
      for (const listener of outcomeListeners) listener(outcome);
    });
    messageBus.onDeliveryFailed((message, error) =>
      log!.warn({ channel: message.channel, chatId: message.chatId, err: error }, "outbound delivery failed"),
    );

    // Messages that arrive while MCP servers connect wait for their tools.
    mcpReady = (mcpConnecting ?? Promise.resolve(undefined)).catch((error: unknown) => {
      log!.error({ err: error }, "MCP servers could not be connected");
      return undefined;
    });
    if (options.service) {
      // Up before the channels connect, so /healthz answers during start-up and /readyz shows "starting".
      const hooks = Object.keys(config.hooks).length
        ? hookRequestHandler({ hooks: config.hooks, record: (message) => messageBus.publishInbound(message), log })
        : undefined;
      const hookPort = config.gateway.port ?? config.gateway.health_port;
      health = await startHealth(loaded, status, log, hookPort === config.gateway.health_port ? hooks : undefined);
      if (hooks && hookPort !== config.gateway.health_port) {
        hookServer = await startHookServer({ host: config.gateway.health_host, port: hookPort, handler: hooks });
        log.info({ port: hookPort }, "webhooks listening");
      }
      const [{ startAdminServer }, { adminRoutes }, { statusReport }] = await Promise.all([
        import("./admin/admin-server.js"),
        import("./admin/admin-routes.js"),
        import("./health/health-server.js"),
      ]);
      const unreadyAfterSeconds = config.gateway.unready_after;
      admin = await startAdminServer({
        home,
        log,
        routes: adminRoutes({
          home,
          pairings,
          status: () => statusReport(status(), { now: Date.now(), unreadyAfterSeconds }),
        }),
      });
    }
    // Resumed entries wait for their channels too, so that their replies find a sender.
    const channelsStarted = supervisor.startAll(specs);
    agent.start(Promise.all([mcpReady, channelsStarted]));
    await channelsStarted;
    if (root.signal.aborted) return; // stopped during start-up
    if (supervisor.allFailed()) {
      const reasons = supervisor
        .failures()
        .map((failure) => `${failure.name}: ${failure.reason}`)
        .join("; ");
      await stop();
      throw new DaemonError("all-channels-failed", `every configured channel failed to start (${reasons})`);
    }
    await mcpReady;
    // Clustered, the timer runs in the one process holding the lease `scheduler`; another takes over when it dies.
    if (cluster)
      void (await import("./cluster/while-leased.js")).whileLeased(cluster.leases, "scheduler", {
        signal: root.signal,
        log,
        run: (held) => void scheduler.start(held),
      });
    else void scheduler.start(root.signal);

    log.info(
      {
        channels: Object.fromEntries(
          Object.entries(supervisor.statuses()).map(([name, channelStatus]) => [name, channelStatus.state]),
        ),
        failed: supervisor.failures().map((failure) => failure.name),
        model: config.agents.defaults.model,
        fallbacks: config.agents.defaults.fallbacks,
        tools: registry.list().length,
      },
      "skein ready",
    );
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      const graceMs = options.graceMs ?? 10_000;
      bus?.closeIntake();
      // A decision given now could not be kept: waiting calls are denied (their prompts say so) and their turns end.
      const approvalsClosed = approvals?.close();
      await agent?.stop(graceMs);
      await settleWithin(approvalsClosed ?? Promise.resolve(), graceMs);
      root.abort();
      if (bus && !(await settleWithin(bus.drain(), graceMs)))
        log?.warn("some replies were still being delivered at shutdown");
      await sessions?.flush();
      await ledger?.flush();
      await supervisor?.stopAll();
      await bus?.close().catch((error: unknown) => log?.error({ err: error }, "closing the journal failed"));
      await cluster
        ?.close()
        .catch((error: unknown) => log?.warn({ err: error }, "closing the Redis connections failed"));
      const mcp = await mcpReady;
      await mcp?.close().catch((error: unknown) => log?.warn({ err: error }, "closing MCP servers failed"));
      await health?.close().catch(() => undefined);
      await hookServer?.close().catch(() => undefined);
      await admin?.close().catch(() => undefined);
      lock?.release();
      if (agent) log?.info("skein stopped");
    })();
    return stopping;
  }

  function status(): DaemonStatus {
    const stats = agent?.stats ?? { sessions: 0, activeSessions: 0, turnsServed: 0 };
    return {
      version: packageJson.version,
      startedAt,
      channels: supervisor?.statuses() ?? {},
      ...stats,
      ...(router ? { models: router.status() } : {}),
      ...(cluster ? { cluster: cluster.journal.status() } : {}),
    };
  }

  return {
    get bus() {
      if (!bus) throw new Error("the daemon has not started");
      return bus;
    },
    get log() {
      return log;
    },
    start,
    stop,
    status,
    async idle() {
      await agent?.idle();
      await bus?.drain();
      await sessions?.flush();
      await ledger?.flush();
    },
    onOutcome(listener) {
      outcomeListeners.add(listener);
      return () => outcomeListeners.delete(listener);
    },
  };
}

/** The instance lock of `home`: a second daemon on the same `$SKEIN_HOME` says who runs and stops. */
async function takeInstanceLock(home: string): Promise<InstanceLock> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  try {
    return acquireInstanceLock(home);
  } catch (error) {
    if (error instanceof InstanceLockError)
      throw new DaemonError("already-running", `${error.message}; stop it first, or give this one another SKEIN_HOME`);
    throw error;
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
): Promise<HealthServer | undefined> {
  const { health_host: host, health_port: port, unready_after: unreadyAfterSeconds } = loaded.config.gateway;
  const { startHealthServer } = await import("./health/health-server.js");
  try {
    const server = await startHealthServer({ host, port, unreadyAfterSeconds, status, log, ...(hooks && { hooks }) });
    log.info({ host, port: server.port }, "health endpoint listening");
    return server;
  } catch (error) {
    const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === "EADDRINUSE" && port === defaultHealthPort) {
      log.warn(
        { host, port },
        `health endpoint${hooks ? " and webhooks" : ""} off: port ${port} is in use (another skein?); set SKEIN_HEALTH_PORT to a free port`,
      );
      return undefined;
    }
    throw new DaemonError(
      "port-in-use",
      `${(error as Error).message}; set SKEIN_HEALTH_PORT (gateway.health_port) to a free port`,
    );
  }
}

/**
 * Starts listening for SIGINT and SIGTERM at once (before the daemon starts, so a signal
 * during start-up is not lost), and keeps the process alive until one arrives.
 */
export function waitForStopSignal(): StopSignal {
  // Channels usually hold sockets open; this keeps the process alive when none does.
  const keepAlive = setInterval(() => undefined, 2 ** 30);
  let stop!: (signal: NodeJS.Signals) => void;
  const dispose = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    clearInterval(keepAlive);
  };
  const received = new Promise<NodeJS.Signals>((resolve) => {
    stop = (signal) => {
      dispose();
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return { received, dispose };
}

/** A pending SIGINT/SIGTERM; `dispose` stops waiting (e.g. when start-up failed). */
export interface StopSignal {
  received: Promise<NodeJS.Signals>;
  dispose(): void;
}

/**
 * Logs a stray promise rejection (from a channel SDK, a tool, a provider) and keeps
 * running: one bad message never kills the daemon. An uncaught exception leaves the
 * process in an undefined state, so it is logged and the process exits with code 1 for
 * its supervisor to restart it. Install it before start-up; returns the function that removes it.
 */
export function logRejectionsExitOnUncaughtException(
  log: () => Logger | undefined,
  exit: (code: number) => void = process.exit,
): () => void {
  const report = (what: string) => (error: unknown) => {
    const logger = log();
    if (logger) logger.error({ err: error }, what);
    else
      process.stderr.write(
        `skein: ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
  };
  const onRejection = report("unhandled promise rejection (skein keeps running)");
  const reportException = report("uncaught exception: exiting so that the supervisor restarts skein");
  const onException = (error: unknown) => {
    reportException(error);
    exit(1);
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}

/**
 * Runs a started daemon until `stopSignal` (see {@link waitForStopSignal}), then stops it
 * gracefully and returns the exit code. A second signal exits at once.
 */
export async function runUntilSignalled(daemon: Daemon, log: Logger, stopSignal: StopSignal): Promise<number> {
  const signal = await stopSignal.received;
  log.info({ signal }, "shutting down: finishing the turns in flight");
  const forceExit = (second: NodeJS.Signals) => {
    log.warn({ signal: second }, "second signal: exiting now");
    process.exit(1);
  };
  process.once("SIGINT", forceExit);
  process.once("SIGTERM", forceExit);
  try {
    await daemon.stop();
    return 0;
  } catch (error) {
    log.error({ err: error }, "shutdown failed");
    return 1;
  }
}
