import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";
import { everythingStdio } from "../tools/mcp/helpers.js";

const run = promisify(execFile);

describe("MCP servers in the built CLI", () => {
  let home: string;
  let fake: FakeOpenAI;
  const { command, args } = everythingStdio();

  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-mcp-cli-"));
  });

  afterAll(async () => {
    await fake?.close();
    await rm(home, { recursive: true, force: true });
  });

  /** Runs `skein <argv>` with a config of these MCP servers; never throws for a non-zero exit. */
  async function skein(
    argv: string[],
    servers: Record<string, unknown>,
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const configPath = join(home, "config.json");
    await writeFile(configPath, JSON.stringify({ tools: { mcp_servers: servers } }));
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "sk-test",
    };
    try {
      const { stdout, stderr } = await run(process.execPath, [cliPath, ...argv, "--config", configPath], {
        cwd: home,
        env,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  describe("skein mcp check", () => {
    it("prints each server's tools, or why it failed, and exits non-zero when one failed", async () => {
      const result = await skein(["mcp", "check"], {
        everything: { command, args },
        missing: { command: "skein-test-no-such-mcp-server" },
        off: { command, args, enabled: false },
      });
      const lines = result.stdout.trim().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^ok +everything +stdio \d+ tools: .*everything__echo, .*everything__get-sum/);
      expect(lines[1]).toMatch(/^failed +missing +spawn skein-test-no-such-mcp-server ENOENT .*not on PATH/);
      expect(lines[2]).toMatch(/^skipped +off +disabled/);
      expect(result.code).toBe(1);
    });

    it("exits zero when every server connects", async () => {
      const result = await skein(["mcp", "check"], { everything: { command, args, tools: ["echo"] } });
      expect(result.stdout).toMatch(/^ok +everything +stdio 1 tool: everything__echo\n$/);
      expect(result.code).toBe(0);
    });

    it("says so when no server is configured", async () => {
      const result = await skein(["mcp", "check"], {});
      expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^no MCP servers configured/) });
    });
  });

  it("lists MCP tools with their server in skein tools", async () => {
    const result = await skein(["tools"], { everything: { command, args, tools: ["echo", "get-sum"] } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^everything__echo +mcp:everything +side-effecting +Echoes back/m);
    expect(result.stdout).toMatch(/^everything__get-sum +mcp:everything /m);
  });

  it("lets the model call an MCP tool in a turn and gives it the tool's answer", async () => {
    fake.reply(
      { toolCalls: [{ id: "call_1", name: "everything__echo", arguments: { message: "ping from the model" } }] },
      { content: "The server said it back." },
    );
    const before = fake.requests.length;
    const result = await skein(["chat", "-m", "echo something"], { everything: { command, args, tools: ["echo"] } });
    expect(result).toMatchObject({ code: 0, stdout: "The server said it back.\n" });
    const [first, second] = fake.requests.slice(before);
    expect(first!.body.tools?.map((tool) => tool.function.name)).toContain("everything__echo");
    expect(second!.body.messages).toContainEqual(
      expect.objectContaining({
        role: "tool",
        tool_call_id: "call_1",
        content: expect.stringContaining("Echo: ping from the model"),
      }),
    );
  });
});
