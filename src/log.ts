import { type DestinationStream, type Logger, pino } from "pino";
import { redactSecrets } from "./config/secrets.js";
import type { Redactor } from "./util/redactor.js";

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
const secretKeySet = new Set(secretKeys);
/** Under a `headers` key the lowercase spellings count too (HTTP header names). */
const headerKeySet = new Set([...secretKeys, ...secretKeys.map((key) => key.toLowerCase())]);
const censor = "[redacted]";

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
  /** Takes secrets out of every line instead of `secrets`: one whose secrets can grow while the daemon runs. */
  redactor?: Pick<Redactor, "redact">;
  /** Append JSON lines to this file (created with mode 0600, its folder too) instead of stderr. */
  file?: string;
  /** Also hands every line, redacted as written, to this function (the dashboard's log tail). */
  tap?: (line: string) => void;
}

/** The daemon's logger: JSON lines (pretty on a TTY), secrets redacted. */
export async function createLogger(options: LoggerOptions = {}): Promise<Logger> {
  const level = options.level ?? "info";
  const secrets = options.secrets?.filter((secret) => secret.length >= 4) ?? [];
  const base = {
    level,
    serializers: {
      err: (error: unknown) =>
        withoutSecretKeys(
          level === "debug" || level === "trace" ? pino.stdSerializers.err(error as Error) : errorWithoutStack(error),
          1,
        ),
    },
    // Not pino's `redact`: its wildcard paths clone and stringify every value of every line
    // (a quarter of the daemon's allocations per turn); this walk copies only what holds a secret.
    formatters: {
      log: (object: Record<string, unknown>) => withoutSecretKeys(object, 0, "err"),
    },
    base: undefined,
    ...(options.redactor || secrets.length || options.tap
      ? {
          hooks: {
            streamWrite: (line: string) => {
              const redacted = options.redactor
                ? options.redactor.redact(line)
                : secrets.length
                  ? redactSecrets(line, secrets)
                  : line;
              options.tap?.(redacted);
              return redacted;
            },
          },
        }
      : {}),
  };
  if (options.file && !options.destination) {
    const file = pino.destination({ dest: options.file, append: true, mkdir: true, sync: true, mode: 0o600 });
    return redactingChildBindings(pino(base, file));
  }
  const pretty = options.pretty ?? (options.destination === undefined && process.stderr.isTTY);
  if (pretty) {
    const { default: prettyStream } = await import("pino-pretty");
    return redactingChildBindings(pino(base, prettyStream({ destination: 2, ignore: "pid,hostname", sync: true })));
  }
  return redactingChildBindings(pino(base, options.destination ?? pino.destination({ dest: 2, sync: true })));
}

/**
 * The logger, whose children (and theirs: they inherit `child`) have secret keys in their
 * bindings redacted too; pino applies the bindings formatter to the root's bindings only.
 */
function redactingChildBindings(logger: Logger): Logger {
  const child = logger.child;
  logger.child = function (this: Logger, bindings, options) {
    return child.call(this, withoutSecretKeys(bindings, 0), options);
  } as Logger["child"];
  return logger;
}

/**
 * `value` with the values of secret keys replaced by the censor, at its top level (`depth` 0)
 * and up to two levels down, as pino's `key`, `*.key` and `*.*.key` paths would: copied where
 * a secret is found, else returned as it is. `skip` names a top-level key left alone (the
 * error, redacted by its serializer once it is a plain object).
 */
function withoutSecretKeys<T>(value: T, depth: number, skip?: string, keys = secretKeySet): T {
  if (typeof value !== "object" || value === null || typeof (value as { toJSON?: unknown }).toJSON === "function")
    return value;
  let copy: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key in source) {
    if (key === skip || !Object.hasOwn(source, key)) continue;
    const child = source[key];
    const replaced = keys.has(key)
      ? censor
      : depth < 2
        ? withoutSecretKeys(child, depth + 1, undefined, key === "headers" ? headerKeySet : secretKeySet)
        : child;
    if (replaced === child) continue;
    copy ??= Array.isArray(source)
      ? ([...source] as unknown as Record<string, unknown>)
      : Object.assign(Object.create(Object.getPrototypeOf(source)) as Record<string, unknown>, source);
    copy[key] = replaced;
  }
  return (copy ?? value) as T;
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
