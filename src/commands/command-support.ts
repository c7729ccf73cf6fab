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

/** The exit code for an error that ended a command, after saying why on stderr. */
export function reportFatal(error: unknown): number {
  if (error instanceof ConfigError) fail(error.message);
  else if (error instanceof Error && (error.name === "DaemonError" || error.name === "ProviderError"))
    fail(error.message);
  else fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 1;
}

/** Writes to stdout and resolves once the text was handed to the OS (so `exit` loses nothing). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}
