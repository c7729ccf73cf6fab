import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { FakeCredentials } from "../fakes/fake-credentials.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { refusedPort } from "../fakes/refused-port.js";
import { cliPath } from "../support/cli-path.js";

const tokens = {
  telegram: "123:good-telegram-token",
  slackBot: "xoxb-good",
  slackApp: "xapp-good",
  discord: "good.discord.token",
};

let llm: FakeOpenAI;
let platforms: FakeCredentials;
let home: string;

beforeAll(async () => {
  [llm, platforms, home] = await Promise.all([
    FakeOpenAI.start(),
    FakeCredentials.start(tokens),
    mkdtemp(join(tmpdir(), "skein-doctor-cli-")),
  ]);
  await mkdir(join(home, "workspace"));
});
afterAll(async () => {
  await Promise.all([llm.close(), platforms.close(), rm(home, { recursive: true, force: true })]);
});

/** Runs the built `skein doctor` with only the variables given (cwd has no .env). */
function doctor(env: Record<string, string>) {
  return execa(process.execPath, [cliPath, "doctor"], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, ...env },
    extendEnv: false,
    reject: false,
  });
}

describe("the built skein doctor", () => {
  it("passes against working fakes and exits 0", async () => {
    const result = await doctor({
      OPENAI_API_KEY: "sk-good",
      OPENAI_BASE_URL: llm.baseUrl,
      SKEIN_MODEL: "fake-model",
      TELEGRAM_BOT_TOKEN: tokens.telegram,
      TELEGRAM_API_ROOT: platforms.telegramApiRoot,
    });
    expect(result.stdout).toMatch(/^ok {3}telegram +token accepted: @skein_test_bot/m);
    expect(result.stdout).toContain("all 6 checks passed");
    expect(result.exitCode).toBe(0);
  });

  it("prints every failing check (wrong token, unreachable LLM, missing workspace) and exits non-zero", async () => {
    const refused = await refusedPort();
    onTestFinished(refused.release);
    const deadLlm = `http://127.0.0.1:${refused.port}/v1`;
    const result = await doctor({
      OPENAI_API_KEY: "sk-good",
      OPENAI_BASE_URL: deadLlm,
      SKEIN_WORKSPACE: join(home, "missing"),
      TELEGRAM_BOT_TOKEN: "123:wrong-telegram-token",
      TELEGRAM_API_ROOT: platforms.telegramApiRoot,
    });
    expect(result.exitCode).toBe(1);
    const failing = result.stdout.split("\n").filter((line) => line.startsWith("FAIL"));
    expect(failing).toEqual([
      `FAIL workspace     ${join(home, "missing")} does not exist`,
      `FAIL llm           ${deadLlm} is unreachable (ECONNREFUSED)`,
      "FAIL telegram      getMe rejected the token (HTTP 401: Unauthorized)",
    ]);
    expect(result.stdout).toMatch(/6 checks: \d passed, (\d warnings?, )?3 failed/);
    expect(result.stdout).not.toContain("wrong-telegram-token");
  });
});
