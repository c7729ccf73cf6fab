import { ConfigError } from "../config/load.js";

/** Options every command accepts. */
export interface GlobalOptions {
  /** Config file path (`--config`); overrides SKEIN_CONFIG and `$SKEIN_HOME/config.json`. */
  config?: string;
}

/** Writes `skein: <reason>` to stderr. */
export function fail(reason: string): void {
  process.stderr.write(`skein: ${reason}\n`);
}

/**
 * The exit code for an error that ended a command, after saying why on stderr in one
 * line; the stack trace only with `SKEIN_LOG_LEVEL=debug` (or trace).
 */
export function reportFatal(error: unknown, env: NodeJS.ProcessEnv = process.env): number {
  const debug = env.SKEIN_LOG_LEVEL === "debug" || env.SKEIN_LOG_LEVEL === "trace";
  if (!(error instanceof Error)) fail(String(error));
  else if (error instanceof ConfigError || ["DaemonError", "ProviderError"].includes(error.name)) fail(error.message);
  else if (debug) fail(error.stack ?? error.message);
  else fail(`${error.message} (SKEIN_LOG_LEVEL=debug shows where it happened)`);
  return 1;
}

/** Writes to stdout and resolves once the text was handed to the OS (so `exit` loses nothing). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}
