import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

/** `skein config check`: validates the configuration and shows what is enabled; non-zero when invalid. */
export async function run(options: GlobalOptions & { json?: boolean }): Promise<number> {
  const [
    { loadConfig, ConfigError },
    { configuredChannels, noChannelText, platformChannels, settingsOf },
    { configWarnings },
  ] = await Promise.all([
    import("../config/load.js"),
    import("../channel-kit/loader.js"),
    import("../config/config-warnings.js"),
  ]);
  try {
    const loaded = await loadConfig({ configPath: options.config });
    const { config } = loaded;
    const channels = configuredChannels(config);
    const openai = config.providers.openai;
    const warnings = [...loaded.warnings];
    if (channels.length === 0) {
      const { problem, remedy } = noChannelText();
      warnings.push(`${problem}: ${remedy}`);
    }
    warnings.push(...configWarnings(config, channels));
    for (const descriptor of platformChannels)
      warnings.push(...(descriptor.configWarnings?.(settingsOf(config, descriptor.name as never) as never) ?? []));
    const mcp = Object.entries(config.tools.mcp_servers)
      .filter(([, server]) => server.enabled)
      .map(([name]) => name);
    if (options.json) {
      await writeOut(
        `${JSON.stringify(
          {
            valid: true,
            config: loaded.configPath,
            fileFound: loaded.fileFound,
            home: loaded.home,
            workspace: loaded.workspace,
            model: config.agents.defaults.model,
            endpoint: openai.base_url ?? "https://api.openai.com/v1",
            apiKeySet: Boolean(openai.api_key),
            channels,
            mcp,
            approval: config.tools.approval,
            health: `${config.gateway.health_host}:${config.gateway.health_port}`,
            warnings,
          },
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    const lines = [
      `config:     ${loaded.configPath}${loaded.fileFound ? "" : " (not found; defaults and environment only)"}`,
      `home:       ${loaded.home}`,
      `workspace:  ${loaded.workspace}`,
      `model:      ${config.agents.defaults.model} via ${openai.base_url ?? "https://api.openai.com/v1"}${openai.api_key ? " (api key set)" : ""}${openai.stream ? ", streaming" : ""}`,
      `channels:   ${channels.length ? channels.join(", ") : "none"}`,
      `mcp:        ${mcp.length ? mcp.join(", ") : "none"}`,
      `approval:   privileged tools ${config.tools.approval === "allow" ? "allowed" : "refused"}`,
      `health:     ${config.gateway.health_host}:${config.gateway.health_port}`,
      ...warnings.map((warning) => `warning:    ${warning}`),
      "config is valid",
    ];
    await writeOut(`${lines.join("\n")}\n`);
    return 0;
  } catch (error) {
    if (options.json && error instanceof ConfigError) {
      await writeOut(`${JSON.stringify({ valid: false, error: error.message, issues: error.issues }, null, 2)}\n`);
      return 1;
    }
    return reportFatal(error);
  }
}
