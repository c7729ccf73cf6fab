import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { browserMissing, launchBrowser, openPage, type TestBrowser } from "../support/browser.js";
import { cliPath } from "../support/cli-path.js";
import { hasScript, inPseudoTerminal, type PseudoTerminal } from "../support/pseudo-terminal.js";

/**
 * The first run as the README tells it, through the built CLI: a model key and nothing else, `skein start` on a
 * terminal, the link it prints opened in Chromium, a message in the web chat answered, then `skein stop`. One
 * daemon for the file.
 */
const run = promisify(execFile);
const missing = browserMissing() ?? ((await hasScript()) ? undefined : "no `script` (util-linux) for a terminal");

describe.skipIf(missing)(`the first run with only a model${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let home: string;
  let model: FakeOpenAI;
  let env: Record<string, string>;
  let daemon: PseudoTerminal;
  let browser: TestBrowser;

  beforeAll(async () => {
    [home, model, browser] = await Promise.all([
      mkdtemp(join(tmpdir(), "skein-first-run-")),
      FakeOpenAI.start(),
      launchBrowser(),
    ]);
    env = {
      PATH: process.env.PATH ?? "",
      HOME: home,
      SKEIN_HOME: home,
      TERM: "dumb",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-first-run",
      SKEIN_HEALTH_PORT: "0",
    };
    daemon = inPseudoTerminal([process.execPath, cliPath, "start"], { env, cwd: home });
  }, 60_000);

  afterAll(async () => {
    if (daemon?.child.exitCode === null) daemon.child.kill("SIGKILL");
    await daemon?.exited;
    await browser?.close();
    await model?.close();
    await rm(home, { recursive: true, force: true });
  });

  it("prints a one-time login link, that no chat platform is configured and how to add one, and how to stop", async () => {
    await daemon.waitFor("`skein stop` (or Ctrl-C here) stops it.", 0, 45_000);
    const shown = daemon.text();
    expect(shown).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\?token=\S+$/m);
    expect(shown).toContain("No chat platform is configured, so the dashboard's web chat is the only channel");
    expect(shown).toMatch(/run `skein init`, or set TELEGRAM_BOT_TOKEN, SLACK_BOT_TOKEN .* or DISCORD_BOT_TOKEN/);
  });

  it("answers a message in the web chat of the dashboard the link opens, in Chromium", async () => {
    const link = /^(http:\/\/127\.0\.0\.1:\d+\/login\?token=\S+)$/m.exec(daemon.text())![1]!;
    const { page } = browser;
    await page.goto(link);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await openPage(page, "Chat");
    await page.getByLabel("Message").fill("hello on the first run");
    await page.getByRole("button", { name: "Send" }).click();
    // The streamed preview gives way to the transcript's message: the reply ends up shown once, in the transcript.
    await page.locator("ol").getByText("echo: hello on the first run").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText("echo: hello on the first run").count()).toBe(1);
    expect(model.callsAbout("hello on the first run")).toBe(1);
  });

  it("stops on `skein stop`, as on SIGTERM, and `skein stop` again says nothing runs", async () => {
    const stopped = await run(process.execPath, [cliPath, "stop"], { env, cwd: home });
    expect(stopped.stderr).toMatch(/^skein \(pid \d+\) is stopping/m);
    expect(stopped.stderr).toMatch(/^skein stopped$/m);
    expect(await daemon.exited).toBe(0);
    expect(daemon.text()).toContain("skein stopped");

    const again = await run(process.execPath, [cliPath, "stop"], { env, cwd: home });
    expect(again.stderr).toBe(`skein is not running (no daemon serves ${home})\n`);
  });
});
