import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { SessionStore } from "../agent/sessions/sessions.js";
import type { RunningSubagent } from "../agent/subagents/subagents.js";
import type { ApprovalBroker } from "../approvals/approval-broker.js";
import type { LoadedConfig } from "../config/load.js";
import type { DaemonStatus } from "../health/daemon-status.js";
import type { Scheduler } from "../scheduler/scheduler.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { LogRing } from "./log-ring.js";
import type { OpenBrowsers } from "./open-browsers.js";
import type { TurnMetrics } from "./turn-metrics.js";

/** What the dashboard's API reads and steers: the daemon's own stores and services, handed over at start. */
export interface DashboardSources {
  loaded: LoadedConfig;
  status: () => DaemonStatus;
  pairings: PairingStore;
  pairingReplies: PairingReplyLimit;
  approvals: ApprovalBroker;
  scheduler: Scheduler;
  ledger: UsageLedger;
  sessions: SessionStore;
  /** The session files' folder on one machine (the conversation list reads it); none in a cluster (Redis has them). */
  sessionsDir?: string;
  logs: LogRing;
  metrics: TurnMetrics;
  /** Takes the config's secrets out of a text. */
  redact: (text: string) => string;
  /** The config's secret values (the config page masks them). */
  secrets: readonly string[];
  /** Where the default agent's commands run, as decided (default: what `tools.exec` asks for). */
  sandbox?: () => Promise<SandboxInEffect>;
  /** The sub-agents running now (default: none). */
  subagents?: () => RunningSubagent[];
  /** The conversations' open browsers (this process's). */
  browsers?: OpenBrowsers;
}

/** Where commands run, in effect: `bubblewrap`, `none` (unsandboxed) or `refused` (no working bubblewrap). */
export interface SandboxInEffect {
  mode: "bubblewrap" | "none" | "refused";
  /** What commands may reach (`public`, `none`, `full`). */
  network: string;
  /** The sentence `skein doctor` says. */
  detail: string;
}
