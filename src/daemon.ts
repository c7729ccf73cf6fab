import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import type { TurnOutcome } from "./agent/agent-loop.js";
import { ApprovalBroker } from "./approvals/approval-broker.js";
import { BrowserPool } from "./browser/index.js";
import { MessageBus } from "./bus/message-bus.js";
import { configuredChannels, noChannelText } from "./channel-catalog/loader.js";
import { ChannelSupervisor } from "./channel-kit/channel-supervisor.js";
import { configWarnings } from "./config/config-warnings.js";
import { type LoadedConfig, loadConfig } from "./config/load.js";
import { configSecrets } from "./config/secrets.js";
import { sandboxInEffect } from "./daemon/agent-tools.js";
import { channelSpecs, type ExtraChannel } from "./daemon/channel-specs.js";
import { DaemonError } from "./daemon/daemon-error.js";
import { chartTurns, openDaemonLogging } from "./daemon/daemon-logging.js";
import { webChatOnly, webChatPortInUse } from "./daemon/first-run.js";
import { openAgentLoop } from "./daemon/open-agent-loop.js";
import { connectAgentsMcp, openAgents } from "./daemon/open-agents.js";
import { openStores } from "./daemon/open-stores.js";
import { type DashboardAccess, ServiceEndpoints, takeInstanceLock } from "./daemon/service.js";
import { type RunningParts, shutDown } from "./daemon/shutdown.js";
import type { DaemonStatus } from "./health/daemon-status.js";
import type { Logger } from "./log.js";
import { routerFromConfig } from "./providers/configured-router.js";
import type { ModelRouter } from "./providers/model-router.js";
import type { LlmProvider } from "./providers/provider.js";
import { Scheduler } from "./scheduler/scheduler.js";
import { pricesFrom, UsageLedger } from "./usage/usage-ledger.js";
import { Redactor } from "./util/redactor.js";
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
  /** What the admin endpoint's `POST /stop` (`skein stop`) does: stop as on SIGTERM (without it the route refuses). */
  requestStop?: () => void;
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
  /** The dashboard it serves (`skein start` with `dashboard.enabled`): its address and new login links. */
  dashboard(): DashboardAccess | undefined;
}

