import { type DestinationStream, type Logger, pino } from "pino";
import { redactSecrets } from "./config/secrets.js";

export type { Logger } from "pino";

/** Keys whose values never reach a log line, wherever they appear (two levels deep). */
const secretKeys = [
  "api_key",
  "apiKey",
  "token",
  "bot_token",
  "botToken",
  "app_token",
  "appToken",
  "signing_secret",
  "signingSecret",
  "webhook_secret",
  "authorization",
  "Authorization",
  "password",
  "secret",
];
const redactPaths = secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `headers.${key.toLowerCase()}`]);

export interface LoggerOptions {
  level?: string;
  /** Where JSON lines go (default stderr, so stdout stays free for `skein chat`). */
  destination?: DestinationStream;
  /** Human-readable lines instead of JSON (default: when stderr is a TTY). */
  pretty?: boolean;
  /**
   * Secret values (tokens, API keys) replaced by `[redacted]` wherever they appear in a
   * line, e.g. inside an error message that quotes a URL with the bot token in it.
   */
  secrets?: readonly string[];
  /** Append JSON lines to this file (created with mode 0600, its folder too) instead of stderr. */
  file?: string;
}

/** The daemon's logger: JSON lines (pretty on a TTY), secrets redacted. */
export async function createLogger(options: LoggerOptions = {}): Promise<Logger> {
  const level = options.level ?? "info";
  const secrets = options.secrets?.filter((secret) => secret.length >= 4) ?? [];
  const base = {
    level,
    serializers: { err: level === "debug" || level === "trace" ? pino.stdSerializers.err : errorWithoutStack },
    redact: { paths: redactPaths, censor: "[redacted]" },
    base: undefined,
    ...(secrets.length ? { hooks: { streamWrite: (line: string) => redactSecrets(line, secrets) } } : {}),
  };
  if (options.file && !options.destination) {
    const file = pino.destination({ dest: options.file, append: true, mkdir: true, sync: true, mode: 0o600 });
    return pino(base, file);
  }
  const pretty = options.pretty ?? (options.destination === undefined && process.stderr.isTTY);
  if (pretty) {
    const { default: prettyStream } = await import("pino-pretty");
    return pino(base, prettyStream({ destination: 2, ignore: "pid,hostname", sync: true }));
  }
  return pino(base, options.destination ?? pino.destination({ dest: 2, sync: true }));
}

/** An error's cause without its stack traces (nested errors and causes included): traces are for debug level. */
function errorWithoutStack(error: unknown): unknown {
  return withoutStacks(pino.stdSerializers.err(error as Error));
}

function withoutStacks(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => withoutStacks(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "stack")
      .map(([key, child]) => [key, withoutStacks(child, depth + 1)]),
  );
}

/** A logger that writes nothing, for tests and quiet commands. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
