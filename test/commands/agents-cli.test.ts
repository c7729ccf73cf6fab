import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";

/** `skein config check` and `skein agents list` with several agents, through the built CLI. */

const run = promisify(execFile);
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-agents-cli-"));
});
afterAll(() => rm(home, { recursive: true, force: true }));

let written = 0;
async function skein(args: string[], config: unknown) {
  const path = join(home, `config-${++written}.json`);
  await writeFile(path, JSON.stringify(config));
  return run(process.execPath, [cliPath, ...args, "--config", path], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, TELEGRAM_BOT_TOKEN: "123:abc" },
    timeout: 20_000,
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const threeAgents = {
  agents: {
    list: [
      { id: "personal", name: "Personal" },
      { id: "work", model: "company/gpt", tools: { allow: ["read_file", "web_*"], deny: ["exec_shell"] } },
      { id: "family", workspace: "family-workspace" },
    ],
  },
  providers: { company: { base_url: "http://127.0.0.1:9/v1" } },
  bindings: [
    { agent: "work", match: { channel: "slack", team_id: "T012" } },
    { agent: "personal", match: { channel: "telegram", chat_id: "123" } },
    { agent: "family", match: { channel: "discord", guild_id: "G1" } },
  ],
};

describe("skein config check with several agents", () => {
  it("refuses a binding to an unknown agent, duplicate ids and an unknown default, naming each key", async () => {
    const result = await skein(["config", "check"], {
      agents: { list: [{ id: "work" }, { id: "work" }], default: "home" },
      bindings: [
        { agent: "work", match: { channel: "telegram" } },
        { agent: "wrok", match: { channel: "telegram" } },
      ],
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('agents.list[1].id: duplicate agent id "work" (also agents.list[0])');
    expect(result.stderr).toContain('agents.default: no agent "home" (known: work)');
    expect(result.stderr).toContain('bindings[1].agent: no agent "wrok" (known: work)');
  });

  it("warns about bindings that can never match and shows each agent with its bindings", async () => {
    const result = await skein(["config", "check"], {
      ...threeAgents,
      bindings: [
        ...threeAgents.bindings,
        { agent: "work", match: { channel: "telegram", team_id: "T012" } },
        { agent: "family", match: { channel: "telegram", guild_id: "G1" } },
        { agent: "work", match: {} },
        { agent: "family", match: { channel: "telegram", chat_id: "123", sender: "9" } },
      ],
    });
    expect(result.code).toBe(0);
    const warnings = result.stdout.split("\n").filter((line) => line.startsWith("warning:"));
    expect(warnings).toEqual(
      expect.arrayContaining([
        'warning:    bindings[0] (agent work, channel=slack team_id=T012) can never match: channel "slack" is not configured',
        "warning:    bindings[3] (agent work, channel=telegram team_id=T012) can never match: team_id is a Slack workspace, but the channel is telegram",
        "warning:    bindings[4] (agent family, channel=telegram guild_id=G1) can never match: guild_id is a Discord server, but the channel is telegram",
        "warning:    bindings[5] (agent work, (empty match)) can never match: its match is empty; name a channel, chat_id, sender, team_id, guild_id or thread",
        "warning:    bindings[6] (agent family, channel=telegram chat_id=123 sender=9) can never match: bindings[1] (agent personal) matches every message it does, first",
      ]),
    );
    expect(warnings.filter((line) => line.startsWith("warning:    bindings[1] "))).toEqual([]);
    expect(result.stdout).toContain(
      [
        "agents:",
        "  personal (Personal), the default",
        `    workspace: ${join(home, "agents", "personal", "workspace")}`,
        "    model:     gpt-4o-mini",
        "    tools:     every tool",
        "    bindings:  [1] channel=telegram chat_id=123",
        "  work",
      ].join("\n"),
    );
    expect(result.stdout).toContain("    tools:     allow read_file, web_*; deny exec_shell\n");
    expect(result.stdout).toContain(
      "    bindings:  [0] channel=slack team_id=T012\n               [3] channel=telegram",
    );
  });

  it("shows no agents section for a config without agents.list, as before", async () => {
    const result = await skein(["config", "check"], {});
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("agents:");
    expect(result.stdout).not.toContain("bindings[");
  });
});

describe("skein agents list", () => {
  it("lists each agent's workspace, model, tools, bindings and the chats it has served", async () => {
    const sessions = join(home, "sessions");
    await mkdir(sessions, { recursive: true });
    const session = async (key: string, at: string) => {
      const path = join(sessions, `${encodeURIComponent(key).replace(/\./g, "%2E")}.jsonl`);
      await writeFile(path, "");
      await utimes(path, new Date(at), new Date(at));
    };
    await session("telegram:123", "2026-01-02T10:00:00Z");
    await session("agent:work:slack:C1:1700000000.000100", "2026-01-03T09:00:00Z");
    await session("agent:work:slack:C1:1700000000.000200", "2026-01-04T09:00:00Z");
    await session("agent:family:discord:D7", "2026-01-01T08:00:00Z");
    const config = {
      ...threeAgents,
      agents: { ...threeAgents.agents, list: [{ id: "main" }, ...threeAgents.agents.list] },
    };

    const json = await skein(["agents", "list", "--json"], config);
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as { agents: Array<Record<string, unknown>> };
    expect(listed.agents.map((agent) => agent.id)).toEqual(["main", "personal", "work", "family"]);
    expect(listed.agents[2]).toMatchObject({
      id: "work",
      isDefault: false,
      workspace: join(home, "agents", "work", "workspace"),
      model: "company/gpt",
      tools: { allow: ["read_file", "web_*"], deny: ["exec_shell"] },
      bindings: [{ index: 0, match: { channel: "slack", team_id: "T012" } }],
      chats: [{ chat: "slack:C1", sessions: 2, lastActive: "2026-01-04T09:00:00.000Z" }],
    });
    expect(listed.agents[0]).toMatchObject({ isDefault: true, chats: [{ chat: "telegram:123", sessions: 1 }] });
    expect(listed.agents[3]).toMatchObject({
      workspace: join(home, "family-workspace"),
      chats: [{ chat: "discord:D7" }],
    });

    const text = await skein(["agents", "list"], config);
    expect(text.stdout).toContain("work\n");
    expect(text.stdout).toContain("  served:    slack:C1 (2026-01-04 09:00)\n");
    expect(text.stdout).toContain("personal (Personal)\n");
    expect(text.stdout).toMatch(/personal \(Personal\)\n(?:.*\n)*? {2}served: {4}no chat yet\n/);
  });
});
