import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { FakeTelegram } from "../../fakes/fake-telegram.js";
import { postSignedEvent } from "../../fakes/slack-requests.js";
import { type SkeinProcess, spawnSkein } from "../../support/skein-process.js";

let slack: FakeSlack;
let openai: FakeOpenAI;
let home: string;
let skein: SkeinProcess | undefined;

/** Runs `skein start` and resolves with its parsed log line saying it is ready, and the lines before it. */
async function startSkein(
  env: Record<string, string>,
): Promise<{ ready: Record<string, unknown>; lines: Array<Record<string, unknown>> }> {
  skein = spawnSkein(["start"], {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      SKEIN_HOME: home,
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: "sk-test",
      ...env,
    },
  });
  await skein.waitFor('"msg":"skein ready"');
  // Complete lines only: the chunk with the ready line may end inside the next one.
  const lines = skein
    .stderr()
    .split("\n")
    .slice(0, -1)
    .map((text) => JSON.parse(text) as Record<string, unknown>);
  return { ready: lines.find((line) => line.msg === "skein ready")!, lines };
}

async function stopSkein(): Promise<number | null> {
  const running = skein;
  skein = undefined;
  return (await running?.stop()) ?? null;
}

beforeEach(async () => {
  slack = await FakeSlack.start();
  openai = await FakeOpenAI.start();
  home = await mkdtemp(join(tmpdir(), "skein-slack-cli-"));
});

afterEach(async () => {
  await stopSkein();
  await slack.close();
  await openai.close();
  await rm(home, { recursive: true, force: true });
});

describe("skein start with Slack, the built CLI", () => {
  it("serves a channel mention over the HTTP Events API end to end, answering in the thread", async () => {
    const { lines } = await startSkein({
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_SIGNING_SECRET: "cli-secret",
      SLACK_PORT: "0",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: "*",
    });
    const port = lines.find((line) => line.channel === "slack" && line.mode === "http")?.port;
    expect(port, "the Slack Events API logs the port it bound").toEqual(expect.any(Number));
    openai.reply({ content: "It is **all** fine." });

    const ts = slack.nextTs();
    const event = { type: "app_mention", user: "UALICE", text: "<@UBOT> how are things?", ts, channel: "C1" };
    const response = await postSignedEvent(
      `http://127.0.0.1:${port}/slack/events`,
      "cli-secret",
      slack.eventCallback(event),
    );
    expect(response.status).toBe(200);

    const [posted] = await slack.waitForCalls("chat.postMessage", 1);
    expect(posted).toMatchObject({ channel: "C1", thread_ts: ts, text: "It is *all* fine." });
    expect(openai.requests.at(-1)?.body.messages.at(-1)?.content).toContain("how are things?");
    expect(await stopSkein()).toBe(0);
  });

  it("reports a bad Slack token clearly and keeps the daemon and its other channels running", async () => {
    slack.invalidTokens.add("xoxb-revoked");
    const telegram = await FakeTelegram.start();
    onTestFinished(() => telegram.close());
    const { ready, lines } = await startSkein({
      SLACK_BOT_TOKEN: "xoxb-revoked",
      SLACK_SIGNING_SECRET: "cli-secret",
      SLACK_PORT: "0",
      SLACK_API_URL: slack.apiUrl,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });

    expect(ready).toMatchObject({ channels: { telegram: "connected", slack: "failed" }, failed: ["slack"] });
    const failure = lines.find((line) => line.channel === "slack" && line.level === 50);
    expect(String(failure?.msg)).toMatch(/Slack rejected the bot token \(SLACK_BOT_TOKEN\).*invalid_auth/);
    expect(lines.filter((line) => String(line.msg).includes("unhandled promise rejection"))).toEqual([]);
    expect(await stopSkein()).toBe(0);
  });
});
