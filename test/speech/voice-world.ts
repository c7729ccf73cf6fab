import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALICE, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { type FakeChat, FakeTelegram, type FakeUser } from "../fakes/fake-telegram.js";
import { postSignedEvent } from "../fakes/slack-requests.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";
import { waitUntil } from "../support/wait-until.js";

/**
 * `skein start` (the built CLI) on Telegram, Slack (Events API over HTTP) and Discord, each on its
 * wire-protocol fake, with one fake OpenAI serving chat, transcription and speech. Speech goes to the
 * provider `voice` (the same fake, its own key and a 3 s timeout); `tts` is `inbound` at the top level,
 * and the agent `talker`, which answers on Slack and Discord, has its own `tts` (`always`, voice `nova`).
 */

export const SPEECH_KEY = "sk-voice-9Kq2LmZ7";
const SIGNING_SECRET = "8f3a9c2e7b1d4f60a5e8c3b7d2f1e9a4";
const DISCORD_TOKEN = "MTE3NzQ1.GhX2pq.Kz8wLm4RtY7vNb3QsD9cFj6HaE";
/** Telegram senders, each alone in a private chat of the same id. */
export const TELEGRAM_IDS = [111, 222, 333, 444, 555, 666, 777, 888, 999] as const;

export function telegramPerson(id: number): { user: FakeUser; chat: FakeChat } {
  return { user: { id, first_name: `P${id}`, username: `p${id}` }, chat: { id, type: "private" } };
}

/** The config of the world's daemon. */
function configOf(model: FakeOpenAI): Record<string, unknown> {
  return {
    providers: {
      openai: {},
      voice: {
        base_url: model.baseUrl,
        api_key: SPEECH_KEY,
        timeout: 3,
        prices: { "gpt-4o-mini-tts": { per_1m_chars: 12 } },
      },
    },
    tts: { mode: "inbound", provider: "voice" },
    agents: { list: [{ id: "main" }, { id: "talker", tts: { mode: "always", voice: "nova" } }] },
    bindings: [
      { agent: "talker", match: { channel: "slack" } },
      { agent: "talker", match: { channel: "discord" } },
    ],
  };
}