export function createDaemon(options: DaemonOptions = {}): Daemon {
  /** The config's secret values, once it is loaded: no outbound text carries them, as no log line does. */
  let secrets: string[] = [];
  let writeHealth: WriteHealth | undefined;
  const root = new AbortController();
  const startedAt = Date.now();
  const outcomeListeners = new Set<(outcome: TurnOutcome) => void>();
  /** What start-up opened so far, for status, idle and the shutdown. */
  const parts: RunningParts = {};
  let router: ModelRouter | undefined;
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
    const { config, home } = loaded;
    secrets = configSecrets(config);
    // One redactor for log lines and everything sent: the skills add their secrets to it once read.
    const redactor = new Redactor(secrets);
    const { log, logRing, turnMetrics } = await openDaemonLogging(config, redactor, {
      service: options.service,
      given: options.log,
      level: options.logLevel,
    });
    parts.log = log;
    for (const warning of loaded.warnings) log.warn(warning);
    if (options.service) parts.lock = await takeInstanceLock(home);
    const platform = options.platformChannels === false ? [] : configuredChannels(config);
    const extra = options.channels ?? [];
    // A model alone is enough: the dashboard's web chat is then the channel (the first run).
    const webOnly = webChatOnly(config, platform.length + extra.length, options.service === true);
    if (options.platformChannels !== false) for (const warning of configWarnings(config, platform)) log.warn(warning);

    const stores = await openStores({ loaded, log, durable: options.durable, now: options.now });
    const { cluster } = stores;
    parts.cluster = cluster;
    writeHealth = stores.writeHealth;
    parts.sessions = stores.sessions;
    const { pairings } = stores;
    const redact = (text: string) => redactor.redact(text);
    const messageBus = new MessageBus({ journal: stores.journal, redact });
    parts.bus = messageBus;
    const broker = new ApprovalBroker({
      channel: (name) => parts.supervisor?.channel(name),
      approvers: config.tools.approvers,
      timeoutMs: config.tools.approval_timeout * 1000,
      log,
      redact,
      ...(stores.approvalRelay && { relay: stores.approvalRelay }),
    });
    parts.approvals = broker;
    // The dashboard's chat (the `web` channel) when `skein start` serves the dashboard; imported only then.
    const webChat =
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
    parts.webChat = webChat;
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
    parts.ledger = usageLedger;
    // Nothing starts until a conversation's first browser action (Playwright is imported then).
    const browsers = new BrowserPool({ home, maxOpen: config.tools.browser.max_open, log });
    parts.browsers = browsers;
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
        browsers,
        ...(options.provider && { provider: options.provider }),
        ...(router && { router }),
        ...(stores.memory && { memory: stores.memory }),
        ...(stores.agentMemory && { agentMemory: stores.agentMemory }),
        fetchFor: (message) => {
          const channel = parts.supervisor?.channel(message.channel);
          return channel?.fetchAttachment?.bind(channel);
        },
      },
    });
    parts.opened = agents;
    const { runtime: main, skills: skillSet } = agents.main;
    const { registry } = main;
    // Messages that arrive while MCP servers connect wait for their tools.
    const mcpReady = connectAgentsMcp(agents, { log, signal: root.signal, env: loaded.env });
    parts.mcpReady = mcpReady;
    const supervisor = new ChannelSupervisor({
      bus: messageBus,
      log,
      signal: root.signal,
      retryBaseMs: options.channelRetryBaseMs,
      ...(cluster && { leases: cluster.connectionLeases }),
    });
    parts.supervisor = supervisor;
    const agent = openAgentLoop({
      config,
      home,
      log,
      bus: messageBus,
      stores,
      agents,
      ledger: usageLedger,
      broker,
      channels: supervisor,
      browsers,
    });
    parts.agent = agent;
    agent.onOutcome((outcome) => {
      for (const listener of outcomeListeners) listener(outcome);
    });
    if (turnMetrics) chartTurns(agent, turnMetrics, () => parts.service?.dashboard?.dashboard.events);
    messageBus.onDeliveryFailed((message, error) =>
      log.warn({ channel: message.channel, chatId: message.chatId, err: error }, "outbound delivery failed"),
    );

    if (options.service) {
      // Up before the channels connect, so /healthz answers during start-up and /readyz shows "starting".
      const service = new ServiceEndpoints({
        loaded,
        log,
        pairings,
        pairingReplies: stores.pairingReplies,
        status,
        record: (message) => messageBus.publishInbound(message),
        ...(cluster && { cluster }),
        ...(options.requestStop && { requestStop: options.requestStop }),
        ...(logRing &&
          turnMetrics && {
            dashboard: {
              loaded,
              status,
              pairings,
              pairingReplies: stores.pairingReplies,
              approvals: broker,
              scheduler,
              ledger: usageLedger,
              sessions: sessionStore,
              ...(!cluster && { sessionsDir: join(home, "sessions") }),
              logs: logRing,
              metrics: turnMetrics,
              redact,
              secrets,
              sandbox: () => sandboxInEffect(agents.main.sandbox),
              subagents: () => agent.subagents,
              browsers,
            },
          }),
      });
      parts.service = service;
      await service.start();
      const dashboard = service.dashboard?.dashboard;
      if (dashboard) await webChat?.join(dashboard);
      else if (webOnly) throw webChatPortInUse(config);
    }
    // Resumed entries wait for their channels too, so that their replies find a sender.
    const channelsStarted = supervisor.startAll(specs);
    const ready = Promise.all([mcpReady, channelsStarted]);
    // Clustered, this process takes chats (and counts in the others' shares) only once it can answer them.
    cluster?.journal.joinAfter(ready);
    agent.start(ready);
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
        signal: AbortSignal.any([root.signal, cluster.leaving]),
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
      .publishMenus(() => Object.keys(supervisor.statuses()).flatMap((name) => supervisor.channel(name) ?? []))
      .then((stop) => {
        parts.stopMenus = stop;
      });
  }

  function stop(): Promise<void> {
    stopping ??= shutDown(parts, root, options.graceMs ?? 10_000);
    return stopping;
  }

  function status(): DaemonStatus {
    const { agent, supervisor, cluster } = parts;
    const stats = agent?.stats ?? { sessions: 0, activeSessions: 0, turnsServed: 0 };
    return {
      version: packageJson.version,
      startedAt,
      channels: supervisor?.statuses() ?? {},
      ...stats,
      ...(router ? { models: router.status() } : {}),
      ...(cluster ? { cluster: cluster.journal.status() } : {}),
      ...(writeHealth?.failures.length ? { storage: { failing: writeHealth.failures } } : {}),
      ...(agent && { subagents: { running: agent.subagents.length } }),
    };
  }

  return {
    get bus() {
      if (!parts.bus) throw new Error("the daemon has not started");
      return parts.bus;
    },
    get log() {
      return parts.log;
    },
    start,
    stop,
    status,
    async idle() {
      await parts.agent?.idle();
      await parts.bus?.drain();
      await parts.sessions?.flush();
      await parts.ledger?.flush();
    },
    onOutcome(listener) {
      outcomeListeners.add(listener);
      return () => outcomeListeners.delete(listener);
    },
    dashboard: () => parts.service?.dashboardAccess,
  };
}
