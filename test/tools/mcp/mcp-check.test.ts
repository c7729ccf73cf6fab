import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingStdio } from "./helpers.js";

const run = promisify(execFile);
const root = new URL("../../../", import.meta.url).pathname;

describe("skein mcp check", () => {
  let home: string;

  beforeAll(async () => {
    await run(process.execPath, ["scripts/build.mjs"], { cwd: root });
    home = await mkdtemp(join(tmpdir(), "skein-mcp-check-"));
  });

  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  async function check(servers: Record<string, unknown>): Promise<{ code: number; stdout: string }> {
    const configPath = join(home, "config.json");
    await writeFile(configPath, JSON.stringify({ tools: { mcp_servers: servers } }));
    const env = { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home };
    try {
      const { stdout } = await run(process.execPath, [join(root, "dist/cli.js"), "mcp", "check", "--config", configPath], { cwd: home, env });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it("prints each server's tools, or why it failed, and exits non-zero when one failed", async () => {
    const { command, args } = everythingStdio();
    const result = await check({
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
    const { command, args } = everythingStdio();
    const result = await check({ everything: { command, args, tools: ["echo"] } });
    expect(result.stdout).toMatch(/^ok +everything +stdio 1 tool: everything__echo\n$/);
    expect(result.code).toBe(0);
  });

  it("says so when no server is configured", async () => {
    const result = await check({});
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^no MCP servers configured/) });
  });
});
