import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";

/** What the built CLI says about a configuration it cannot use: one line of cause and remedy, never a stack trace. */

const run = promisify(execFile);
let home: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-config-errors-"));
});
afterEach(() => rm(home, { recursive: true, force: true }));

async function skein(args: string[], env: Record<string, string> = {}) {
  const result = await run(process.execPath, [cliPath, ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, ...env },
    timeout: 20_000,
  }).then(
    (done) => ({ code: 0, ...done }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(result.stderr).not.toMatch(/^\s+at /m);
  return result;
}

describe("the built CLI on a configuration it cannot use", () => {
  it("gives the line and column of a JSON syntax error", async () => {
    await writeFile(join(home, "config.json"), '{\n  "log_level": "info"\n  "agents": {}\n}\n');
    const result = await skein(["config", "check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("config.json is not valid JSON: line 3, column 3:");
  });

  it("gives the line and column of an error V8 reports without a position", async () => {
    await writeFile(join(home, "config.json"), '{\n  "log_level": info\n}\n');
    const result = await skein(["config", "check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('config.json is not valid JSON: line 2, column 16: unexpected "info"');
  });

  it("reads comments and trailing commas in config.json, as VS Code's settings allow", async () => {
    await writeFile(
      join(home, "config.json"),
      '// mine\n{\n  /* chatty */ "log_level": "debug",\n  "gateway": { "health_port": 17999, },\n}\n',
    );
    const result = await skein(["config", "check"]);
    expect(result.stderr).not.toMatch(/not valid JSON|invalid configuration/);
    expect(`${result.stdout}${result.stderr}`).not.toContain("unknown config key");
  });

  it("suggests the known key close to an unknown one", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ gateway: { helth_port: 1 }, agent: {} }));
    const { stdout } = await skein(["config", "check"]);
    expect(stdout).toContain('unknown config key "gateway.helth_port" is ignored (did you mean "health_port"?)');
    expect(stdout).toContain('unknown config key "agent" is ignored (did you mean "agents"?)');
  });

  it("reports a garbage line in .env with its line number", async () => {
    await writeFile(join(home, ".env"), "# model\nOPENAI_API_KEY=sk-test\nthis is not a setting\n");
    const result = await skein(["config", "check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(home, ".env")}:3: not a NAME=value line: "this is not a setting"`);
  });

  it("refuses numbers out of range: a timeout no timer can hold, zero tool iterations", async () => {
    await writeFile(
      join(home, "config.json"),
      JSON.stringify({
        agents: { defaults: { turn_timeout: 3_000_000, max_tool_iterations: 0 } },
        providers: { openai: { timeout: 1e12 } },
      }),
    );
    const result = await skein(["config", "check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("agents.defaults.turn_timeout: must be at most 2147483 seconds");
    expect(result.stderr).toContain("providers.openai.timeout: must be at most 2147483 seconds");
    expect(result.stderr).toMatch(/agents\.defaults\.max_tool_iterations: .*>=1/);
  });

  it("refuses a workspace that is a file, in one line", async () => {
    await writeFile(join(home, "a-file"), "");
    const result = await skein(["chat", "-m", "hi"], {
      SKEIN_WORKSPACE: join(home, "a-file"),
      OPENAI_API_KEY: "sk-test",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `skein: workspace ${join(home, "a-file")} cannot be used: it (or a folder above it) is a file; point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory skein may write to`,
    );
  });

  it("refuses a workspace under /proc at once instead of spinning", async () => {
    const result = await skein(["chat", "-m", "hi"], {
      SKEIN_WORKSPACE: "/proc/self/skein-workspace",
      OPENAI_API_KEY: "sk-test",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("workspace /proc/self/skein-workspace cannot be used: it is inside /proc");
  });

  it("prints JSON for scripts with config check --json, valid or not", async () => {
    const valid = await skein(["config", "check", "--json"], { OPENAI_API_KEY: "sk-test" });
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, channels: [], home });
    await writeFile(join(home, "config.json"), JSON.stringify({ log_level: "loud" }));
    const invalid = await skein(["config", "check", "--json"]);
    expect(invalid.code).toBe(1);
    expect(JSON.parse(invalid.stdout)).toMatchObject({ valid: false, issues: [expect.stringContaining("log_level")] });
  });

  it("prints the tools and the doctor's checks as JSON", async () => {
    const tools = JSON.parse((await skein(["tools", "--json"])).stdout) as Array<{ name: string }>;
    expect(tools.map((tool) => tool.name)).toContain("read_file");
    const doctor = await skein(["doctor", "--json"], { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const report = JSON.parse(doctor.stdout) as { ok: boolean; results: Array<{ name: string }> };
    expect(report.ok).toBe(false);
    expect(report.results.map((result) => result.name)).toContain("workspace");
  });
});
