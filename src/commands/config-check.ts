import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

export interface ConfigCheckOptions extends GlobalOptions {
  json?: boolean;
  /** `--strict`: unknown keys, and no model or no chat platform, are errors (for scripts and CI). */
  strict?: boolean;
}

/**
 * `skein config check`: validates the configuration and shows what is enabled (with several agents:
 * each agent and its bindings, and the bindings that can never match); non-zero when invalid, and
 * with `--strict` when a key is unknown or no model or no chat platform is configured.
 */
export async function run(options: ConfigCheckOptions): Promise<number> {
  const [
    { loadConfig, ConfigError },
    { configuredChannels, noChannelText, noPlatformText, platformChannels, settingsOf },
    { configWarnings },
    { resolveModel },
    { agentsOverview, overviewLines, sharedWorkspaceWarnings },
    { bindingWarnings },
    { modelConfigured, NO_MODEL_MESSAGE },
  ] = await Promise.all([
    import("../config/load.js"),
    import("../channel-catalog/loader.js"),
    import("../config/config-warnings.js"),
    import("../config/model-ref.js"),
    import("../routing/agents-overview.js"),
    import("../routing/binding-warnings.js"),
    import("../config/model-configured.js"),
  ]);
  try {
    const loaded = await loadConfig({ configPath: options.config });
    const { config } = loaded;
    const channels = configuredChannels(config);
    const { model, fallbacks } = config.agents.defaults;
    const providers = Object.entries(config.providers).map(([name, settings]) => ({
      name,
      endpoint: settings.base_url ?? "https://api.openai.com/v1",
      apiKeySet: Boolean(settings.api_key),
      stream: settings.stream,
    }));
    const modelProvider = resolveModel(model, Object.keys(config.providers)).provider;
    const main = providers.find((provider) => provider.name === modelProvider)!;
    const warnings: string[] = [];
    // What --strict refuses: keys the schema does not know (typos), no model, no chat platform.
    const strictErrors = [...loaded.warnings];
    const hasModel = modelConfigured(config);
    if (!hasModel) strictErrors.push(NO_MODEL_MESSAGE);
    if (channels.length === 0) {
      const { problem, remedy } = hasModel && config.dashboard.enabled ? noPlatformText() : noChannelText();
      strictErrors.push(`${problem}: ${remedy}`);
    }
    const errors = options.strict ? strictErrors : [];
    if (!options.strict) warnings.push(...strictErrors);
    warnings.push(...configWarnings(config, channels));
    for (const descriptor of platformChannels)
      warnings.push(...(descriptor.configWarnings?.(settingsOf(config, descriptor.name as never) as never) ?? []));
    const agents = agentsOverview(config, loaded);
    warnings.push(...bindingWarnings(config, channels), ...sharedWorkspaceWarnings(agents));
    const severalAgents = config.agents.list !== undefined || config.bindings.length > 0;
    const mcp = Object.entries(config.tools.mcp_servers)
      .filter(([, server]) => server.enabled)
      .map(([name]) => name);
    if (options.json) {
      await writeOut(
        `${JSON.stringify(
          {
            valid: errors.length === 0,
            ...(options.strict && { strict: true, errors }),
            config: loaded.configPath,
            fileFound: loaded.fileFound,
            home: loaded.home,
            workspace: loaded.workspace,
            model,
            endpoint: main.endpoint,
            apiKeySet: main.apiKeySet,
            fallbacks,
            providers,
            channels,
            mcp,
            approval: config.tools.approval,
            health: `${config.gateway.health_host}:${config.gateway.health_port}`,
            agents,
            bindings: config.bindings,
            warnings,
          },
          null,
          2,
        )}\n`,
      );
      return errors.length ? 1 : 0;
    }
    const lines = [
      `config:     ${loaded.configPath}${loaded.fileFound ? "" : " (not found; defaults and environment only)"}`,
      `home:       ${loaded.home}`,
      `workspace:  ${loaded.workspace}`,
      `model:      ${model} via ${describeProvider(main)}`,
      ...(fallbacks.length ? [`fallbacks:  ${fallbacks.join(", ")}`] : []),
      ...(providers.length > 1
        ? [`providers:  ${providers.map((provider) => `${provider.name} (${describeProvider(provider)})`).join("; ")}`]
        : []),
      `channels:   ${channels.length ? channels.join(", ") : "none"}`,
      `mcp:        ${mcp.length ? mcp.join(", ") : "none"}`,
      `approval:   privileged tools ${config.tools.approval === "allow" ? "allowed" : "refused"}`,
      `health:     ${config.gateway.health_host}:${config.gateway.health_port}`,
      ...(severalAgents
        ? ["agents:", ...agents.flatMap((agent) => overviewLines(agent).map((line) => `  ${line}`))]
        : []),
      ...warnings.map((warning) => `warning:    ${warning}`),
      ...errors.map((error) => `error:      ${error}`),
      errors.length
        ? `config is not valid under --strict: ${plural(errors.length, "error")}`
        : `config is valid${warnings.length ? `, with ${plural(warnings.length, "warning")}` : ""}`,
    ];
    await writeOut(`${lines.join("\n")}\n`);
    return errors.length ? 1 : 0;
  } catch (error) {
    if (options.json && error instanceof ConfigError) {
      await writeOut(`${JSON.stringify({ valid: false, error: error.message, issues: error.issues }, null, 2)}\n`);
      return 1;
    }
    return reportFatal(error);
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** `https://api.openai.com/v1 (api key set), streaming`. */
function describeProvider(provider: { endpoint: string; apiKeySet: boolean; stream: boolean }): string {
  return `${provider.endpoint}${provider.apiKeySet ? " (api key set)" : ""}${provider.stream ? ", streaming" : ""}`;
}
