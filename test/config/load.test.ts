import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load.js";
import { configSecrets } from "../../src/config/secrets.js";

describe("loading the configuration", () => {
  let dir: string;
  let home: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-config-"));
    home = join(dir, "home");
    await mkdir(home);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}, extra: Parameters<typeof loadConfig>[0] = {}) =>
    loadConfig({ env: { HOME: dir, SKEIN_HOME: home, ...env }, cwd: dir, ...extra });
  const writeConfig = (config: unknown, path = join(home, "config.json")) => writeFile(path, JSON.stringify(config));

  it("fills every default when there is no config file", async () => {
    const loaded = await load();
    expect(loaded.fileFound).toBe(false);
    expect(loaded.configPath).toBe(join(home, "config.json"));
    expect(loaded.workspace).toBe(join(home, "workspace"));
    expect(loaded.config.agents.defaults).toMatchObject({
      model: "gpt-4o-mini",
      max_tool_iterations: 20,
      memory_window: 50,
      max_concurrent_turns: 8,
      workspace: join(home, "workspace"),
    });
    expect(loaded.config.tools.approval).toBe("allow");
    expect(loaded.config.log_level).toBe("info");
  });

  it("defaults SKEIN_HOME to ~/.skein", async () => {
    const loaded = await loadConfig({ env: { HOME: dir }, cwd: dir });
    expect(loaded.home).toBe(join(dir, ".skein"));
  });

  it("reads the file, then .env, then the environment, each overriding the one before", async () => {
    await writeConfig({
      agents: { defaults: { model: "from-file", memory_window: 10 } },
      providers: { openai: { base_url: "http://file.example/v1" } },
    });
    await writeFile(join(dir, ".env"), "SKEIN_MODEL=from-dotenv\nOPENAI_BASE_URL=http://dotenv.example/v1\n");
    const loaded = await load({ SKEIN_MODEL: "from-env" });
    expect(loaded.fileFound).toBe(true);
    expect(loaded.config.agents.defaults.model).toBe("from-env");
    expect(loaded.config.agents.defaults.memory_window).toBe(10);
    expect(loaded.config.providers.openai.base_url).toBe("http://dotenv.example/v1");
  });

  it("can ignore .env", async () => {
    await writeFile(join(dir, ".env"), "SKEIN_MODEL=from-dotenv\n");
    expect((await load({}, { ignoreDotEnv: true })).config.agents.defaults.model).toBe("gpt-4o-mini");
  });

  it("maps the environment variables onto their keys, converting numbers and lists", async () => {
    const loaded = await load({
      OPENAI_API_KEY: "sk-1",
      SKEIN_WORKSPACE: join(dir, "ws"),
      SKEIN_LOG_LEVEL: "debug",
      SKEIN_HEALTH_PORT: "8080",
      TELEGRAM_BOT_TOKEN: "123:abc",
      TELEGRAM_ALLOW_FROM: "42, alice ,",
      SLACK_PORT: "3001",
    });
    expect(loaded.config.providers.openai.api_key).toBe("sk-1");
    expect(loaded.workspace).toBe(join(dir, "ws"));
    expect(loaded.config.log_level).toBe("debug");
    expect(loaded.config.gateway.health_port).toBe(8080);
    expect(loaded.config.channels.telegram).toMatchObject({ token: "123:abc", allow_from: ["42", "alice"] });
    expect(loaded.config.channels.slack.port).toBe(3001);
  });

  it("ignores empty environment variables", async () => {
    await writeConfig({ agents: { defaults: { model: "from-file" } } });
    expect((await load({ SKEIN_MODEL: "" })).config.agents.defaults.model).toBe("from-file");
  });

  it("takes --config over SKEIN_CONFIG over $SKEIN_HOME/config.json", async () => {
    await writeConfig({ agents: { defaults: { model: "home" } } });
    await writeConfig({ agents: { defaults: { model: "env" } } }, join(dir, "env.json"));
    await writeConfig({ agents: { defaults: { model: "flag" } } }, join(dir, "flag.json"));
    expect((await load({ SKEIN_CONFIG: join(dir, "env.json") })).config.agents.defaults.model).toBe("env");
    expect(
      (await load({ SKEIN_CONFIG: join(dir, "env.json") }, { configPath: join(dir, "flag.json") })).config.agents
        .defaults.model,
    ).toBe("flag");
  });

  it("fails when a config file named explicitly does not exist", async () => {
    await expect(load({ SKEIN_CONFIG: join(dir, "missing.json") })).rejects.toMatchObject({ kind: "unreadable" });
    await expect(load({}, { configPath: join(dir, "missing.json") })).rejects.toThrow(/cannot read config file/);
  });

  it("names the file when it is not valid JSON", async () => {
    await writeFile(join(home, "config.json"), "{ model: ");
    await expect(load()).rejects.toMatchObject({
      kind: "invalid-json",
      message: expect.stringContaining(join(home, "config.json")),
    });
  });

  it("names each bad key and its problem", async () => {
    await writeConfig({ agents: { defaults: { memory_window: 0, model: 5 } }, tools: { approval: "sometimes" } });
    const error = (await load().catch((caught: unknown) => caught)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.kind).toBe("invalid");
    expect(error.issues.map((issue) => issue.split(":")[0])).toEqual(
      expect.arrayContaining(["agents.defaults.memory_window", "agents.defaults.model", "tools.approval"]),
    );
  });

  it("names an environment variable's key when its value is invalid", async () => {
    await expect(load({ SKEIN_HEALTH_PORT: "eighty" })).rejects.toThrow(/gateway\.health_port/);
    await expect(load({ OPENAI_BASE_URL: "not a url" })).rejects.toThrow(/providers\.openai\.base_url/);
  });

  it("names the environment variable too when its value is the invalid one", async () => {
    await expect(load({ SLACK_PORT: "abc" })).rejects.toThrow(/channels\.slack\.port \(from SLACK_PORT\): /);
    await expect(load({ TELEGRAM_GROUP_POLICY: "sometimes" })).rejects.toThrow(
      /channels\.telegram\.group_policy \(from TELEGRAM_GROUP_POLICY\): /,
    );
  });

  it("reads Redis Sentinel from SKEIN_REDIS_SENTINELS and SKEIN_REDIS_MASTER, beside an agreeing config, its passwords as secrets", async () => {
    await writeConfig({ bus: { sentinel: { master: "skein", nodes: ["10.0.0.1:26379"], sentinel_password: "s3nt" } } });
    const loaded = await load({
      SKEIN_REDIS_SENTINELS: "10.0.0.1:26379, 10.0.0.2:26379,[fd00::3]:26379",
      SKEIN_REDIS_MASTER: "skein",
      SKEIN_REDIS_PASSWORD: "d4ta",
    });
    expect(loaded.config.bus).toMatchObject({
      sentinel: {
        master: "skein",
        nodes: ["10.0.0.1:26379", "10.0.0.2:26379", "[fd00::3]:26379"],
        sentinel_password: "s3nt",
      },
      redis_password: "d4ta",
      takeover_after: 4,
    });
    expect(configSecrets(loaded.config)).toEqual(expect.arrayContaining(["s3nt", "d4ta"]));
  });

  it("refuses bus.sentinel beside bus.redis_url, and a Sentinel that is not host:port", async () => {
    await expect(
      load({ SKEIN_REDIS_URL: "redis://r:6379", SKEIN_REDIS_SENTINELS: "s:26379", SKEIN_REDIS_MASTER: "m" }),
    ).rejects.toThrow(/bus\.redis_url or bus\.sentinel, not both/);
    await expect(load({ SKEIN_REDIS_SENTINELS: "sentinel-without-port", SKEIN_REDIS_MASTER: "m" })).rejects.toThrow(
      /bus\.sentinel\.nodes/,
    );
    await expect(load({ SKEIN_REDIS_SENTINELS: "s:26379" })).rejects.toThrow(/bus\.sentinel\.master/);
  });

  it("rejects a file whose top level is not an object", async () => {
    await writeFile(join(home, "config.json"), "[1, 2]");
    await expect(load()).rejects.toMatchObject({ kind: "invalid" });
  });

  it("warns about unknown keys, including inside an MCP server, but not about server names or env", async () => {
    await writeConfig({
      agents: { defaults: { modle: "typo" } },
      tools: { mcp_servers: { files: { command: "x", env: { ANY_NAME: "1" }, comand: "typo" } } },
      extra: true,
    });
    const { warnings } = await load();
    expect(warnings.sort()).toEqual([
      'unknown config key "agents.defaults.modle" is ignored (did you mean "model"?)',
      'unknown config key "extra" is ignored',
      'unknown config key "tools.mcp_servers.files.comand" is ignored (did you mean "command"?)',
    ]);
  });

  it("keeps named providers in the order written, always has providers.openai, and redacts every provider's key", async () => {
    await writeConfig({
      providers: {
        groq: { api_key: "gsk-groq-key", base_url: "https://api.groq.com/openai/v1", cooldown: 5, timeot: 1 },
        router: { headers: { Authorization: "Bearer header-secret" }, prices: { "m-1": { input: 1, output: 2 } } },
      },
    });
    const { config, warnings } = await load({ OPENAI_API_KEY: "sk-openai-key" });
    expect(Object.keys(config.providers)).toEqual(["groq", "router", "openai"]);
    expect(config.providers.groq).toMatchObject({ cooldown: 5, timeout: 120, max_retries: 2, stream: false });
    expect(config.providers.router?.prices).toEqual({ "m-1": { input: 1, output: 2 } });
    expect(config.providers.openai).toMatchObject({ api_key: "sk-openai-key", cooldown: 60, headers: {} });
    expect(warnings).toEqual(['unknown config key "providers.groq.timeot" is ignored (did you mean "timeout"?)']);
    expect(configSecrets(config)).toEqual(
      expect.arrayContaining(["gsk-groq-key", "Bearer header-secret", "sk-openai-key"]),
    );
  });

  it("accepts numeric sender ids in allow_from, as Telegram writes them", async () => {
    await writeConfig({ channels: { telegram: { allow_from: [42, "@bob"] } } });
    expect((await load()).config.channels.telegram.allow_from).toEqual(["42", "@bob"]);
  });

  it("refuses max_tool_iterations below 1 instead of quietly using 1", async () => {
    await writeConfig({ agents: { defaults: { max_tool_iterations: 0 } } });
    await expect(load()).rejects.toThrow(/agents\.defaults\.max_tool_iterations/);
  });

  it("expands ~ in SKEIN_HOME and resolves a relative workspace against it", async () => {
    await mkdir(join(dir, "state"));
    await writeConfig({ agents: { defaults: { workspace: "ws" } } }, join(dir, "state", "config.json"));
    const loaded = await load({ SKEIN_HOME: "~/state" });
    expect(loaded.home).toBe(join(dir, "state"));
    expect(loaded.workspace).toBe(join(dir, "state", "ws"));
  });
});
