import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { FakeTelegram } from "./fakes/fake-telegram.js";
import { cliPath } from "./support/cli-path.js";

const run = promisify(execFile);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

describe("the skein commands", () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-commands-"));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  async function skein(args: string[], env: Record<string, string> = {}): Promise<Result> {
    try {
      const { stdout, stderr } = await run(process.execPath, [cliPath, ...args], {
        env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, ...env },
        cwd: home,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it("prints the version", async () => {
    expect(await skein(["--version"])).toMatchObject({ code: 0, stdout: "0.1.0\n" });
  });

  it("start with neither a model nor a chat platform exits 1 at once, in a few lines naming OPENAI_API_KEY and skein init", async () => {
    const result = await skein(["start"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^skein: nothing to run yet: no model and no chat platform is configured\.$/m);
    expect(result.stderr).toContain("OPENAI_API_KEY");
    expect(result.stderr).toContain("`skein init`");
    expect(result.stderr.trimEnd().split("\n").length).toBeLessThanOrEqual(4);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("start with a model but neither a chat platform nor the dashboard says how to add a channel, and exits 1", async () => {
    const file = join(home, "dashboard-off.json");
    await writeFile(file, JSON.stringify({ dashboard: { enabled: false } }));
    const result = await skein(["--config", file, "start"], { OPENAI_API_KEY: "sk-secret-value" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^skein: no channel is configured.*TELEGRAM_BOT_TOKEN/m);
  });

  it("start exits non-zero with the reason when every configured channel fails", async () => {
    // A Slack bot token without an app token or signing secret cannot work: a config failure.
    const result = await skein(["start"], { SLACK_BOT_TOKEN: "xoxb-secret-value", OPENAI_API_KEY: "sk-secret-value" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/every configured channel failed to start \(slack: /);
    expect(result.stderr).not.toContain("sk-secret-value");
    expect(result.stderr).not.toContain("xoxb-secret-value");
  });

  it("start runs until SIGTERM, then stops cleanly with exit code 0", async () => {
    const telegram = await FakeTelegram.start();
    onTestFinished(() => telegram.close());
    const child = spawn(process.execPath, [cliPath, "start"], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
      },
      cwd: home,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const ready = new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('"skein ready"')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await ready;
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr).toContain('"msg":"skein stopped"');
  });

  it("start stops at once, with exit code 0, on SIGTERM during start-up (a Bot API that never answers)", async () => {
    let getMe!: () => void;
    const asked = new Promise<void>((resolve) => (getMe = resolve));
    const silent = createServer(() => getMe());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const child = spawn(process.execPath, [cliPath, "start"], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          SKEIN_HOME: home,
          TELEGRAM_BOT_TOKEN: "123:abc",
          TELEGRAM_API_ROOT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        },
        cwd: home,
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      await asked;
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(stderr).toContain('"msg":"shutting down during start-up"');
      expect(stderr).not.toContain('"skein ready"');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("config check shows what is enabled and warns about what is missing", async () => {
    const result = await skein(["config", "check"], { TELEGRAM_BOT_TOKEN: "123:abc", SKEIN_MODEL: "llama3" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^model: +llama3 via https:\/\/api.openai.com\/v1$/m);
    expect(result.stdout).toMatch(/^channels: +telegram$/m);
    expect(result.stdout).toMatch(/^warning: +no OPENAI_API_KEY/m);
    expect(result.stdout).toMatch(/config is valid, with \d+ warnings?\n$/);
    expect(result.stdout).not.toContain("123:abc");
  });

  it("config check shows every provider and the fallbacks, and no OpenAI warning when OpenAI is not used", async () => {
    const file = join(home, "providers.json");
    await writeFile(
      file,
      JSON.stringify({
        providers: {
          local: { base_url: "http://127.0.0.1:11434/v1" },
          openrouter: { base_url: "https://openrouter.ai/api/v1", api_key: "sk-or-secret", stream: true },
        },
        agents: { defaults: { model: "llama3", fallbacks: ["openrouter/anthropic/claude"] } },
      }),
    );
    const result = await skein(["--config", file, "config", "check"], { TELEGRAM_BOT_TOKEN: "123:abc" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^model: +llama3 via http:\/\/127.0.0.1:11434\/v1$/m);
    expect(result.stdout).toMatch(/^fallbacks: +openrouter\/anthropic\/claude$/m);
    expect(result.stdout).toMatch(
      /^providers: +local \(http:\/\/127.0.0.1:11434\/v1\); openrouter \(https:\/\/openrouter.ai\/api\/v1 \(api key set\), streaming\); openai \(https:\/\/api.openai.com\/v1\)$/m,
    );
    expect(result.stdout).not.toContain("no OPENAI_API_KEY");
    expect(result.stdout).not.toContain("sk-or-secret");
  });

  it("config check fails on an invalid config, naming the key", async () => {
    const file = join(home, "bad.json");
    await writeFile(file, JSON.stringify({ agents: { defaults: { max_concurrent_turns: 0 } } }));
    const result = await skein(["--config", file, "config", "check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/agents\.defaults\.max_concurrent_turns: /);
  });

  it("config check refuses a base URL without http://, saying in one line the URL it probably means", async () => {
    const result = await skein(["config", "check"], { OPENAI_BASE_URL: "localhost:11434" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^skein: invalid configuration \(.*\): providers\.openai\.base_url \(from OPENAI_BASE_URL\): "localhost:11434" is not a URL: it needs http:\/\/ or https:\/\/, e.g\. "http:\/\/localhost:11434\/v1"\n$/,
    );
  });

  it("config check --strict fails on a config whose typo drops every channel; without it the config is valid, with warnings", async () => {
    const file = join(home, "channel-typo.json");
    await writeFile(
      file,
      JSON.stringify({ providers: { openai: { api_key: "sk-x" } }, channel: { telegram: { bot_token: "1:x" } } }),
    );
    const lenient = await skein(["--config", file, "config", "check"]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(
      /^warning: +unknown config key "channel" is ignored \(did you mean "channels"\?\)$/m,
    );
    expect(lenient.stdout).toMatch(/config is valid, with 2 warnings\n$/);

    const strict = await skein(["--config", file, "config", "check", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^error: +unknown config key "channel"/m);
    expect(strict.stdout).toMatch(/^error: +no chat platform is configured/m);
    expect(strict.stdout).toMatch(/config is not valid under --strict: 2 errors\n$/);
    const json = JSON.parse((await skein(["--config", file, "config", "check", "--strict", "--json"])).stdout);
    expect(json).toMatchObject({
      valid: false,
      strict: true,
      errors: [expect.stringContaining('"channel"'), expect.any(String)],
    });
  });

  it("config check --strict fails without a model, and passes a config with a model and a chat platform", async () => {
    const bare = await skein(["config", "check", "--strict"], { TELEGRAM_BOT_TOKEN: "123:abc" });
    expect(bare.code).toBe(1);
    expect(bare.stdout).toMatch(/^error: +no model is configured: run `skein init` \(or set OPENAI_API_KEY\)$/m);
    const ready = await skein(["config", "check", "--strict"], {
      TELEGRAM_BOT_TOKEN: "123:abc",
      TELEGRAM_ALLOW_FROM: "42",
      OPENAI_API_KEY: "sk-x",
    });
    expect(ready.code).toBe(0);
    expect(ready.stdout).toMatch(/config is valid\n$/);
  });

  it("tools lists one line per tool and the count on stderr", async () => {
    const result = await skein(["tools"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^\d+ tools?/m);
    for (const line of result.stdout.split("\n").filter(Boolean))
      expect(line).toMatch(/^[a-zA-Z0-9_-]+ +\S+ +(read-only|side-effecting|privileged) +\S/);
  });
});
