import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeTelegram } from "../fakes/fake-telegram.js";
import { cliPath } from "../support/cli-path.js";
import { hasScript, inPseudoTerminal } from "../support/pseudo-terminal.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

/** `skein init` (the built CLI) against a fake model and a fake Telegram. */

let telegram: FakeTelegram;
let model: FakeOpenAI;
let home: string;
let daemon: SkeinProcess | undefined;

beforeAll(async () => {
  [telegram, model] = await Promise.all([FakeTelegram.start(), FakeOpenAI.start()]);
});
afterAll(() => Promise.all([telegram.close(), model.close()]));
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-init-"));
});
afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
  await rm(home, { recursive: true, force: true });
});

/** Where skein lives and how it reaches the fakes: no credentials. */
const base = () => ({
  PATH: process.env.PATH ?? "",
  HOME: home,
  SKEIN_HOME: home,
  TELEGRAM_API_ROOT: telegram.apiRoot,
  // No local Ollama: init offers one only when it answers (a machine running one must not change these tests).
  OLLAMA_HOST: "127.0.0.1:1",
});

function init(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, [cliPath, "init", ...args], { cwd: home, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin!.end(input ?? "");
  });
}

const terminalAvailable = await hasScript();
const readConfig = async () => JSON.parse(await readFile(join(home, "config.json"), "utf8"));

