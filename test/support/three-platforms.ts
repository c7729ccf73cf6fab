import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALICE, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { type FakeChat, FakeTelegram, type FakeUser } from "../fakes/fake-telegram.js";
import { postSignedEvent } from "../fakes/slack-requests.js";
import { type SkeinProcess, spawnSkein } from "./skein-process.js";
import { waitUntil } from "./wait-until.js";

/** The secrets of the daemon started by {@link startThreePlatforms}: its model key and its bot tokens. */
export const daemonSecrets = {
  openaiKey: "sk-proj-Q3xT9vLm27KpWz84RbNc5YdA",
  telegramToken: "7715043361:AAH9xKq2LmNvB4tRw8ZpYc3sDf6GhJk1",
  slackToken: "xoxb-5523-88194-Hq7LmZ2xWvK9pT",
  slackSigningSecret: "8f3a9c2e7b1d4f60a5e8c3b7d2f1e9a4",
  discordToken: "MTE3NzQ1.GhX2pq.Kz8wLm4RtY7vNb3QsD9cFj6HaE",
};

const aliceOnTelegram: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
const aliceTelegramChat: FakeChat = { id: 111, type: "private" };

/** Every text the bot sent or showed on one platform, with the request that carried it. */
export interface OutgoingText {
  request: string;
  text: string;
}

/**
 * `skein start` (the built CLI) serving Telegram, Slack (Events API over HTTP) and Discord at
 * once, each on its wire-protocol fake, with one fake model; Alice is allowed on each. The
 * model key and the bot tokens are {@link daemonSecrets}.
 */
export async function startThreePlatforms() {
  const home = await mkdtemp(join(tmpdir(), "skein-three-platforms-"));
  const telegram = await FakeTelegram.start(daemonSecrets.telegramToken);
  const slack = await FakeSlack.start({ users: { UALICE: { name: "alice" } } });
  const discord = await FakeDiscord.start({ token: daemonSecrets.discordToken });
  const model = await FakeOpenAI.start();
  const skein: SkeinProcess = spawnSkein(["start"], {
    cwd: home,
    env: {
      HOME: home,
      SKEIN_HOME: home,
      SKEIN_LOG_LEVEL: "info",
      OPENAI_API_KEY: daemonSecrets.openaiKey,
      OPENAI_BASE_URL: model.baseUrl,
      TELEGRAM_BOT_TOKEN: daemonSecrets.telegramToken,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: String(aliceOnTelegram.id),
      SLACK_BOT_TOKEN: daemonSecrets.slackToken,
      SLACK_SIGNING_SECRET: daemonSecrets.slackSigningSecret,
      SLACK_PORT: "0",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: "UALICE",
      DISCORD_BOT_TOKEN: daemonSecrets.discordToken,
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_ALLOW_FROM: ALICE.id,
    },
  });
  const ready = await skein.waitForLine("skein ready", 30_000);
  const slackPort = skein
    .stderr()
    .split("\n")
    .slice(0, -1)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.channel === "slack" && line.mode === "http")?.port;
  let slackTs = 0;
  const answered = () => skein.stderr().split('"msg":"answered"').length - 1;

  return {
    model,
    telegram,
    slack,
    discord,
    skein,
    ready,
    /** Alice writes the same direct message on each platform; resolves once all three are answered. */
    async askEverywhere(text: string): Promise<void> {
      const before = answered();
      telegram.userMessage(aliceTelegramChat, aliceOnTelegram, text);
      const ts = `${Math.floor(Date.now() / 1000)}.${String(++slackTs).padStart(6, "0")}`;
      const event = { type: "message", channel_type: "im", channel: "D1", user: "UALICE", text, ts };
      const response = await postSignedEvent(
        `http://127.0.0.1:${String(slackPort)}/slack/events`,
        daemonSecrets.slackSigningSecret,
        slack.eventCallback(event),
      );
      if (response.status !== 200) throw new Error(`the Slack event was answered ${response.status}`);
      discord.dm(text);
      await waitUntil(() => answered() >= before + 3, "the three messages are answered", 60_000);
      // The log line comes once the reply is delivered; the fakes have recorded it by then.
    },
    /** Every text sent to each platform: messages posted and every edit of them, in order. */
    outgoing(): Record<"telegram" | "slack" | "discord", OutgoingText[]> {
      return {
        telegram: telegram.calls
          .filter((call) => call.method === "sendMessage" || call.method === "editMessageText")
          .map((call) => ({ request: call.method, text: String(call.payload.text) })),
        slack: slack.calls
          .filter((call) => call.method === "chat.postMessage" || call.method === "chat.update")
          .map((call) => ({ request: call.method, text: String(call.params.text) })),
        discord: [
          ...discord.sent.map((sent) => ({ request: "POST", text: String(sent.body.content) })),
          ...discord.edits.map((edit) => ({ request: "PATCH", text: String(edit.body.content) })),
        ],
      };
    },
    async close() {
      await skein.stop();
      await Promise.all([telegram.close(), slack.close(), discord.close(), model.close()]);
      await rm(home, { recursive: true, force: true });
    },
  };
}
