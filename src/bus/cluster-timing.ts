/**
 * The clocks of cluster mode, all derived from `bus.takeover_after` (T, default 4 s) and all
 * measured on each process's own monotonic clock, never on Redis's (a stalled Redis lets its
 * key expiries run on while nobody can renew anything; see `redis-membership.ts`).
 *
 * - Every member beats every T/8 (0.5 s): one script that counts its beat and reads the others'.
 * - A member whose beat another saw unchanged for 5T/8 (2.5 s) is declared gone, and its leases
 *   (partitions, receiving connections, the scheduler) are taken.
 * - A member acts (records progress, receives, runs the scheduler) only while its last beat that
 *   Redis answered was sent less than 4T/8 (2 s) ago: a beat short of being declared gone, so it
 *   has stopped before anyone can take its leases, however long its pause.
 *
 * After a SIGKILL the last beat is at most T/8 old; the others see it within T/8 and declare the
 * member gone 5T/8 after that, on a round sent at most T/8 later: its leases move between T/2 and
 * 7T/8 after the kill. A process that pauses (GC, a busy event loop, a frozen VM) keeps everything
 * for up to 4T/8 and loses nothing it has not stopped using.
 */
export interface ClusterTiming {
  /** How often a member beats and looks at the others: T/8. */
  beatEveryMs: number;
  /** How long a beat must stay unchanged, as another member sees it, before its member is declared gone: 5T/8. */
  silenceMs: number;
  /** How long after sending its last answered beat a member may act: a beat less than the silence. */
  actingMs: number;
}

/** The timing of a cluster whose `bus.takeover_after` is `takeoverAfterMs`. */
export function clusterTiming(takeoverAfterMs: number): ClusterTiming {
  const beatEveryMs = Math.max(25, Math.round(takeoverAfterMs / 8));
  const silenceMs = 5 * beatEveryMs;
  return { beatEveryMs, silenceMs, actingMs: silenceMs - beatEveryMs };
}
