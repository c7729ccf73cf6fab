import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { type FakeChat, FakeTelegram, type FakeUser, fakeBot } from "../../fakes/fake-telegram.js";
import { type SkeinProcess, spawnSkein } from "../../support/skein-process.js";
import { alice, group } from "./harness.js";

const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };

describe("skein start, the built CLI, answering chat commands addressed to it by name in a Telegram group", () => {
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let home: string;
  let skein: SkeinProcess;

  beforeAll(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-group-commands-"));
    const config = {
      providers: { backup: { base_url: model.baseUrl, api_key: "sk-backup" } },
      agents: { defaults: { model: "main-model", fallbacks: ["backup/fb-model"] } },
    };
    await writeFile(join(home, "config.json"), JSON.stringify(config));
    skein = spawnSkein(["start"], {
      cwd: home,
      env: {
        HOME: home,
        SKEIN_HOME: home,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: String(alice.id),
        OPENAI_BASE_URL: model.baseUrl,
        OPENAI_API_KEY: "sk-test",
      },
    });
    await telegram.waitForCall("getUpdates");
  });
  afterAll(async () => {
    await skein?.stop();
    await telegram.close();
    await model.close();
    await rm(home, { recursive: true, force: true });
  });
  beforeEach(() => {
    telegram.sent.length = 0;
  });

  /** Sends a message as a Telegram client does: a leading `/command` or `/command@bot` is a bot_command entity. */
  function command(chat: FakeChat, from: FakeUser, text: string): void {
    const length = /^\/\S+/.exec(text)?.[0].length ?? 0;
    telegram.userMessage(chat, from, text, { entities: [{ type: "bot_command", offset: 0, length }] });
  }

  /** Sends `text` as Alice in the group and resolves with the text of the bot's next message. */
  async function ask(text: string, entities = true): Promise<string> {
    const count = telegram.sent.length;
    if (entities) command(group, alice, text);
    else
      telegram.userMessage(group, alice, text, {
        entities: [{ type: "mention", offset: 0, length: fakeBot.username!.length + 1 }],
      });
    const sent = await telegram.waitForSent(count + 1);
    return sent[count]!.visibleText;
  }

  it("switches the model on /model@<botname> from an allowed sender, without asking the model", async () => {
    const modelCalls = model.requests.length;
    expect(await ask(`/model@${fakeBot.username} backup/fb-model`)).toBe("This conversation now uses backup/fb-model.");
    expect(model.requests).toHaveLength(modelCalls);

    await ask(`@${fakeBot.username} which model?`, false);
    expect(model.requests.at(-1)?.body.model).toBe("fb-model");
  });

  it("takes /model@<botname> from a client that sends no entities", async () => {
    const count = telegram.sent.length;
    telegram.userMessage(group, alice, `/model@${fakeBot.username} default`);
    const sent = await telegram.waitForSent(count + 1);
    expect(sent[count]!.visibleText).toBe("This conversation uses the default model again (main-model).");
    expect(await ask(`/model@${fakeBot.username} backup/fb-model`)).toBe("This conversation now uses backup/fb-model.");
  });

  it("answers /help@<botname>, /usage@<botname> and /start@<botname> itself, the bot's name in any case", async () => {
    const modelCalls = model.requests.length;
    expect(await ask(`/help@${fakeBot.username!.toUpperCase()}`)).toContain("/model — show or switch the model");
    expect(await ask(`/usage@${fakeBot.username}`)).toContain("Usage (UTC days):");
    expect(await ask(`/start@${fakeBot.username}`)).toContain("/new — start a fresh conversation");
    expect(model.requests).toHaveLength(modelCalls);
  });

  it("starts a fresh conversation on /new@<botname>", async () => {
    expect(await ask(`/new@${fakeBot.username}`)).toBe("Started a fresh conversation. The previous one is archived.");
  });

  it("ignores a command addressed to another bot, and a stranger's /model@<botname>", async () => {
    const modelCalls = model.requests.length;
    command(group, alice, "/model@other_bot default");
    command(group, bob, `/model@${fakeBot.username} default`);
    // Messages of one chat are handled in order: this answer comes after the two above were dealt with.
    expect(await ask(`/model@${fakeBot.username}`)).toContain("Model: backup/fb-model");
    expect(telegram.sent).toHaveLength(1);
    expect(model.requests).toHaveLength(modelCalls);
  });
});