describe("skein init", () => {
  it("says plainly that commands will be refused on a machine without bubblewrap, and how to fix it", async () => {
    const result = await init(["--yes", "--no-verify"], { ...base(), PATH: home, OPENAI_API_KEY: "sk-test" });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "sandbox: exec_shell and spawn are refused: no working bubblewrap here (bubblewrap (bwrap) is not installed)",
    );
    expect(result.stdout).toContain("fix: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap");
  });

  it("--yes writes config.json (0600) and the workspace templates, after which `skein start` serves a DM", async () => {
    const result = await init(["--yes", "--allow-from", "111", "--model", "test-model"], {
      ...base(),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
      TELEGRAM_BOT_TOKEN: telegram.token,
    });
    expect(result.stderr).not.toContain("FAIL");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`wrote ${join(home, "config.json")} (mode 0600)`);
    expect((await stat(join(home, "config.json"))).mode & 0o777).toBe(0o600);
    expect(await readConfig()).toEqual({
      agents: { defaults: { model: "test-model" } },
      providers: { openai: { base_url: model.baseUrl, api_key: "sk-test" } },
      channels: { telegram: { token: telegram.token, allow_from: ["111"] } },
    });
    for (const file of ["AGENTS.md", "SOUL.md", "USER.md", "memory/MEMORY.md"])
      expect((await readFile(join(home, "workspace", file), "utf8")).length).toBeGreaterThan(20);

    daemon = spawnSkein(["start"], { cwd: home, env: base() });
    await daemon.waitFor('"msg":"skein ready"');
    const sentBefore = telegram.callsOf("sendMessage").length;
    telegram.userMessage({ id: 111, type: "private" }, { id: 111, first_name: "Owner" }, "hello after init");
    const reply = (await telegram.waitForSent(sentBefore + 1)).at(-1)!;
    expect(reply.visibleText).toBe("echo: hello after init");
    expect(model.requests.at(-1)?.body.model).toBe("test-model");
  });

  it("--yes writes nothing when the platform rejects the token", async () => {
    const result = await init(["--yes"], {
      ...base(),
      OPENAI_BASE_URL: model.baseUrl,
      TELEGRAM_BOT_TOKEN: "999:wrong",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/FAIL telegram/);
    expect(result.stderr).toContain("nothing written: 1 check failed");
    expect(result.stderr).not.toContain("999:wrong");
    await expect(stat(join(home, "config.json"))).rejects.toThrow(/ENOENT/);
  });

  it("--yes writes nothing for a base URL without http://, saying in one line the URL it probably means", async () => {
    const result = await init(["--yes", "--no-verify", "--base-url", "localhost:11434"], base());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'skein: --base-url: "localhost:11434" is not a URL: it needs http:// or https://, e.g. "http://localhost:11434/v1"\n',
    );
    await expect(stat(join(home, "config.json"))).rejects.toThrow(/ENOENT/);
  });

  it("keeps the other keys of an existing config.json (saving the old one) and never overwrites a workspace file", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ log_level: "debug" }));
    await mkdir(join(home, "workspace"), { recursive: true });
    await writeFile(join(home, "workspace", "SOUL.md"), "my own soul\n");
    const result = await init(["--yes", "--no-verify"], { ...base(), OPENAI_API_KEY: "sk-x" });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("created AGENTS.md, USER.md, memory/MEMORY.md; kept SOUL.md");
    expect(await readConfig()).toMatchObject({ log_level: "debug", providers: { openai: { api_key: "sk-x" } } });
    expect(await readFile(join(home, "config.json.bak"), "utf8")).toBe(JSON.stringify({ log_level: "debug" }));
    expect(await readFile(join(home, "workspace", "SOUL.md"), "utf8")).toBe("my own soul\n");
  });

  it("keeps the comments and trailing commas of an existing config.json when it writes the answers into it", async () => {
    const commented = [
      "{",
      "  // debug while we set things up",
      '  "log_level": "debug",',
      "  /* the model, set by skein init */",
      '  "agents": { "defaults": { "model": "old-model" } },',
      "}",
      "",
    ].join("\n");
    await writeFile(join(home, "config.json"), commented);
    const result = await init(["--yes", "--no-verify", "--model", "new-model"], { ...base(), OPENAI_API_KEY: "sk-x" });
    expect(result.code).toBe(0);
    const written = await readFile(join(home, "config.json"), "utf8");
    expect(written).toContain("  // debug while we set things up\n");
    expect(written).toContain("  /* the model, set by skein init */\n");
    expect(written).toContain('"model": "new-model"');
    expect(written).toContain('"api_key": "sk-x"');
    expect(await readFile(join(home, "config.json.bak"), "utf8")).toBe(commented);
    const check = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        [cliPath, "config", "check"],
        { cwd: home, env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home } },
        (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
      ),
    );
    expect(check, "skein reads the file it wrote, comments and all").not.toMatch(
      /not valid JSON|invalid configuration/,
    );
  });

  it("asks its questions, checks each answer like doctor, and writes the answers", async () => {
    const answers = [model.baseUrl, "sk-typed", "typed-model", telegram.token, "111, @owner", "", "", ""];
    const result = await init([], base(), `${answers.join("\n")}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("Model endpoint (OpenAI-compatible base URL) [https://api.openai.com/v1]:");
    expect(result.stderr).toMatch(/^(ok |warn) llm .*answers/m);
    expect(result.stderr).toMatch(/ok {3}telegram/);
    expect(result.stderr).not.toContain("sk-typed");
    expect(await readConfig()).toEqual({
      agents: { defaults: { model: "typed-model" } },
      providers: { openai: { base_url: model.baseUrl, api_key: "sk-typed" } },
      channels: { telegram: { token: telegram.token, allow_from: ["111", "@owner"] } },
    });
  });

  it("offers a local Ollama when no model is configured and one answers, and writes it as the model", async () => {
    const ollama = createServer((request, response) => {
      if (request.url === "/api/tags") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ models: [{ name: "llama3.2:3b" }, { name: "qwen3:8b" }] }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => ollama.listen(0, "127.0.0.1", resolve));
    try {
      const address = `127.0.0.1:${(ollama.address() as AddressInfo).port}`;
      const result = await init(["--no-verify"], { ...base(), OLLAMA_HOST: address }, "y\n\n\n\n\n\n");
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`A local Ollama answers at http://${address} (models: llama3.2:3b, qwen3:8b)`);
      expect(result.stderr).not.toContain("Model endpoint");
      expect(await readConfig()).toEqual({
        agents: { defaults: { model: "ollama/llama3.2:3b" } },
        providers: { ollama: { base_url: `http://${address}` } },
      });
    } finally {
      await new Promise<void>((resolve) => ollama.close(() => resolve()));
    }
  });

  it("writes nothing when its input ends before the questions do", async () => {
    const result = await init([], base(), "http://localhost:11434/v1\n");
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("init cancelled: nothing written");
    await expect(stat(join(home, "config.json"))).rejects.toThrow(/ENOENT/);
  });

  it.skipIf(!terminalAvailable)("does not echo the API key or a token typed in a terminal", async () => {
    const tty = inPseudoTerminal([process.execPath, cliPath, "init", "--no-verify"], {
      cwd: home,
      env: { ...base(), TERM: "xterm" },
    });
    const answer = async (question: string, text: string) => {
      await tty.waitFor(question);
      tty.type(`${text}\r`);
    };
    await answer("base URL", model.baseUrl);
    await answer("API key", "sk-typed-secret");
    await answer("Model [", "m1");
    await answer("telegram token", "123:typed-token");
    await answer("allow_from", "111");
    for (const question of ["slack bot_token", "slack app_token", "discord token"]) await answer(question, "");
    expect(await tty.exited).toBe(0);
    expect(tty.text()).not.toContain("sk-typed-secret");
    expect(tty.text()).not.toContain("123:typed-token");
    expect(await readConfig()).toMatchObject({
      providers: { openai: { api_key: "sk-typed-secret" } },
      channels: { telegram: { token: "123:typed-token", allow_from: ["111"] } },
    });
  });
});
