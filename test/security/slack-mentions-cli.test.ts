import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { postSignedEvent } from "../fakes/slack-requests.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

let slack: FakeSlack;
let model: FakeOpenAI;
let home: string;
let skein: SkeinProcess;
let port: number;

beforeAll(async () => {
  slack = await FakeSlack.start();
  model = await FakeOpenAI.start();
  home = await mkdtemp(join(tmpdir(), "skein-slack-mentions-"));
  skein = spawnSkein(["start"], {
    cwd: home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_SIGNING_SECRET: "mentions-secret",
      SLACK_PORT: "0",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: "*",
    },
  });
  await skein.waitFor('"msg":"skein ready"');
  const listening = skein
    .stderr()
    .split("\n")
    .map((line) => (line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : {}))
    .find((line) => line.channel === "slack" && line.mode === "http");
  port = Number(listening?.port);
});
afterAll(async () => {
  await skein.stop();
  await slack.close();
  await model.close();
  await rm(home, { recursive: true, force: true });
});

describe("Slack output from model text, the built CLI", () => {
  it("never pings a channel, a user group or a user: [everyone](!channel) reaches Slack harmless", async () => {
    model.reply({
      content:
        "[everyone](!channel) ![x](!here) [all](!everyone) [team](!subteam^S123) [boss](@U999) <!channel> and [docs](https://example.com)",
    });
    const event = { type: "app_mention", user: "UALICE", text: "<@UBOT> status?", ts: slack.nextTs(), channel: "C1" };
    await postSignedEvent(`http://127.0.0.1:${port}/slack/events`, "mentions-secret", slack.eventCallback(event));
    // The reply streams: every text the message showed is checked, and what it finally shows.
    const [message] = await slack.waitForMessages(1);
    while (!message!.text.includes("<https://example.com|docs>"))
      await slack.waitForCalls("chat.update", slack.callsTo("chat.update").length + 1);
    for (const shown of message!.history) expect(shown.text).not.toMatch(/<[!@]/);
    const text = message!.text;
    expect(text).toContain("everyone (!channel)");
    expect(text).toContain("<https://example.com|docs>");
  });
});
