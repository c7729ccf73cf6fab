import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { AgentLoop, type TurnOutcome } from "./agent/agent-loop.js";
import type { SessionStore } from "./agent/sessions.js";
import { ApprovalBroker } from "./approvals/approval-broker.js";
import { MessageBus } from "./bus/message-bus.js";
import { configuredChannels, noChannelText } from "./channel-catalog/loader.js";
import { ChannelSupervisor } from "./channel-kit/channel-supervisor.js";
import type { Cluster } from "./cluster/open-cluster.js";
import { configWarnings } from "./config/config-warnings.js";
import { type LoadedConfig, loadConfig } from "./config/load.js";
import { configSecrets } from "./config/secrets.js";
import { channelSpecs, type ExtraChannel } from "./daemon/channel-specs.js";
import { DaemonError } from "./daemon/daemon-error.js";
import { type OpenedAgents, openAgents } from "./daemon/open-agents.js";
import { openStores } from "./daemon/open-stores.js";
import { ServiceEndpoints, takeInstanceLock } from "./daemon/service.js";
import type { DaemonWebChat } from "./daemon/web-chat.js";
import { createAccessGate } from "./gates/access-gate.js";
import { createSenderPermission } from "./gates/sender-permission.js";
import type { DaemonStatus } from "./health/daemon-status.js";
import { createLogger, type Logger } from "./log.js";
import { routerFromConfig } from "./providers/configured-router.js";
import type { ModelRouter } from "./providers/model-router.js";
import type { LlmProvider } from "./providers/provider.js";
import { Scheduler } from "./scheduler/scheduler.js";
import type { McpHub } from "./tools/mcp/hub.js";
import { pricesFrom, UsageLedger } from "./usage/usage-ledger.js";
import type { InstanceLock } from "./util/instance-lock.js";
import { Redactor } from "./util/redactor.js";
import { settleWithin } from "./util/settle-within.js";
import type { WriteHealth } from "./util/write-health.js";

