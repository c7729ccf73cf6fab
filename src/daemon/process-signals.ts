import type { Logger } from "../log.js";

/** What stops the daemon: a signal, or `skein stop` through the admin endpoint. */
export type StopReason = NodeJS.Signals | "skein stop";

/**
 * Starts listening for SIGINT and SIGTERM at once (before the daemon starts, so a signal
 * during start-up is not lost), and keeps the process alive until one arrives or `request()` is called.
 */
export function waitForStopSignal(): StopSignal {
  // Channels usually hold sockets open; this keeps the process alive when none does.
  const keepAlive = setInterval(() => undefined, 2 ** 30);
  let stop!: (signal: StopReason) => void;
  const dispose = () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    clearInterval(keepAlive);
  };
  const received = new Promise<StopReason>((resolve) => {
    stop = (signal) => {
      dispose();
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return { received, dispose, request: () => stop("skein stop") };
}

/** A pending SIGINT/SIGTERM; `dispose` stops waiting (e.g. when start-up failed). */
export interface StopSignal {
  received: Promise<StopReason>;
  dispose(): void;
  /** Stops as SIGTERM does (`skein stop`). */
  request(): void;
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

/** How long a stopping daemon may take before it exits anyway (its turns have 10 s of that; what is cut short stays journaled). */
export const stopDeadlineMs = 15_000;

/** What {@link runUntilSignalled} may be given beyond the daemon (tests pass their own). */
export interface RunUntilSignalledOptions {
  /** Exits anyway after this long (default {@link stopDeadlineMs}). */
  deadlineMs?: number;
  exit?: (code: number) => void;
}

/**
 * Runs a started daemon until `stopSignal` (see {@link waitForStopSignal}), then stops it
 * gracefully and returns the exit code. A second signal exits at once, and so does a stop that
 * takes longer than the deadline (a hung channel or MCP server must not keep a supervisor waiting).
 */
export async function runUntilSignalled(
  daemon: { stop(): Promise<void> },
  log: Logger,
  stopSignal: StopSignal,
  options: RunUntilSignalledOptions = {},
): Promise<number> {
  const exit = options.exit ?? process.exit;
  const signal = await stopSignal.received;
  log.info({ signal }, "shutting down: finishing the turns in flight");
  const forceExit = (second: NodeJS.Signals) => {
    log.warn({ signal: second }, "second signal: exiting now");
    exit(1);
  };
  process.once("SIGINT", forceExit);
  process.once("SIGTERM", forceExit);
  const deadlineMs = options.deadlineMs ?? stopDeadlineMs;
  const deadline = setTimeout(() => {
    log.error(`shutdown took longer than ${deadlineMs / 1000} s: exiting now (what was cut short stays journaled)`);
    exit(1);
  }, deadlineMs);
  deadline.unref();
  try {
    await daemon.stop();
    return 0;
  } catch (error) {
    log.error({ err: error }, "shutdown failed");
    return 1;
  } finally {
    clearTimeout(deadline);
    process.off("SIGINT", forceExit);
    process.off("SIGTERM", forceExit);
  }
}
