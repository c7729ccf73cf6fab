/** The only variables of the daemon's environment that commands the agent runs inherit. */
export const SAFE_ENV_KEYS = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "USER", "SHELL", "TMPDIR", "TZ"] as const;

/**
 * The environment for commands the agent runs: the safe base taken from the daemon's
 * environment plus `tools.exec.env`. API keys, bot tokens and signing secrets never pass.
 */
export function commandEnvironment(
  daemonEnv: Readonly<Record<string, string | undefined>>,
  extra: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of SAFE_ENV_KEYS) {
    const value = daemonEnv[key];
    if (value !== undefined) env[key] = value;
  }
  env.PATH ??= "/usr/local/bin:/usr/bin:/bin";
  return { ...env, ...extra };
}
