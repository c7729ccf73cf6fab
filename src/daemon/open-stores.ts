import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { LocalReplyLimit, type PairingReplyLimit } from "../access/pairing-reply-limit.js";
import { PairingFiles, type PairingStore } from "../access/pairing-store.js";
import { SessionSettingsFile, type SessionSettingsStore } from "../agent/sessions/session-settings.js";
import { SessionFiles, type SessionStore } from "../agent/sessions/sessions.js";
import type { ApprovalRelay } from "../approvals/approval-relay.js";
import { openFileJournal } from "../bus/file-journal.js";
import type { MessageJournal } from "../bus/journal.js";
import { redisTargetOf } from "../bus/redis-target.js";
import type { Cluster } from "../cluster/open-cluster.js";
import type { LoadedConfig } from "../config/load.js";
import { ensureWorkspaceDirectory } from "../config/workspace-dir.js";
import type { Logger } from "../log.js";
import { JobFiles, type JobStore, jobsFile } from "../scheduler/job-store.js";
import type { MemoryStore, NoteStore } from "../tools/builtin/memory-store.js";
import type { SharedUsageTotals } from "../usage/usage-ledger.js";
import { UsageFiles, type UsageStore } from "../usage/usage-store.js";
import { WriteHealth } from "../util/write-health.js";

export interface OpenStoresOptions {
  loaded: Pick<LoadedConfig, "config" | "home" | "workspace">;
  log: Logger;
  /** Journal inbound messages (default true); `false` also keeps an embedded daemon off Redis. */
  durable?: boolean;
  /** Epoch milliseconds of the shared usage days (cluster mode; default `Date.now`). */
  now?: () => number;
}

/**
 * Every store the daemon wires: files under `$SKEIN_HOME` and the workspace on one machine,
 * Redis in cluster mode (`bus.redis_url` or `bus.sentinel`), shared by every process.
 */
export interface Stores {
  /** Cluster mode: the Redis journal, the leases and the shared-state connection. */
  cluster?: Cluster;
  /** Where inbound messages are recorded; none when not durable (`skein chat`). */
  journal?: MessageJournal;
  /** Pairing codes and approved senders. */
  pairings: PairingStore;
  /** One pairing reply per sender and interval: counted in this process, or across a cluster's processes. */
  pairingReplies: PairingReplyLimit;
  /** Clustered, pending tool approvals and decisions shared with the other processes. */
  approvalRelay?: ApprovalRelay;
  /** Conversation histories. */
  sessions: SessionStore;
  /** Per-session settings (`/model`). */
  sessionSettings: SessionSettingsStore;
  /** The scheduler's store and, clustered, how long its timer sleeps at most to see jobs other processes add. */
  jobs: { store: JobStore; maxSleepMs?: number };
  /** Clustered, MEMORY.md and the per-user notes (default: files the tools and context open themselves). */
  memory?: { memory: MemoryStore; notes: NoteStore };
  /** Clustered, those of another agent than `main` (`agents.list`), under keys that carry its id. */
  agentMemory?: (agent: string, workspace: string, home: string) => Promise<{ memory: MemoryStore; notes: NoteStore }>;
  /** Usage records and, clustered, the day totals every process adds to. */
  usage: { store: UsageStore; shared?: SharedUsageTotals };
  /** The file stores that cannot write now (a full or read-only disk): for status and readiness. */
  writeHealth: WriteHealth;
}

/**
 * Opens the daemon's stores, choosing for each the file implementation or, in cluster mode,
 * the Redis one. `src/cluster/` is imported only then, so an embedded daemon never loads ioredis.
 * When one fails to open, those already open are closed before the error is thrown.
 */
export async function openStores(options: OpenStoresOptions): Promise<Stores> {
  const { loaded, log, now } = options;
  const { config, home, workspace } = loaded;
  const maxMessageAgeSeconds = config.agents.defaults.max_message_age;
  const writeHealth = new WriteHealth({ log });
  const target = options.durable === false ? undefined : redisTargetOf(config.bus);
  const cluster = target
    ? await (await import("../cluster/open-cluster.js")).openCluster({
        target,
        log,
        maxMessageAgeSeconds,
        takeoverAfterSeconds: config.bus.takeover_after,
      })
    : undefined;
  let journal: MessageJournal | undefined;
  let approvalRelay: ApprovalRelay | undefined;
  try {
    journal =
      options.durable === false
        ? undefined
        : (cluster?.journal ??
          (await openFileJournal({ dir: join(home, "state"), log, maxMessageAgeSeconds, writeHealth })));
    const shared = cluster
      ? await (await import("../cluster/cluster-access.js")).clusterAccess(cluster, now)
      : undefined;
    approvalRelay = shared?.approvals;

    const sessionsDir = join(home, "sessions");
    await Promise.all([
      ensureWorkspaceDirectory(workspace),
      mkdir(sessionsDir, { recursive: true, mode: 0o700 }).catch((error: unknown) =>
        writeHealth.failed("sessions", sessionsDir, error, "conversations are kept in memory, not durable"),
      ),
    ]);
    // Memory holds the conversation since its newest summary (compaction keeps it short); the file (or Redis list) everything.
    const sharedSessions = cluster && (await import("../cluster/cluster-sessions.js")).clusterSessions(cluster, log);
    const memory = cluster
      ? await (await import("../cluster/redis-notes.js")).openSharedMemory({ ...cluster, workspace, home, log })
      : undefined;
    const jobs = cluster
      ? // Clustered, a job another process adds is seen within a second (one cheap ZRANGE).
        { store: new (await import("../cluster/redis-jobs.js")).RedisJobs(cluster), maxSleepMs: 1000 }
      : { store: new JobFiles(jobsFile(home)) };

    return {
      ...(cluster && { cluster }),
      ...(journal && { journal }),
      pairings: shared?.pairings ?? new PairingFiles({ home }),
      pairingReplies: shared?.pairingReplies ?? new LocalReplyLimit(),
      ...(shared && { approvalRelay: shared.approvals }),
      sessions: sharedSessions?.sessions ?? new SessionFiles({ dir: sessionsDir, log, writeHealth }),
      sessionSettings:
        sharedSessions?.settings ?? new SessionSettingsFile({ path: join(home, "session-settings.json"), log }),
      jobs,
      ...(memory && { memory }),
      ...(cluster && {
        agentMemory: async (agent: string, agentWorkspace: string, agentHome: string) =>
          (await import("../cluster/redis-notes.js")).openSharedMemory({
            ...cluster,
            prefix: `${cluster.prefix}agent:${agent}:`,
            workspace: agentWorkspace,
            home: agentHome,
            log,
          }),
      }),
      usage: shared
        ? { store: shared.usage, shared: shared.usage }
        : // Gathered for a tenth of a second: one append for many turns instead of an open, append and close each.
          { store: new UsageFiles(join(home, "usage"), { gatherMs: 100, writeHealth }) },
      writeHealth,
    };
  } catch (error) {
    await approvalRelay?.close().catch(() => undefined);
    // The cluster's journal is closed with the cluster.
    await (cluster ?? journal)
      ?.close()
      .catch((closeError: unknown) => log.warn({ err: closeError }, "closing the journal after a failed start failed"));
    throw error;
  }
}
