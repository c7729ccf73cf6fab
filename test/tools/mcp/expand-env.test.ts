import { describe, expect, it } from "vitest";
import { expandServerEnv } from "../../../src/tools/mcp/expand-env.js";
import { serverConfig } from "./helpers.js";

describe("${NAME} in an MCP server's env and headers", () => {
  it("is filled from the given environment, leaving other text alone", () => {
    const config = serverConfig({
      url: "http://127.0.0.1:1/mcp",
      env: { TOKEN: "${GH_TOKEN}", PLAIN: "$GH_TOKEN and ${ not a reference" },
      headers: { authorization: "Bearer ${API_KEY}" },
    });
    const expanded = expandServerEnv("gh", config, { GH_TOKEN: "ghp_1", API_KEY: "k2" });
    expect(expanded.env).toEqual({ TOKEN: "ghp_1", PLAIN: "$GH_TOKEN and ${ not a reference" });
    expect(expanded.headers).toEqual({ authorization: "Bearer k2" });
    expect(config.env.TOKEN).toBe("${GH_TOKEN}");
  });

  it("refuses a variable that is not set or empty, naming the key", () => {
    const config = serverConfig({ command: "x", headers: { authorization: "Bearer ${API_KEY}" } });
    expect(() => expandServerEnv("remote", config, { API_KEY: "" })).toThrow(
      "tools.mcp_servers.remote.headers.authorization refers to ${API_KEY}, which is not set in the environment or .env",
    );
  });
});
