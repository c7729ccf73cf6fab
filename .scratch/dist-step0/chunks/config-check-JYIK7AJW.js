#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
async function run(options) {
  const [
    { loadConfig, ConfigError },
    { configuredChannels, noChannelText, platformChannels, settingsOf },
    { configWarnings },
    { resolveModel },
    { agentsOverview, overviewLines, sharedWorkspaceWarnings },
    { bindingWarnings },
  ] = await Promise.all([
    import("./load-FF7I6U4A.js"),
    import("./loader-X245EL3Q.js"),
    import("./config-warnings-UJGHKPVB.js"),
    import("./model-ref-K642Y4EA.js"),
    import("./agents-overview-KGOOQ4YY.js"),
    import("./binding-warnings-HQLUZNKT.js"),
  ]);
  try {
    const loaded = await loadConfig({ configPath: options.config }),
      { config } = loaded,
      channels = configuredChannels(config),
      { model, fallbacks } = config.agents.defaults,
      providers = Object.entries(config.providers).map(([name, settings]) => ({
        name,
        endpoint: settings.base_url ?? "https://api.openai.com/v1",
        apiKeySet: !!settings.api_key,
        stream: settings.stream,
      })),
      modelProvider = resolveModel(model, Object.keys(config.providers)).provider,
      main = providers.find((provider) => provider.name === modelProvider),
      warnings = [...loaded.warnings];
    if (channels.length === 0) {
      const { problem, remedy } = noChannelText();
      warnings.push(`${problem}: ${remedy}`);
    }
    warnings.push(...configWarnings(config, channels));
    for (const descriptor of platformChannels)
      warnings.push(...(descriptor.configWarnings?.(settingsOf(config, descriptor.name)) ?? []));
    const agents = agentsOverview(config, loaded);
    warnings.push(...bindingWarnings(config, channels), ...sharedWorkspaceWarnings(agents));
    const severalAgents = config.agents.list !== void 0 || config.bindings.length > 0,
      mcp = Object.entries(config.tools.mcp_servers)
        .filter(([, server]) => server.enabled)
        .map(([name]) => name);
    if (options.json)
      return (
        await writeOut(`${JSON.stringify({ valid: !0, config: loaded.configPath, fileFound: loaded.fileFound, home: loaded.home, workspace: loaded.workspace, model, endpoint: main.endpoint, apiKeySet: main.apiKeySet, fallbacks, providers, channels, mcp, approval: config.tools.approval, health: `${config.gateway.health_host}:${config.gateway.health_port}`, agents, bindings: config.bindings, warnings }, null, 2)}
`),
        0
      );
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
      "config is valid",
    ];
    return (
      await writeOut(`${lines.join(`
`)}
`),
      0
    );
  } catch (error) {
    return options.json && error instanceof ConfigError
      ? (await writeOut(`${JSON.stringify({ valid: !1, error: error.message, issues: error.issues }, null, 2)}
`),
        1)
      : reportFatal(error);
  }
}
function describeProvider(provider) {
  return `${provider.endpoint}${provider.apiKeySet ? " (api key set)" : ""}${provider.stream ? ", streaming" : ""}`;
}
export { run };
//# sourceMappingURL=config-check-JYIK7AJW.js.map
