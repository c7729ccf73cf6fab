export type DaemonErrorKind =
  | "nothing-configured"
  | "no-channels"
  | "all-channels-failed"
  | "already-running"
  | "port-in-use";

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
