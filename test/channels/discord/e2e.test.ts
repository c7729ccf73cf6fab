import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, DM_CHANNEL_ID, FakeDiscord } from "../../fakes/fake-discord.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { type SkeinProcess, spawnSkein } from "../../support/skein-process.js";

let home: string;
let discord: FakeDiscord;
let openai: FakeOpenAI;
let daemon: SkeinProcess | undefined;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-discord-e2e-"));
  discord = await FakeDiscord.start();
  openai = await FakeOpenAI.start();
});

afterAll(async () => {
  await daemon?.stop();
  await discord?.close();
  await openai?.close();
  await rm(home, { recursive: true, force: true });
});

describe("skein start with Discord configured", () => {
  it("serves a Discord DM end to end", async () => {
    daemon = spawnSkein(["start"], {
      cwd: home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        SKEIN_LOG_LEVEL: "info",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: openai.baseUrl,
        DISCORD_BOT_TOKEN: "test-token",
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_ALLOW_FROM: ALICE.id,
      },
    });
    const running = daemon;
    const exited = running.exited.then((code) => {
      throw new Error(`skein start exited with ${String(code)}:\n${running.stderr()}`);
    });
    exited.catch(() => undefined); // also when it exits at afterAll's SIGTERM, after the race

    await daemon.waitFor("discord connected");
    discord.dm("ping from Discord");
    const [reply] = await Promise.race([discord.waitForSent(1), exited]);
    expect(reply).toMatchObject({
      channelId: DM_CHANNEL_ID,
      body: { content: expect.stringMatching(/^echo: .*ping from Discord/) },
    });
    expect(openai.completions).toHaveLength(1);
  });
});
