import type { McpServerConfig } from "../../config/schema.js";

const reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Fills `${NAME}` in a server's `env` and `headers` values from `env`, so secrets can live in
 * the environment or `.env` rather than in config.json. A name that is not set is an error
 * naming the key, rather than a server started with an empty secret.
 */
export function expandServerEnv(server: string, config: McpServerConfig, env: NodeJS.ProcessEnv): McpServerConfig {
  const expand = (section: "env" | "headers") =>
    Object.fromEntries(
      Object.entries(config[section]).map(([key, value]) => [
        key,
        value.replace(reference, (_match, name: string) => {
          const found = env[name];
          if (found === undefined || found === "") {
            throw new Error(
              `tools.mcp_servers.${server}.${section}.${key} refers to \${${name}}, which is not set in the environment or .env`,
            );
          }
          return found;
        }),
      ]),
    );
  return { ...config, env: expand("env"), headers: expand("headers") };
}