export type { ExtraChannel, ExtraChannelDeps } from "./daemon/channel-specs.js";
export { DaemonError, type DaemonErrorKind } from "./daemon/daemon-error.js";
export {
  logRejectionsExitOnUncaughtException,
  runUntilSignalled,
  type StopSignal,
  waitForStopSignal,
} from "./daemon/process-signals.js";

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
  channels?: ExtraChannel[];
  /** With `agents.list`: the agent that answers every message of the extra `channels` (`skein chat --agent`). */
  agent?: string;
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
  let writeHealth: WriteHealth | undefined;
  const root = new AbortController();
  const startedAt = Date.now();
  const outcomeListeners = new Set<(outcome: TurnOutcome) => void>();
  let log: Logger | undefined;
  let agent: AgentLoop | undefined;
  let sessions: SessionStore | undefined;
  let supervisor: ChannelSupervisor | undefined;
  let approvals: ApprovalBroker | undefined;
  let mcpReady: Promise<McpHub | undefined> | undefined;
  /** The health, webhook and admin endpoints of `skein start`. */
  let service: ServiceEndpoints | undefined;
  let router: ModelRouter | undefined;
  let ledger: UsageLedger | undefined;
  let lock: InstanceLock | undefined;
  let stopping: Promise<void> | undefined;
  let opened: OpenedAgents | undefined;
  let stopMenus: (() => void) | undefined;
  /** The dashboard's chat, when `skein start` serves the dashboard. */
  let webChat: DaemonWebChat | undefined;

  async function start(): Promise<void> {
    const loaded =
      options.loaded ??
      (await loadConfig({
        configPath: options.configPath,
        env: options.env,
        cwd: options.cwd,
        ignoreDotEnv: options.ignoreDotEnv,
      }));
    const { config, home } = loaded;
    secrets = configSecrets(config);
    // One redactor for log lines and everything sent: the skills add their secrets to it once read.
    const redactor = new Redactor(secrets);
    // The dashboard's log tail and turn charts exist only when it is served.
    const logRing =
      options.service && config.dashboard.enabled ? new (await import("./dashboard/log-ring.js")).LogRing() : undefined;
    const turnMetrics = logRing && new (await import("./dashboard/turn-metrics.js")).TurnMetrics();
    log =
      options.log ??
      (await createLogger({
        level: options.logLevel ?? config.log_level,
        redactor,
        file: options.service ? config.log_file : undefined,
        ...(logRing && { tap: logRing.add }),
      }));
    for (const warning of loaded.warnings) log.warn(warning);
    if (options.service) lock = await takeInstanceLock(home);
    const platform = options.platformChannels === false ? [] : configuredChannels(config);
    const extra = options.channels ?? [];
    if (platform.length + extra.length === 0) throw new DaemonError("no-channels", NO_CHANNEL_MESSAGE);
    if (options.platformChannels !== false) for (const warning of configWarnings(config, platform)) log.warn(warning);

    const stores = await openStores({ loaded, log, durable: options.durable, now: options.now });
    cluster = stores.cluster;
    writeHealth = stores.writeHealth;
    sessions = stores.sessions;
    const { pairings } = stores;
    const redact = (text: string) => redactor.redact(text);
    const messageBus = new MessageBus({ journal: stores.journal, redact });
    bus = messageBus;
    const broker = new ApprovalBroker({
      channel: (name) => supervisor?.channel(name),
      approvers: config.tools.approvers,
      timeoutMs: config.tools.approval_timeout * 1000,
      log,
      redact,
      ...(stores.approvalRelay && { relay: stores.approvalRelay }),
    });
    approvals = broker;
    // The dashboard's chat (the `web` channel) when `skein start` serves the dashboard; imported only then.
    webChat =
      options.service && config.dashboard.enabled
        ? await (await import("./daemon/web-chat.js")).openDaemonWebChat({
            home,
            bus: messageBus,
            loadSession: (key) => stores.sessions.load(key),
            redact,
            maxFileBytes: config.agents.defaults.max_attachment_bytes,
            ...(cluster && { cluster }),
          })
        : undefined;
    const specs = channelSpecs({
      config,
      home,
      platform,
      extra: webChat ? [...extra, webChat.channel] : extra,
      bus: messageBus,
      log,
      approvals: broker,
      cluster,
      redactor,
    });

    const sessionStore = stores.sessions;
    const now = options.now ?? Date.now;
    const scheduler = new Scheduler({
      ...stores.jobs,
      // Recorded like a platform message: a run's id is the same after a crash, so it fires once.
      record: (message) => messageBus.publishInbound(message),
      catchUpSeconds: config.tools.schedule.catch_up,
      maxJobsPerChat: config.tools.schedule.max_jobs_per_chat,
      defaultTimeZone: config.agents.defaults.timezone,
      log,
      now,
    });
    router = options.provider ? undefined : routerFromConfig({ config, log, now });
    const usageLedger = new UsageLedger({ ...stores.usage, priceOf: pricesFrom(config.providers), log, now });
    ledger = usageLedger;
    const agents = await openAgents({
      loaded,
      ...(options.agent && {
        pinned: { agent: options.agent, channels: new Set(extra.map((channel) => channel.name)) },
      }),
      deps: {
        config,
        home,
        env: loaded.env,
        log,
        signal: root.signal,
        redactor,
        broker,
        scheduler,
        pairings,
        sessions: sessionStore,
        ledger: usageLedger,
        now,
        ...(options.provider && { provider: options.provider }),
        ...(router && { router }),
        ...(stores.memory && { memory: stores.memory }),
        ...(stores.agentMemory && { agentMemory: stores.agentMemory }),
        fetchFor: (message) => {
          const channel = supervisor?.channel(message.channel);
          return channel?.fetchAttachment?.bind(channel);
        },
      },
    });
    opened = agents;
    const { runtime: main, skills: skillSet } = agents.main;
    const { registry } = main;
    const mcpServers = agents.mcpServers;
    const mcpConnecting = Object.keys(mcpServers).length
      ? import("./tools/mcp/hub.js").then(({ connectMcpServers }) =>
          connectMcpServers({
            servers: mcpServers,
            registry: agents.directory?.mcpTools ?? registry,
            log: log!,
            signal: root.signal,
            env: loaded.env,
          }),
        )
      : undefined;
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
      provider: main.provider,
      ...(main.contextWindow && { contextWindow: main.contextWindow }),
      registry,
      sessions: sessionStore,
      context: main.context,
      ...(main.skills && { skills: main.skills }),
      ...(agents.directory && { agents: agents.directory }),
      // De-duplication is the journal's: a message seen in any state is never handed out twice.
      gates: [
        createAccessGate({
          config,
          home,
          log,
          pairings,
          replyLimit: stores.pairingReplies,
        }),
      ],
      agent: config.agents.defaults,
      log,
      settings: stores.sessionSettings,
      mayConfigure: createSenderPermission({ config, pairings }),
      ledger: usageLedger,
      ...(main.budgets && { budgets: main.budgets }),
      indicateWorking: (message) => channels.channel(message.channel)?.indicateWorking?.(message),
      openStream: (target, resume) => channels.channel(target.channel)?.openStream?.(target, resume),
      onConversationReset: (sessionKey) => broker.forgetConversation(sessionKey),
      ...(main.attachments && { attachments: main.attachments }),
    });
    agent.onOutcome((outcome) => {
      for (const listener of outcomeListeners) listener(outcome);
    });
    if (turnMetrics)
      agent.onOutcome((outcome) => {
        if (outcome.status === "answered") turnMetrics.add(Date.now() - outcome.message.receivedAt);
        const events = service?.dashboard?.dashboard.events;
        if (!events?.listening) return;
        events.publish("conversation", { key: outcome.sessionKey });
        events.publish("overview");
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
      service = new ServiceEndpoints({
        loaded,
        log,
        pairings,
        pairingReplies: stores.pairingReplies,
        status,
        record: (message) => messageBus.publishInbound(message),
        ...(cluster && { cluster }),
        ...(logRing &&
          turnMetrics && {
            dashboard: {
              loaded,
              status,
              pairings,
              pairingReplies: stores.pairingReplies,
              approvals: broker,
              scheduler,
              ledger: ledger!,
              sessions: sessionStore,
              ...(!cluster && { sessionsDir: join(home, "sessions") }),
              logs: logRing,
              metrics: turnMetrics,
              redact,
              secrets,
            },
          }),
      });
      await service.start();
      const dashboard = service.dashboard?.dashboard;
      if (dashboard) await webChat?.join(dashboard);
    }
    // Resumed entries wait for their channels too, so that their replies find a sender.
    const channelsStarted = supervisor.startAll(specs);
    agent.start(Promise.all([mcpReady, channelsStarted]));
    await channelsStarted;
    if (root.signal.aborted) return; // stopped during start-up
    // The dashboard's chat is always up; it does not keep a daemon whose every configured channel failed.
    if (supervisor.allFailed(webChat ? [webChat.channel.name] : [])) {
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
    // The skills are read in the background once ready: start-up does not wait for them, the first turn does.
    void skillSet
      .publishMenus(() => Object.keys(channels.statuses()).flatMap((name) => channels.channel(name) ?? []))
      .then((stop) => {
        stopMenus = stop;
      });
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
      await service?.close();
      await webChat?.close();
      stopMenus?.();
      await opened?.close();
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
      ...(writeHealth?.failures.length ? { storage: { failing: writeHealth.failures } } : {}),
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