export async function startVoiceWorld() {
  const home = await mkdtemp(join(tmpdir(), "skein-voice-"));
  const telegram = await FakeTelegram.start();
  const slack = await FakeSlack.start({ users: { UALICE: { name: "alice" } } });
  const discord = await FakeDiscord.start({ token: DISCORD_TOKEN });
  const model = await FakeOpenAI.start();
  await writeFile(join(home, "config.json"), JSON.stringify(configOf(model)));
  /** What the model answers a user message containing each key (else an echo). */
  const answers = new Map<string, string>();
  model.respondWith((request: FakeRequest) => {
    const said = spokenText(request.body.messages.findLast((message) => message.role === "user")?.content);
    const key = [...answers.keys()].find((candidate) => said.includes(candidate));
    return { content: key === undefined ? `echo: ${said}` : answers.get(key)! };
  });
  const env = {
    HOME: home,
    SKEIN_HOME: home,
    SKEIN_LOG_LEVEL: "info",
    OPENAI_API_KEY: "sk-chat-test",
    OPENAI_BASE_URL: model.baseUrl,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_ALLOW_FROM: TELEGRAM_IDS.join(","),
    SLACK_BOT_TOKEN: "xoxb-5523-88194-Hq7LmZ2xWvK9pT",
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_PORT: "0",
    SLACK_API_URL: slack.apiUrl,
    SLACK_ALLOW_FROM: "UALICE",
    DISCORD_BOT_TOKEN: DISCORD_TOKEN,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_ALLOW_FROM: ALICE.id,
  };
  let skein: SkeinProcess = spawnSkein(["start"], { cwd: home, env });
  await skein.waitForLine("skein ready");
  let slackTs = 0;
  let fileCount = 0;

  const logLines = () =>
    skein
      .stderr()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const answeredIn = (chatId: string) =>
    logLines().filter((line) => line.msg === "answered" && line.chatId === chatId).length;
  /** Waits for `count` answers in `chatId` (the log line comes once the replies, voice included, are out). */
  const answered = (chatId: string, count: number) =>
    waitUntil(() => answeredIn(chatId) >= count, `${count} answers in chat ${chatId}`, 30_000);

  return {
    home,
    telegram,
    slack,
    discord,
    model,
    answers,
    get skein() {
      return skein;
    },
    logLines,
    answered,
    answeredIn,
    /** A person writes `text` to the bot on Telegram; resolves once it is answered. */
    async typeOnTelegram(id: number, text: string): Promise<void> {
      const { user, chat } = telegramPerson(id);
      const before = answeredIn(String(id));
      telegram.userMessage(chat, user, text);
      await answered(String(id), before + 1);
    },
    /** A person sends a voice note saying `transcript` on Telegram; resolves once it is answered (unless `wait` is false). */
    async voiceOnTelegram(id: number, transcript: string, wait = true): Promise<void> {
      const { user, chat } = telegramPerson(id);
      const before = answeredIn(String(id));
      model.transcript = transcript;
      const file = telegram.addFile(Buffer.from("OggS a voice note"), { path: `voice/file_${++fileCount}.oga` });
      telegram.userMessage(chat, user, undefined, { voice: { ...file, duration: 2, mime_type: "audio/ogg" } });
      if (wait) await answered(String(id), before + 1);
    },
    /** A command as a Telegram client sends it (a bot_command entity); resolves with the bot's answer. */
    async commandOnTelegram(chat: FakeChat, from: FakeUser, text: string): Promise<string> {
      const count = telegram.sent.length;
      const length = /^\/\S+/.exec(text)?.[0].length ?? 0;
      telegram.userMessage(chat, from, text, { entities: [{ type: "bot_command", offset: 0, length }] });
      const sent = await telegram.waitForSent(count + 1);
      return sent.slice(count).find((message) => message.chat_id === chat.id)!.visibleText;
    },
    /** Alice mentions the bot in Slack channel C1; resolves with the thread (the mention's ts) once answered. */
    async mentionOnSlack(text: string): Promise<string> {
      const port = logLines().find((line) => line.channel === "slack" && line.mode === "http")?.port;
      const ts = `${Math.floor(Date.now() / 1000)}.${String(++slackTs).padStart(6, "0")}`;
      const before = answeredIn("C1");
      const event = { type: "app_mention", channel: "C1", user: "UALICE", text: `<@${slack.botUserId}> ${text}`, ts };
      const response = await postSignedEvent(
        `http://127.0.0.1:${String(port)}/slack/events`,
        SIGNING_SECRET,
        slack.eventCallback(event),
      );
      if (response.status !== 200) throw new Error(`the Slack event was answered ${response.status}`);
      await answered("C1", before + 1);
      return ts;
    },
    /** Alice writes to the bot in a Discord DM; resolves once answered. */
    async dmOnDiscord(text: string, chatId: string): Promise<void> {
      const before = answeredIn(chatId);
      discord.dm(text);
      await answered(chatId, before + 1);
    },
    /** The texts a Telegram chat shows now, one per message the bot sent there (edits applied). */
    shownOnTelegram(chatId: number): string[] {
      return telegram.sent
        .filter((message) => message.chat_id === chatId)
        .map((message) => telegram.shownText(chatId, message.message_id) ?? "");
    },
    /** Usage records of today's file. */
    async usageRecords(): Promise<Array<Record<string, unknown>>> {
      const dir = join(home, "usage");
      const files = await readdir(dir).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => readFile(join(dir, file), "utf8")));
      return texts.flatMap((text) =>
        text
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
    },
    /** SIGKILLs the daemon and starts it again on the same home. */
    async killAndRestart(): Promise<void> {
      skein.child.kill("SIGKILL");
      await skein.exited;
      skein = spawnSkein(["start"], { cwd: home, env });
      await skein.waitForLine("skein ready");
    },
    async close(): Promise<void> {
      await skein.stop();
      await Promise.all([telegram.close(), slack.close(), discord.close(), model.close()]);
      await rm(home, { recursive: true, force: true });
    },
  };
}
