import type { Logger as BoltLogger, LogLevel } from "@slack/bolt";
import type { Logger } from "pino";

/**
 * Bolt's and the Socket Mode client's logger, written to the daemon's pino logger
 * (so their lines are JSON and redacted like ours). Their chatty `info` lines go to
 * debug: skein logs the channel's lifecycle itself.
 */
export function boltLogger(log: Logger): BoltLogger {
  const line = (parts: unknown[]): string =>
    parts.map((part) => (typeof part === "string" ? part : safeJson(part))).join(" ");
  return {
    debug: (...parts) => log.debug(line(parts)),
    info: (...parts) => log.debug(line(parts)),
    warn: (...parts) => log.warn(line(parts)),
    error: (...parts) => log.error(line(parts)),
    setLevel: () => {},
    getLevel: () => (log.isLevelEnabled("debug") ? "debug" : "info") as LogLevel,
    setName: () => {},
  };
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return value.message;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
