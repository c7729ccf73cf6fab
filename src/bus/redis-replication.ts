import type { Redis } from "ioredis";

/**
 * How the journal's writes reach a replica before they count (Redis behind Sentinel, or any
 * primary with replicas). Redis replicates asynchronously: a write the primary confirmed and
 * lost in a crash before its replica had it would be gone after a failover. So each journal
 * write is followed, in the same round trip, by `WAIT 1 <ms>` while a healthy replica is
 * connected, and counts only once a replica holds it: a message is acknowledged to its
 * platform only then, and progress (a reply accepted by the platform) is recorded there before
 * the next step. A `WAIT` that times out fails the write: a record is not acknowledged (the
 * platform sends the message again), a progress write is tried again until a replica has it
 * or none is healthy any more. With no healthy replica (none configured, or just after a
 * failover until the old primary is back as a replica) writes go on without waiting.
 */

/** How long a `WAIT` waits for a replica before the write counts as not replicated. */
export const replicationWaitMs = 1_000;

/**
 * A replica counts as healthy while it is online and acknowledged the replication stream within
 * the last two seconds (replicas acknowledge every second): `lag` of `INFO replication`, in whole
 * seconds. One frozen or cut off for longer stops counting, and writes go on without it (they
 * could be lost if it were promoted then: Sentinel prefers the replica that has the most).
 */
const maxHealthyLagSeconds = 2;

/** The replicas of `INFO replication` (as the primary reports them) that are online and keep up. */
export function healthyReplicasIn(info: string): number {
  let healthy = 0;
  for (const [, fields] of info.matchAll(/^slave\d+:(.*)$/gm)) {
    const values = new Map(
      (fields ?? "")
        .trim()
        .split(",")
        .map((pair) => pair.split("=") as [string, string]),
    );
    if (values.get("state") === "online" && Number(values.get("lag")) <= maxHealthyLagSeconds) healthy++;
  }
  return healthy;
}

/** A write whose `WAIT` found no replica that holds it: transient, the write is safe to repeat. */
export class NotReplicatedError extends Error {
  override readonly name = "NotReplicatedError";
  constructor() {
    super(`NOTREPLICATED no replica acknowledged the write within ${replicationWaitMs} ms`);
  }
}

/**
 * Runs `script` and, while `replicas` says a healthy replica is connected, `WAIT 1` after it in
 * the same round trip; rejects with {@link NotReplicatedError} when no replica acknowledged it.
 * The script's own error (a refused fence) is thrown as it is.
 */
export async function replicatedEval(
  redis: Redis,
  replicas: number,
  script: string,
  keys: string[],
  values: (string | number)[],
): Promise<unknown> {
  if (replicas === 0) return redis.eval(script, keys.length, ...keys, ...values);
  const answers = (await redis
    .pipeline()
    .eval(script, keys.length, ...keys, ...values)
    .wait(1, replicationWaitMs)
    .exec()) as [Error | null, unknown][] | null;
  const [written, waited] = answers ?? [];
  if (!written) throw new Error("the connection to Redis closed before the write was answered");
  if (written[0]) throw written[0];
  if (waited?.[0]) throw waited[0];
  if (Number(waited?.[1] ?? 0) < 1) throw new NotReplicatedError();
  return written[1];
}
