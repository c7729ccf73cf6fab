import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeTelegram } from "../../fakes/fake-telegram.js";
import { cliPath } from "../../support/cli-path.js";
import { alice, aliceChat, mallory, malloryChat } from "./harness.js";

const run = promisify(execFile);

describe("skein start, the built CLI, serving Telegram", () => {
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let home: string;
  let daemon: ChildProcess;
  let stderr = "";
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-telegram-cli-"));
    env = {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: String(alice.id),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
    };
    daemon = spawn(process.execPath, [cliPath, "start"], { env, cwd: home, stdio: ["ignore", "ignore", "pipe"] });
    daemon.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await telegram.waitForCall("getUpdates");
  });
  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await telegram.close();
    await model.close();
    await rm(home, { recursive: true, force: true });
  });

  it("answers a direct message end to end", async () => {
    telegram.userMessage(aliceChat, alice, "hello from Telegram");
    const [reply] = await telegram.waitForSent(1);
    expect(reply).toMatchObject({
      chat_id: aliceChat.id,
      visibleText: "echo: hello from Telegram",
      parse_mode: "HTML",
    });
  });

  it("pairs a stranger approved with `skein pairing approve`, without a restart", async () => {
    telegram.userMessage(malloryChat, mallory, "hi?");
    const [, pairing] = await telegram.waitForSent(2);
    const code = /pairing code is ([A-Z0-9]{8})/.exec(pairing!.visibleText)?.[1];
    expect(code).toBeDefined();

    const listed = await run(process.execPath, [cliPath, "pairing", "list"], { env, cwd: home });
    expect(listed.stdout).toContain(`telegram  ${code}  ${mallory.id} (@mallory, Mallory)`);
    const approved = await run(process.execPath, [cliPath, "pairing", "approve", "telegram", code!], {
      env,
      cwd: home,
    });
    expect(approved.stdout).toContain(`Approved ${mallory.id}`);

    telegram.userMessage(malloryChat, mallory, "and now?");
    const [, , answer] = await telegram.waitForSent(3);
    expect(answer).toMatchObject({ chat_id: malloryChat.id, visibleText: "echo: and now?" });
  });

  it("tells a sender revoked with `skein pairing revoke` how to pair again, though they got a pairing reply before", async () => {
    const revoked = await run(process.execPath, [cliPath, "pairing", "revoke", "telegram", String(mallory.id)], {
      env,
      cwd: home,
    });
    expect(revoked.stdout).toContain(`Revoked ${mallory.id}`);

    telegram.userMessage(malloryChat, mallory, "still there?");
    const [, , , again] = await telegram.waitForSent(4);
    expect(again).toMatchObject({ chat_id: malloryChat.id });
    expect(again!.visibleText).toMatch(/pairing code is [A-Z0-9]{8}/);
  });

  it("exits cleanly on SIGTERM, confirming the updates it handled, and never logs the token", async () => {
    const exited = new Promise<number | null>((resolve) => daemon.once("exit", resolve));
    daemon.kill("SIGTERM");
    expect(await exited).toBe(0);
    const last = telegram.callsOf("getUpdates").at(-1)!;
    expect(last.payload).toMatchObject({ limit: 1 });
    expect(stderr).toContain("receiving as @skein_test_bot");
    expect(stderr).not.toContain(telegram.token.split(":")[1]);
  });
});
