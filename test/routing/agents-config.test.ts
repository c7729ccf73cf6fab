import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load.js";
import { defaultAgentId, resolveAgents } from "../../src/routing/agent-spec.js";

describe("agents.list, agents.default and bindings in the configuration", () => {
  let dir: string;
  let home: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "skein-agents-config-"));
    home = join(dir, "home");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  let written = 0;
  async function load(config: unknown, env: Record<string, string> = {}) {
    const path = join(dir, `config-${++written}.json`);
    await writeFile(path, JSON.stringify(config));
    return loadConfig({ configPath: path, env: { HOME: dir, SKEIN_HOME: home, ...env }, cwd: dir, ignoreDotEnv: true });
  }
  async function problems(config: unknown): Promise<string[]> {
    const error = await load(config).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }

  it("keeps one agent, main, with the defaults' workspace and model when there is no agents.list", async () => {
    const { config } = await load({ agents: { defaults: { model: "m-default", workspace: "ws" } } });
    const agents = resolveAgents(config, { home });
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ id: "main", workspace: join(home, "ws"), model: "m-default" });
    expect(agents[0]!.tools).toEqual(config.tools);
    expect(agents[0]!.defaults).toEqual(config.agents.defaults);
    expect(defaultAgentId(config)).toBe("main");
  });

  it("gives each agent the defaults with its own keys laid over them, its model winning over SKEIN_MODEL", async () => {
    const { config } = await load(
      {
        agents: {
          defaults: { max_tool_iterations: 7, budgets: { per_chat_daily_tokens: 100 }, workspace: "/shared" },
          list: [
            { id: "work", name: "Work", name_prefix: "[work] ", model: "company/gpt", budgets: { daily_cost: 2 } },
            { id: "personal", max_tool_iterations: 30, skills: ["notes"], workspace: "~/personal" },
          ],
        },
      },
      { SKEIN_MODEL: "from-env" },
    );
    const [work, personal] = resolveAgents(config, { home });
    expect(work).toMatchObject({ id: "work", name: "Work", namePrefix: "[work] ", model: "company/gpt" });
    expect(work!.maxToolIterations).toBe(7);
    expect(work!.defaults.budgets).toEqual({ per_chat_daily_tokens: 100, daily_cost: 2 });
    expect(work!.defaults.memory_window).toBe(50);
    expect(personal).toMatchObject({ model: "from-env", maxToolIterations: 30, skills: ["notes"] });
    expect(defaultAgentId(config)).toBe("work");
  });

  it("never lets an agent inherit the workspace: its own, else $SKEIN_HOME/agents/<id>/workspace", async () => {
    const { config } = await load({
      agents: { defaults: { workspace: "/shared" }, list: [{ id: "work" }, { id: "personal", workspace: "~/mine" }] },
    });
    const [work, personal] = resolveAgents(config, { home });
    expect(work!.workspace).toBe(join(home, "agents", "work", "workspace"));
    expect(work!.defaults.workspace).toBe(work!.workspace);
    expect(personal!.workspace).toBe(join(dir, "mine"));
  });

  it("lays an agent's tools over the top-level ones: deny adds, mcp_servers by name keeps only those", async () => {
    const server = { command: "node" };
    const { config } = await load({
      tools: {
        deny: ["spawn"],
        approval: "ask",
        exec: { network: "full" },
        mcp_servers: { github: server, jira: server },
      },
      agents: {
        list: [
          {
            id: "work",
            tools: {
              allow: ["read_file", "github__*"],
              deny: ["exec_shell"],
              exec: { sandbox: "bwrap", network: false },
              message: { targets: "any" },
              mcp_servers: ["github"],
            },
          },
          { id: "home", tools: { mcp_servers: { notes: server } } },
        ],
      },
    });
    const [work, homeAgent] = resolveAgents(config, { home });
    expect(work!.tools).toMatchObject({
      allow: ["read_file", "github__*"],
      deny: ["spawn", "exec_shell"],
      approval: "ask",
      exec: { sandbox: "bwrap", network: "none", max_processes: 256 },
      message: { targets: "any" },
    });
    expect(Object.keys(work!.tools.mcp_servers)).toEqual(["github"]);
    expect(Object.keys(homeAgent!.tools.mcp_servers)).toEqual(["github", "jira", "notes"]);
    expect(homeAgent!.tools.exec.network).toBe("full");
  });

  it("lays an agent's tts over the top-level one key by key, with the issue's defaults under both", async () => {
    const { config } = await load({
      providers: { openai: {}, speech: { base_url: "http://127.0.0.1:9/v1" } },
      tts: { mode: "inbound", provider: "speech" },
      agents: { list: [{ id: "quiet" }, { id: "talker", tts: { mode: "always", voice: "nova" } }] },
    });
    const [quiet, talker] = resolveAgents(config, { home });
    const defaults = { model: "gpt-4o-mini-tts", voice: "alloy", max_chars: 1500 };
    expect(quiet!.tts).toEqual({ ...defaults, mode: "inbound", provider: "speech" });
    expect(talker!.tts).toEqual({ ...defaults, mode: "always", provider: "speech", voice: "nova" });
    const { config: plain } = await load({});
    expect(plain.tts).toEqual({ ...defaults, mode: "off", provider: "openai" });
  });

  it("refuses a tts.provider that names no provider, at the top level and in an agent", async () => {
    expect(
      await problems({ tts: { provider: "nope" }, agents: { list: [{ id: "a", tts: { provider: "ghost" } }] } }),
    ).toEqual([
      'tts.provider: no provider "nope" in providers (openai)',
      'agents.list[0].tts.provider: no provider "ghost" in providers (openai)',
    ]);
  });

  it("takes a speech model's price per million characters, and refuses a price that says neither", async () => {
    const { config } = await load({ providers: { openai: { prices: { "gpt-4o-mini-tts": { per_1m_chars: 12 } } } } });
    expect(config.providers.openai.prices["gpt-4o-mini-tts"]).toEqual({ per_1m_chars: 12 });
    expect(await problems({ providers: { openai: { prices: { m: { input: 1 } } } } })).toEqual([
      expect.stringMatching(
        /^providers\.openai\.prices\.m: give input and output \(per million tokens\), or per_1m_chars/,
      ),
    ]);
  });

  it("names agents.default when it is set", async () => {
    const { config } = await load({ agents: { list: [{ id: "a" }, { id: "b" }], default: "b" } });
    expect(defaultAgentId(config)).toBe("b");
  });

  it("refuses bad ids, duplicates and unknown agents with the path of each key", async () => {
    expect(
      await problems({
        agents: {
          list: [{ id: "work" }, { id: "Work!" }, { id: "work" }, { id: "x".repeat(33) }],
          default: "nobody",
        },
        bindings: [
          { agent: "work", match: { channel: "slack" } },
          { agent: "ghost", match: { channel: "telegram" } },
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^agents\.list\[1\]\.id: an agent id is 1-32 lowercase letters/),
      expect.stringMatching(/^agents\.list\[3\]\.id: an agent id is/),
      'agents.list[2].id: duplicate agent id "work" (also agents.list[0])',
      expect.stringMatching(/^agents\.default: no agent "nobody"/),
      expect.stringMatching(/^bindings\[1\]\.agent: no agent "ghost"/),
    ]);
    expect(
      await problems({
        agents: {
          list: [{ id: "work" }, { id: "home" }, { id: "work", tools: { mcp_servers: ["nope"] } }],
          default: "nobody",
        },
        bindings: [
          { agent: "work", match: { channel: "slack" } },
          { agent: "ghost", match: { channel: "telegram" } },
        ],
      }),
    ).toEqual([
      'agents.list[2].id: duplicate agent id "work" (also agents.list[0])',
      'agents.list[2].tools.mcp_servers[0]: no MCP server "nope" in tools.mcp_servers',
      'agents.default: no agent "nobody" (known: work, home)',
      'bindings[1].agent: no agent "ghost" (known: work, home)',
    ]);
  });

  it("accepts bindings to main without agents.list, and refuses any other agent", async () => {
    await expect(load({ bindings: [{ agent: "main", match: { channel: "cli" } }] })).resolves.toBeDefined();
    expect(await problems({ bindings: [{ agent: "work", match: { channel: "cli" } }] })).toEqual([
      'bindings[0].agent: no agent "work" (known: main)',
    ]);
  });

  it("refuses a misspelt match key, which would otherwise match more than written", async () => {
    expect(await problems({ bindings: [{ agent: "main", match: { chatid: "1" } }] })).toEqual([
      expect.stringMatching(/^bindings\[0\]\.match: Unrecognized key: "chatid"/),
    ]);
  });

  it("reads numeric ids as the same ids written as strings", async () => {
    const { config } = await load({ bindings: [{ agent: "main", match: { channel: "telegram", chat_id: -100123 } }] });
    expect(config.bindings[0]!.match).toEqual({ channel: "telegram", chat_id: "-100123" });
  });

  it("warns about an agent's unknown key, suggesting the agents.defaults key meant", async () => {
    const { warnings } = await load({ agents: { list: [{ id: "a", modle: "x", tools: { alow: [] } }] } });
    expect(warnings).toEqual([
      'unknown config key "agents.list[0].modle" is ignored (did you mean "model"?)',
      'unknown config key "agents.list[0].tools.alow" is ignored (did you mean "allow"?)',
    ]);
  });
});
